import { and, count, desc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { accessLog } from "#db/schema.ts";

export type AccessLogEntry = typeof accessLog.$inferInsert;
export type AccessLogRow = typeof accessLog.$inferSelect;

export async function insertAccessLogEntry(db: Database, entry: AccessLogEntry) {
  await db.insert(accessLog).values(entry);
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
