ALTER TABLE "contact_leads" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_leads" ADD COLUMN "handled_by" integer;--> statement-breakpoint
ALTER TABLE "investment_inquiries" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investment_inquiries" ADD COLUMN "handled_by" integer;--> statement-breakpoint
ALTER TABLE "contact_leads" ADD CONSTRAINT "contact_leads_handled_by_operators_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_inquiries" ADD CONSTRAINT "investment_inquiries_handled_by_operators_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;