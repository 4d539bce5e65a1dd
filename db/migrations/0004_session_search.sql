CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "message_usage_daily" (
	"client_id" integer NOT NULL,
	"day" date NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"articles" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "message_usage_daily_client_id_day_pk" PRIMARY KEY("client_id","day")
);
--> statement-breakpoint
DROP INDEX "chat_sessions_client_last_idx";--> statement-breakpoint
DROP INDEX "chat_sessions_last_idx";--> statement-breakpoint
DROP INDEX "messages_created_type_idx";--> statement-breakpoint
ALTER TABLE "message_usage_daily" ADD CONSTRAINT "message_usage_daily_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_usage_daily_day_idx" ON "message_usage_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "chat_sessions_public_id_trgm_idx" ON "chat_sessions" USING gin ("public_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chat_sessions_user_ip_trgm_idx" ON "chat_sessions" USING gin ("user_ip" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chat_sessions_client_last_idx" ON "chat_sessions" USING btree ("client_id","last_message_at","message_count");--> statement-breakpoint
CREATE INDEX "chat_sessions_last_idx" ON "chat_sessions" USING btree ("last_message_at","message_count");--> statement-breakpoint
CREATE INDEX "messages_created_type_idx" ON "messages" USING btree ("created_at","message_type","cost_cents","client_id");--> statement-breakpoint
CREATE FUNCTION message_usage_daily_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_usage_daily AS usage (client_id, day, messages, cost_cents, articles)
  SELECT client_id, (created_at AT TIME ZONE 'UTC')::date, count(*), sum(cost_cents), count(*) FILTER (WHERE message_type = 'article')
  FROM added_messages GROUP BY 1, 2
  ON CONFLICT (client_id, day) DO UPDATE SET messages = usage.messages + excluded.messages,
    cost_cents = usage.cost_cents + excluded.cost_cents, articles = usage.articles + excluded.articles;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER messages_usage_daily_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS added_messages
  FOR EACH STATEMENT EXECUTE FUNCTION message_usage_daily_add();--> statement-breakpoint
CREATE FUNCTION message_usage_daily_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE message_usage_daily AS usage SET messages = usage.messages - removed.messages,
    cost_cents = usage.cost_cents - removed.cost_cents, articles = usage.articles - removed.articles
  FROM (SELECT client_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS messages, sum(cost_cents) AS cost_cents,
               count(*) FILTER (WHERE message_type = 'article') AS articles
        FROM removed_messages GROUP BY 1, 2) AS removed
  WHERE usage.client_id = removed.client_id AND usage.day = removed.day;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER messages_usage_daily_delete AFTER DELETE ON messages REFERENCING OLD TABLE AS removed_messages
  FOR EACH STATEMENT EXECUTE FUNCTION message_usage_daily_remove();--> statement-breakpoint
INSERT INTO message_usage_daily (client_id, day, messages, cost_cents, articles)
  SELECT client_id, (created_at AT TIME ZONE 'UTC')::date, count(*), sum(cost_cents), count(*) FILTER (WHERE message_type = 'article')
  FROM messages GROUP BY 1, 2;
