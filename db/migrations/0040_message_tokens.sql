ALTER TABLE "messages" ADD COLUMN "prompt_tokens" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reply_tokens" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "tokens_counted_by" text;