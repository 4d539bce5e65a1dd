CREATE TABLE "business_hours" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"weekly" jsonb NOT NULL,
	"closed_on_holidays" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_hours" ADD CONSTRAINT "business_hours_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;