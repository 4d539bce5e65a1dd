CREATE TABLE "test_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"question" text NOT NULL,
	"fact" text NOT NULL,
	"run_due_at" timestamp with time zone DEFAULT now(),
	"last_run_at" timestamp with time zone,
	"last_passed" boolean,
	"last_answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_questions_client_idx" ON "test_questions" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "test_questions_due_idx" ON "test_questions" USING btree ("run_due_at") WHERE "test_questions"."run_due_at" is not null;