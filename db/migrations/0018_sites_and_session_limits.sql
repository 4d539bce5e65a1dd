ALTER TABLE "clients" ADD COLUMN "allowed_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "plugin_secret" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "sessions_per_visitor_per_hour" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "sessions_per_address_per_hour" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "monthly_usage_ceiling_cents" integer DEFAULT 20000;--> statement-breakpoint
CREATE INDEX "chat_sessions_client_ip_started_idx" ON "chat_sessions" USING btree ("client_id","user_ip","started_at");