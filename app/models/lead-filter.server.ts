import { and, count, desc, ilike, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "#db/connection.ts";

/**
 * What the Leads page narrows a list by: text the operator typed (found anywhere in the searched
 * columns, case-insensitively) and, for the lists operators follow up, whether a lead is handled.
 */
export type LeadFilter = { search?: string; handled?: boolean };
export type LeadPage = { limit: number; offset: number };

/** LIKE's own wildcards in what the operator typed match themselves. */
const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export function leadConditions(
  filter: LeadFilter,
  searched: (PgColumn | SQL)[],
  handledAt?: PgColumn,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(or(...searched.map((column) => ilike(column, pattern))));
  }
  if (handledAt && filter.handled !== undefined)
    conditions.push(filter.handled ? isNotNull(handledAt) : isNull(handledAt));
  return and(...conditions);
}

export async function countLeadsWhere(db: Database, table: PgTable, where: SQL | undefined) {
  const [row] = await db.select({ total: count() }).from(table).where(where);
  return row?.total ?? 0;
}

/** Newest first, `id` ordering rows that share a timestamp, so pages neither skip nor repeat a row. */
export const newestFirst = (table: { createdAt: PgColumn; id: PgColumn }) => [desc(table.createdAt), desc(table.id)];
