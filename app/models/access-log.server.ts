import { and, count, desc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { accessLog } from "#db/schema.ts";

export type AccessLogEntry = typeof accessLog.$inferInsert;
export type AccessLogRow = typeof accessLog.$inferSelect;

export async function insertAccessLogEntry(db: Database, entry: AccessLogEntry) {
  await db.insert(accessLog).values(entry);
}

/**
 * Writes the row unless the same operator's same action on the same client and session already has
 * one since `since`, in one statement, so two quick reloads rarely both write.
 */
export async function insertAccessLogEntryUnlessSince(db: Database, entry: AccessLogEntry, since: Date) {
  await db.execute(sql`
    insert into ${accessLog} (operator_id, operator_name, action, client_id, session_id, address)
    select ${entry.operatorId ?? null}::int, ${entry.operatorName}, ${entry.action}, ${entry.clientId ?? null}::int,
      ${entry.sessionId ?? null}::text, ${entry.address}
    where not exists (
      select 1 from ${accessLog}
      where ${accessLog.operatorId} is not distinct from ${entry.operatorId ?? null}::int
        and ${accessLog.action} = ${entry.action}
        and ${accessLog.clientId} is not distinct from ${entry.clientId ?? null}::int
        and ${accessLog.sessionId} is not distinct from ${entry.sessionId ?? null}::text
        and ${accessLog.createdAt} > ${since.toISOString()}::timestamptz
    )`);
}

/** One client's rows, newest first, a page at a time (`offset` rows skipped). */
export async function listClientAccessLog(
  db: Database,
  clientId: number,
  { limit, offset = 0 }: { limit: number; offset?: number },
): Promise<AccessLogRow[]> {
  return db
    .select()
    .from(accessLog)
    .where(eq(accessLog.clientId, clientId))
    .orderBy(desc(accessLog.createdAt), desc(accessLog.id))
    .limit(limit)
    .offset(offset);
}

export async function countClientAccessLog(db: Database, clientId: number) {
  const [row] = await db.select({ rows: count() }).from(accessLog).where(eq(accessLog.clientId, clientId));
  return row?.rows ?? 0;
}

/**
 * One client's rows newest first for the CSV, continuing after row `afterId` (by its stored timestamp, which a
 * JavaScript Date would round, then by id), so a long log streams without an offset scan.
 */
export async function listClientAccessLogAfter(
  db: Database,
  clientId: number,
  { limit, afterId }: { limit: number; afterId?: number },
): Promise<AccessLogRow[]> {
  const after =
    afterId === undefined
      ? undefined
      : sql`(${accessLog.createdAt}, ${accessLog.id}) < (select ${accessLog.createdAt}, ${accessLog.id} from ${accessLog} where ${accessLog.id} = ${afterId})`;
  return db
    .select()
    .from(accessLog)
    .where(and(eq(accessLog.clientId, clientId), after))
    .orderBy(desc(accessLog.createdAt), desc(accessLog.id))
    .limit(limit);
}

/** Deletes the rows older than `before`; answers how many went. */
export async function pruneAccessLog(db: Database, before: Date) {
  const deleted = await db.delete(accessLog).where(lt(accessLog.createdAt, before)).returning({ id: accessLog.id });
  return deleted.length;
}
