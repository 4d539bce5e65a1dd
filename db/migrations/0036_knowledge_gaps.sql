CREATE TABLE "knowledge_gap_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"question_key" text NOT NULL,
	"question" text NOT NULL,
	"answered_at" timestamp with time zone,
	"faq_question" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_gaps" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"message_id" integer,
	"question" text NOT NULL,
	"kind" text NOT NULL,
	"wrong_answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sources" jsonb;--> statement-breakpoint
ALTER TABLE "knowledge_gap_groups" ADD CONSTRAINT "knowledge_gap_groups_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_gaps" ADD CONSTRAINT "knowledge_gaps_group_id_knowledge_gap_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."knowledge_gap_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_gaps" ADD CONSTRAINT "knowledge_gaps_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_gaps" ADD CONSTRAINT "knowledge_gaps_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_gaps" ADD CONSTRAINT "knowledge_gaps_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_gap_groups_client_key_idx" ON "knowledge_gap_groups" USING btree ("client_id","question_key");--> statement-breakpoint
CREATE INDEX "knowledge_gaps_group_idx" ON "knowledge_gaps" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_gaps_message_kind_idx" ON "knowledge_gaps" USING btree ("message_id","kind");