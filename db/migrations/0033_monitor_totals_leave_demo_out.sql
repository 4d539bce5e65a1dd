-- The public demo's conversations (clients.is_demo) are nobody's business: the chat sessions monitor
-- leaves them out, so its kept totals (migration 0019) count every session but the demo's, and the
-- demo's messages and completed functions cost and earn nothing. Writers wait while the totals are
-- recounted, so none is counted twice or missed. Nothing deletes a client, and no client becomes or
-- stops being the demo, so a removal skips exactly what the addition skipped.
LOCK TABLE chat_sessions IN SHARE MODE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION chat_session_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_session_totals AS totals SET sessions = totals.sessions + added.sessions, messages = totals.messages + added.messages
  FROM (SELECT count(*) AS sessions, coalesce(sum(message_count), 0) AS messages FROM added_sessions
        WHERE client_id NOT IN (SELECT id FROM clients WHERE is_demo)) AS added;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION chat_session_totals_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_session_totals AS totals SET sessions = totals.sessions - removed.sessions, messages = totals.messages - removed.messages
  FROM (SELECT count(*) AS sessions, coalesce(sum(message_count), 0) AS messages FROM removed_sessions
        WHERE client_id NOT IN (SELECT id FROM clients WHERE is_demo)) AS removed;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION chat_session_totals_recount() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.client_id IN (SELECT id FROM clients WHERE is_demo) THEN RETURN NULL; END IF;
  UPDATE chat_session_totals AS totals SET messages = totals.messages + NEW.message_count - OLD.message_count;
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE chat_session_totals SET (sessions, messages) = (
  SELECT count(*), coalesce(sum(message_count), 0) FROM chat_sessions
  WHERE client_id NOT IN (SELECT id FROM clients WHERE is_demo));--> statement-breakpoint
UPDATE messages SET cost_cents = 0 WHERE cost_cents <> 0 AND client_id IN (SELECT id FROM clients WHERE is_demo);--> statement-breakpoint
UPDATE message_usage_daily SET cost_cents = 0 WHERE cost_cents <> 0 AND client_id IN (SELECT id FROM clients WHERE is_demo);--> statement-breakpoint
UPDATE completed_functions SET profit_cents = 0 WHERE profit_cents <> 0 AND client_id IN (SELECT id FROM clients WHERE is_demo);
