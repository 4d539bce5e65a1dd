DROP INDEX "completed_functions_session_idx";--> statement-breakpoint
DROP INDEX "messages_session_client_message_idx";--> statement-breakpoint
DROP INDEX "knowledge_entries_search_idx";--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "contact_details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "monthly_message_cap" integer;--> statement-breakpoint
ALTER TABLE "knowledge_entries" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_entries" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, split_part("knowledge_entries"."search_text", chr(10), 1)), 'A') || to_tsvector('simple'::regconfig, split_part("knowledge_entries"."search_text", chr(10), 2))) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "completed_functions_session_type_idx" ON "completed_functions" USING btree ("session_id","function_type");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_message_idx" ON "messages" USING btree ("client_id","client_message_id");--> statement-breakpoint
CREATE INDEX "knowledge_entries_search_idx" ON "knowledge_entries" USING gin ("search_vector");