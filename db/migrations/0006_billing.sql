CREATE TABLE "billing_record_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"billing_record_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"total_cents" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_records" ADD COLUMN "pay_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_records" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "capture_id" text;--> statement-breakpoint
ALTER TABLE "billing_record_events" ADD CONSTRAINT "billing_record_events_billing_record_id_billing_records_id_fk" FOREIGN KEY ("billing_record_id") REFERENCES "public"."billing_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_record_events" ADD CONSTRAINT "billing_record_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_record_events" ADD CONSTRAINT "billing_record_events_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_record_events_record_idx" ON "billing_record_events" USING btree ("billing_record_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_records_period_idx" ON "billing_records" USING btree ("billing_period");--> statement-breakpoint
ALTER TABLE "billing_records" ADD CONSTRAINT "billing_records_pay_token_unique" UNIQUE("pay_token");--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_capture_id_unique" UNIQUE("capture_id");