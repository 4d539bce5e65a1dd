ALTER TABLE "clients" ADD COLUMN "knowledge_revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every statement that changes knowledge entries gives their clients a new revision, in the same
-- transaction, whoever writes them: a search result kept under another revision is never served.
-- A random number rather than the next one: a database restored from a backup goes on from the
-- backup's revisions, and the next change there must not meet a number a running server kept.
CREATE FUNCTION knowledge_revision_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE clients SET knowledge_revision = floor(random() * 9007199254740991)::bigint
  WHERE id IN (SELECT DISTINCT client_id FROM changed_entries);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER knowledge_entries_revision_insert AFTER INSERT ON knowledge_entries REFERENCING NEW TABLE AS changed_entries
  FOR EACH STATEMENT EXECUTE FUNCTION knowledge_revision_bump();--> statement-breakpoint
CREATE TRIGGER knowledge_entries_revision_update AFTER UPDATE ON knowledge_entries REFERENCING NEW TABLE AS changed_entries
  FOR EACH STATEMENT EXECUTE FUNCTION knowledge_revision_bump();--> statement-breakpoint
CREATE TRIGGER knowledge_entries_revision_delete AFTER DELETE ON knowledge_entries REFERENCING OLD TABLE AS changed_entries
  FOR EACH STATEMENT EXECUTE FUNCTION knowledge_revision_bump();
