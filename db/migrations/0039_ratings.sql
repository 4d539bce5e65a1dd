ALTER TABLE "chat_sessions" ADD COLUMN "rating" smallint;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "rating_comment" text;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "rating_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "rating_quiet_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_sessions_rated_idx" ON "chat_sessions" USING btree ("rated_at","client_id") WHERE "chat_sessions"."rating" is not null;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_rating_range" CHECK ("chat_sessions"."rating" between 1 and 5);