ALTER TABLE "chat_sessions" ADD COLUMN "lead_handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "lead_handled_by" integer;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_lead_handled_by_operators_id_fk" FOREIGN KEY ("lead_handled_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;