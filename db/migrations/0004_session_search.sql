CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "chat_sessions_public_id_trgm_idx" ON "chat_sessions" USING gin ("public_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chat_sessions_user_ip_trgm_idx" ON "chat_sessions" USING gin ("user_ip" gin_trgm_ops);