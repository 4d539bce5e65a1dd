CREATE TABLE "chat_session_totals" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"sessions" bigint DEFAULT 0 NOT NULL,
	"messages" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_session_totals_one_row" CHECK ("chat_session_totals"."id")
);
--> statement-breakpoint
-- Kept like the message rollups (migration 0008), but every delete takes its sessions back, whatever
-- alex.keep_rollups says (migration 0016): the monitor counts the sessions that exist.
CREATE FUNCTION chat_session_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_session_totals AS totals SET sessions = totals.sessions + added.sessions, messages = totals.messages + added.messages
  FROM (SELECT count(*) AS sessions, coalesce(sum(message_count), 0) AS messages FROM added_sessions) AS added;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER chat_sessions_totals_insert AFTER INSERT ON chat_sessions REFERENCING NEW TABLE AS added_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION chat_session_totals_add();--> statement-breakpoint
CREATE FUNCTION chat_session_totals_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_session_totals AS totals SET sessions = totals.sessions - removed.sessions, messages = totals.messages - removed.messages
  FROM (SELECT count(*) AS sessions, coalesce(sum(message_count), 0) AS messages FROM removed_sessions) AS removed;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER chat_sessions_totals_delete AFTER DELETE ON chat_sessions REFERENCING OLD TABLE AS removed_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION chat_session_totals_remove();--> statement-breakpoint
-- A message updates one session: a row trigger, fired only when message_count changes (contact
-- details and feedback do not fire it), costs less than a statement trigger's transition tables.
CREATE FUNCTION chat_session_totals_recount() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_session_totals AS totals SET messages = totals.messages + NEW.message_count - OLD.message_count;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER chat_sessions_totals_update AFTER UPDATE OF message_count ON chat_sessions
  FOR EACH ROW WHEN (NEW.message_count IS DISTINCT FROM OLD.message_count)
  EXECUTE FUNCTION chat_session_totals_recount();--> statement-breakpoint
CREATE FUNCTION chat_session_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_session_totals SET sessions = 0, messages = 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER chat_sessions_totals_truncate AFTER TRUNCATE ON chat_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION chat_session_totals_clear();--> statement-breakpoint
INSERT INTO chat_session_totals (sessions, messages)
  SELECT count(*), coalesce(sum(message_count), 0) FROM chat_sessions;
