import type postgres from "postgres";

/**
 * Tables that change on purpose whatever the request's fate: counted attempts (a refused login is
 * counted, that is the point of the limit), the scheduler's own history, and the access log (an
 * operator's read of a conversation or an export is written down; reading is what it records).
 */
export const TABLES_THAT_COUNT_ATTEMPTS = new Set(["rate_limit_events", "job_runs", "access_log"]);

export type Fingerprint = Record<string, string>;

/**
 * A checksum of every row of every table in the public schema, one per table, in one query: the row
 * count and the sum of each row's 64-bit hash, which needs no sort (the order of rows does not
 * matter) and changes with any column of any row. Tables are read from the catalog, so a table a
 * later migration adds is covered without a change here.
 */
export async function fingerprinter(sql: postgres.Sql) {
  const tables = (
    await sql<{ table_name: string }[]>`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`
  )
    .map((row) => row.table_name)
    .filter((table) => !TABLES_THAT_COUNT_ATTEMPTS.has(table));
  const query = `select ${tables
    .map(
      (table) =>
        `(select count(*) || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0) from "${table}" t) as "${table}"`,
    )
    .join(", ")}`;
  return {
    tables,
    take: async (): Promise<Fingerprint> => {
      const [row] = await sql.unsafe<Fingerprint[]>(query);
      return row!;
    },
  };
}

/** The tables whose rows differ between two fingerprints. */
export const changedTables = (before: Fingerprint, after: Fingerprint) =>
  Object.keys(before).filter((table) => before[table] !== after[table]);
