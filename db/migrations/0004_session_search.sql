CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "chat_sessions_client_last_idx";--> statement-breakpoint
DROP INDEX "chat_sessions_last_idx";--> statement-breakpoint
DROP INDEX "messages_created_type_idx";--> statement-breakpoint
CREATE INDEX "chat_sessions_public_id_trgm_idx" ON "chat_sessions" USING gin ("public_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chat_sessions_user_ip_trgm_idx" ON "chat_sessions" USING gin ("user_ip" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chat_sessions_client_last_idx" ON "chat_sessions" USING btree ("client_id","last_message_at","message_count");--> statement-breakpoint
CREATE INDEX "chat_sessions_last_idx" ON "chat_sessions" USING btree ("last_message_at","message_count");--> statement-breakpoint
CREATE INDEX "messages_created_type_idx" ON "messages" USING btree ("created_at","message_type","cost_cents","client_id");