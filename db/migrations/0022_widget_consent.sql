ALTER TABLE "chat_sessions" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_privacy" ADD COLUMN "ask_consent" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "client_privacy" ADD COLUMN "privacy_policy_url" text;