CREATE TABLE "wordpress_connections" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"site_url" text NOT NULL,
	"username" text NOT NULL,
	"application_password_encrypted" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wordpress_connections" ADD CONSTRAINT "wordpress_connections_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_checks_kind_idx" ON "integration_checks" USING btree ("kind","client_id","created_at");