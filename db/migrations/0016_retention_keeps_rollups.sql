-- The retention job deletes old conversations but not what they counted: while the transaction has
-- set alex.keep_rollups, deleting messages leaves message_usage_daily and message_stats_hourly alone,
-- so usage, revenue and analytics keep their history. Any other delete still takes its counts back.
CREATE OR REPLACE FUNCTION message_usage_daily_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('alex.keep_rollups', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE message_usage_daily AS usage SET messages = usage.messages - removed.messages,
    cost_cents = usage.cost_cents - removed.cost_cents, articles = usage.articles - removed.articles
  FROM (SELECT client_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS messages, sum(cost_cents) AS cost_cents,
               count(*) FILTER (WHERE message_type = 'article') AS articles
        FROM removed_messages GROUP BY 1, 2) AS removed
  WHERE usage.client_id = removed.client_id AND usage.day = removed.day;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_stats_hourly_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('alex.keep_rollups', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE message_stats_hourly AS stats SET messages = stats.messages - removed.messages,
    cost_cents = stats.cost_cents - removed.cost_cents, response_ms_total = stats.response_ms_total - removed.response_ms_total,
    responses = stats.responses - removed.responses
  FROM (SELECT date_trunc('hour', created_at, 'UTC') AS hour, message_type, count(*) AS messages, sum(cost_cents) AS cost_cents,
               coalesce(sum(response_ms), 0) AS response_ms_total, count(response_ms) AS responses
        FROM removed_messages WHERE client_id NOT IN (SELECT id FROM clients WHERE is_demo) GROUP BY 1, 2) AS removed
  WHERE stats.hour = removed.hour AND stats.message_type = removed.message_type;
  RETURN NULL;
END $$;
