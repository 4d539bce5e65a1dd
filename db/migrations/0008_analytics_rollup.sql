CREATE TABLE "message_stats_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"message_type" text NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"response_ms_total" bigint DEFAULT 0 NOT NULL,
	"responses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "message_stats_hourly_hour_message_type_pk" PRIMARY KEY("hour","message_type")
);
--> statement-breakpoint
DROP INDEX "chat_sessions_started_idx";--> statement-breakpoint
CREATE INDEX "chat_sessions_started_client_idx" ON "chat_sessions" USING btree ("started_at","client_id");--> statement-breakpoint
CREATE INDEX "chat_sessions_started_phone_idx" ON "chat_sessions" USING btree ("started_at") WHERE ("chat_sessions"."contact_details" ->> 'phone') is not null;--> statement-breakpoint
CREATE FUNCTION message_stats_hourly_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_stats_hourly AS stats (hour, message_type, messages, cost_cents, response_ms_total, responses)
  SELECT date_trunc('hour', created_at, 'UTC'), message_type, count(*), sum(cost_cents), coalesce(sum(response_ms), 0), count(response_ms)
  FROM added_messages GROUP BY 1, 2
  ON CONFLICT (hour, message_type) DO UPDATE SET messages = stats.messages + excluded.messages,
    cost_cents = stats.cost_cents + excluded.cost_cents, response_ms_total = stats.response_ms_total + excluded.response_ms_total,
    responses = stats.responses + excluded.responses;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER messages_stats_hourly_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS added_messages
  FOR EACH STATEMENT EXECUTE FUNCTION message_stats_hourly_add();--> statement-breakpoint
CREATE FUNCTION message_stats_hourly_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE message_stats_hourly AS stats SET messages = stats.messages - removed.messages,
    cost_cents = stats.cost_cents - removed.cost_cents, response_ms_total = stats.response_ms_total - removed.response_ms_total,
    responses = stats.responses - removed.responses
  FROM (SELECT date_trunc('hour', created_at, 'UTC') AS hour, message_type, count(*) AS messages, sum(cost_cents) AS cost_cents,
               coalesce(sum(response_ms), 0) AS response_ms_total, count(response_ms) AS responses
        FROM removed_messages GROUP BY 1, 2) AS removed
  WHERE stats.hour = removed.hour AND stats.message_type = removed.message_type;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER messages_stats_hourly_delete AFTER DELETE ON messages REFERENCING OLD TABLE AS removed_messages
  FOR EACH STATEMENT EXECUTE FUNCTION message_stats_hourly_remove();--> statement-breakpoint
INSERT INTO message_stats_hourly (hour, message_type, messages, cost_cents, response_ms_total, responses)
  SELECT date_trunc('hour', created_at, 'UTC'), message_type, count(*), sum(cost_cents), coalesce(sum(response_ms), 0), count(response_ms)
  FROM messages GROUP BY 1, 2;
