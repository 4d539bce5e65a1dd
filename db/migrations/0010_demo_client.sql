ALTER TABLE "clients" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_demo_idx" ON "clients" USING btree ("is_demo") WHERE "clients"."is_demo";--> statement-breakpoint
ALTER TABLE "clients" DROP COLUMN "is_provider_demo";--> statement-breakpoint
-- The public demo's messages stay out of the hourly rollup, as they stay out of every total
-- (app/models/demo-client.server.ts). Nothing deletes a client, so a demo message is never
-- removed after its client: the removal below skips exactly what the addition skipped.
CREATE OR REPLACE FUNCTION message_stats_hourly_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_stats_hourly AS stats (hour, message_type, messages, cost_cents, response_ms_total, responses)
  SELECT date_trunc('hour', created_at, 'UTC'), message_type, count(*), sum(cost_cents), coalesce(sum(response_ms), 0), count(response_ms)
  FROM added_messages WHERE client_id NOT IN (SELECT id FROM clients WHERE is_demo) GROUP BY 1, 2
  ON CONFLICT (hour, message_type) DO UPDATE SET messages = stats.messages + excluded.messages,
    cost_cents = stats.cost_cents + excluded.cost_cents, response_ms_total = stats.response_ms_total + excluded.response_ms_total,
    responses = stats.responses + excluded.responses;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_stats_hourly_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE message_stats_hourly AS stats SET messages = stats.messages - removed.messages,
    cost_cents = stats.cost_cents - removed.cost_cents, response_ms_total = stats.response_ms_total - removed.response_ms_total,
    responses = stats.responses - removed.responses
  FROM (SELECT date_trunc('hour', created_at, 'UTC') AS hour, message_type, count(*) AS messages, sum(cost_cents) AS cost_cents,
               coalesce(sum(response_ms), 0) AS response_ms_total, count(response_ms) AS responses
        FROM removed_messages WHERE client_id NOT IN (SELECT id FROM clients WHERE is_demo) GROUP BY 1, 2) AS removed
  WHERE stats.hour = removed.hour AND stats.message_type = removed.message_type;
  RETURN NULL;
END $$;
