import { desc, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "#db/connection.ts";

/** A table listed newest first: a serial `id` and a `created_at`, as the lead tables have. */
type ListedTable = PgTable & { id: PgColumn; createdAt: PgColumn };

export type NewestFirstPage = { limit?: number; afterId?: number };

/**
 * Rows newest first, `limit` at a time. `afterId` continues after that row: the comparison uses the
 * row's stored timestamp (microseconds), which a JavaScript Date would round, so no row is skipped or
 * repeated, and `id` orders rows that share a timestamp.
 */
export async function listNewestFirst<Table extends ListedTable>(
  db: Database,
  table: Table,
  { limit = 100, afterId }: NewestFirstPage = {},
): Promise<Table["$inferSelect"][]> {
  const after =
    afterId === undefined
      ? undefined
      : sql`(${table.createdAt}, ${table.id}) < (select ${table.createdAt}, ${table.id} from ${table} where ${table.id} = ${afterId})`;
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(after)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(limit);
  return rows as Table["$inferSelect"][];
}
