ALTER TABLE "chat_sessions" ADD COLUMN "helpful" boolean;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "feedback_at" timestamp with time zone;