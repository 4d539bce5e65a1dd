CREATE TABLE "bill_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"billing_record_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"payment_order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'refunding' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"provider_refund_id" text,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "bill_refunds_billing_record_id_unique" UNIQUE("billing_record_id")
);
--> statement-breakpoint
ALTER TABLE "tax_documents" DROP CONSTRAINT "tax_documents_payment_order_id_unique";--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "bill_refunds" ADD CONSTRAINT "bill_refunds_billing_record_id_billing_records_id_fk" FOREIGN KEY ("billing_record_id") REFERENCES "public"."billing_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_refunds" ADD CONSTRAINT "bill_refunds_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_refunds" ADD CONSTRAINT "bill_refunds_payment_order_id_payment_orders_id_fk" FOREIGN KEY ("payment_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_refunds" ADD CONSTRAINT "bill_refunds_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_refunds_client_idx" ON "bill_refunds" USING btree ("client_id","created_at");--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_refund_id_bill_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."bill_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_payment_type_idx" ON "tax_documents" USING btree ("payment_order_id","document_type");--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_refund_id_unique" UNIQUE("refund_id");