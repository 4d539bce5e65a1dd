CREATE TABLE "tax_document_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tax_document_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"ok" boolean NOT NULL,
	"status_code" integer,
	"error" text,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"billing_record_id" integer NOT NULL,
	"payment_order_id" integer NOT NULL,
	"document_type" integer NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"morning_id" text,
	"document_number" text,
	"pdf_url" text,
	"issued_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_payment_order_id_unique" UNIQUE("payment_order_id"),
	CONSTRAINT "tax_documents_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "billing_records" ADD COLUMN "net_cents" integer GENERATED ALWAYS AS (base_fee_cents + usage_fees_cents) STORED;--> statement-breakpoint
ALTER TABLE "billing_records" ADD COLUMN "vat_rate_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_records" ADD COLUMN "vat_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "billing_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_document_attempts" ADD CONSTRAINT "tax_document_attempts_tax_document_id_tax_documents_id_fk" FOREIGN KEY ("tax_document_id") REFERENCES "public"."tax_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_billing_record_id_billing_records_id_fk" FOREIGN KEY ("billing_record_id") REFERENCES "public"."billing_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_payment_order_id_payment_orders_id_fk" FOREIGN KEY ("payment_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_document_attempts_document_idx" ON "tax_document_attempts" USING btree ("tax_document_id","attempted_at");--> statement-breakpoint
CREATE INDEX "tax_documents_client_idx" ON "tax_documents" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "tax_documents_billing_idx" ON "tax_documents" USING btree ("billing_record_id");--> statement-breakpoint
CREATE INDEX "tax_documents_due_idx" ON "tax_documents" USING btree ("next_attempt_at") WHERE "tax_documents"."status" = 'pending';