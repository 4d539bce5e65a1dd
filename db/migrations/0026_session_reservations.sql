CREATE TABLE "session_reservations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "session_reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"user_ip" text NOT NULL,
	"user_agent" text,
	"cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ALTER COLUMN "sessions_per_address_per_hour" SET DEFAULT 60;--> statement-breakpoint
ALTER TABLE "session_reservations" ADD CONSTRAINT "session_reservations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_reservations_client_idx" ON "session_reservations" USING btree ("client_id","created_at");