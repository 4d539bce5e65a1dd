ALTER TABLE "operators" DROP CONSTRAINT "operators_role_check";--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operators_client_idx" ON "operators" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_role_check" CHECK (("operators"."client_id" is null and "operators"."role" in ('owner', 'admin', 'agent')) or ("operators"."client_id" is not null and "operators"."role" in ('business_owner', 'business_staff')));