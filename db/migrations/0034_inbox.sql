ALTER TABLE "auth_sessions" ADD COLUMN "live_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "person_button" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "person_wait_minutes" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_sessions_waiting_idx" ON "chat_sessions" USING btree ("waiting_since") WHERE "chat_sessions"."waiting_since" is not null;