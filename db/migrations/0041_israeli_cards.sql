CREATE TABLE "card_charge_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"billing_record_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"status" text DEFAULT 'charging' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"deal_id" text,
	"response_code" integer,
	"message" text,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "card_token" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "card_last_digits" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "card_expiry" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "card_saved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "provider" text DEFAULT 'paypal' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_charge_attempts" ADD CONSTRAINT "card_charge_attempts_billing_record_id_billing_records_id_fk" FOREIGN KEY ("billing_record_id") REFERENCES "public"."billing_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_charge_attempts" ADD CONSTRAINT "card_charge_attempts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_charge_attempts_bill_attempt_idx" ON "card_charge_attempts" USING btree ("billing_record_id","attempt");--> statement-breakpoint
CREATE INDEX "card_charge_attempts_client_idx" ON "card_charge_attempts" USING btree ("client_id","created_at");