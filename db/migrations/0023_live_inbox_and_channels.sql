CREATE TABLE "channel_deliveries" (
	"channel" text NOT NULL,
	"client_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_deliveries_channel_client_id_external_id_pk" PRIMARY KEY("channel","client_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "client_channels" (
	"client_id" integer NOT NULL,
	"channel" text NOT NULL,
	"account_id" text NOT NULL,
	"access_token_encrypted" text NOT NULL,
	"app_secret_encrypted" text,
	"webhook_secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_channels_client_id_channel_pk" PRIMARY KEY("client_id","channel")
);
--> statement-breakpoint
CREATE TABLE "session_handoffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"operator_id" integer,
	"operator_name" text NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "channel_user_id" text;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "held_by" integer;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "role" text DEFAULT 'exchange' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "operator_id" integer;--> statement-breakpoint
ALTER TABLE "channel_deliveries" ADD CONSTRAINT "channel_deliveries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_channels" ADD CONSTRAINT "client_channels_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_handoffs" ADD CONSTRAINT "session_handoffs_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_handoffs" ADD CONSTRAINT "session_handoffs_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_deliveries_received_idx" ON "channel_deliveries" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "client_channels_account_idx" ON "client_channels" USING btree ("channel","account_id");--> statement-breakpoint
CREATE INDEX "session_handoffs_session_idx" ON "session_handoffs" USING btree ("session_id","created_at");--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_held_by_operators_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_sessions_channel_user_idx" ON "chat_sessions" USING btree ("client_id","channel","channel_user_id","last_message_at") WHERE "chat_sessions"."channel_user_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_sessions_held_idx" ON "chat_sessions" USING btree ("held_at") WHERE "chat_sessions"."held_by" is not null;