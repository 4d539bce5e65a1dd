DROP INDEX "messages_created_type_idx";--> statement-breakpoint
CREATE INDEX "chat_sessions_feedback_idx" ON "chat_sessions" USING btree ("feedback_at") WHERE "chat_sessions"."helpful" is not null;--> statement-breakpoint
CREATE INDEX "client_status_changes_client_idx" ON "client_status_changes" USING btree ("client_id","changed_at");--> statement-breakpoint
CREATE INDEX "messages_created_type_idx" ON "messages" USING btree ("created_at","message_type","cost_cents","client_id","response_ms");