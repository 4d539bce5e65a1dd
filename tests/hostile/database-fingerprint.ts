import type postgres from "postgres";

/**
 * Tables that change on purpose whatever the request's fate: counted attempts (a refused login is
 * counted, that is the point of the limit), the scheduler's own history, and the access log (an
 * operator's read of a conversation or an export is written down; reading is what it records).
 */
export const TABLES_THAT_COUNT_ATTEMPTS = new Set(["rate_limit_events", "job_runs", "access_log"]);

/** A checksum per table, and how many committed statements have written to each table so far. */
export type Fingerprint = { sums: Record<string, string>; writes: Record<string, string> };

/** The schema of the write counters: outside `public`, so the counters are never fingerprinted themselves. */
const WATCH = "fingerprint_watch";

/**
 * A checksum of every row of every table in the public schema, one per table: the row count and the sum
 * of each row's 64-bit hash, which needs no sort (the order of rows does not matter) and changes with
 * any column of any row. Tables are read from the catalog, so a table a later migration adds is covered
 * without a change here.
 *
 * Reading every row after every request is most of the suite's work, so each table also gets a
 * statement trigger that notes each statement written to it: one row appended to a log, in the writing
 * transaction, so a rolled-back write leaves no note and the app's transactions never wait on one another
 * for it. `take(previous)` sums again only the tables noted since `previous`; the others cannot have
 * changed. (The notes are read before the sums: a write that commits in between is summed now or next
 * time, never missed.) The triggers go into the database this is given: use a throwaway one.
 */
export async function fingerprinter(sql: postgres.Sql) {
  const tables = (
    await sql<{ table_name: string }[]>`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`
  )
    .map((row) => row.table_name)
    .filter((table) => !TABLES_THAT_COUNT_ATTEMPTS.has(table));

  await sql.unsafe(`
    create schema if not exists ${WATCH};
    create table if not exists ${WATCH}.writes (table_name text not null);
    create or replace function ${WATCH}.note_write() returns trigger language plpgsql as $$
    begin
      insert into ${WATCH}.writes values (tg_table_name);
      return null;
    end $$;`);
  for (const table of tables) {
    await sql.unsafe(`
      create or replace trigger fingerprint_note_write after insert or update or delete or truncate
      on "${table}" for each statement execute function ${WATCH}.note_write();`);
  }

  const sumsOf = async (names: string[]): Promise<Record<string, string>> => {
    if (names.length === 0) return {};
    const [row] = await sql.unsafe<Record<string, string>[]>(
      `select ${names
        .map(
          (table) =>
            `(select count(*) || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0) from "${table}" t) as "${table}"`,
        )
        .join(", ")}`,
    );
    return row!;
  };
  const writes = async (): Promise<Record<string, string>> =>
    Object.fromEntries(
      (
        await sql.unsafe<{ table_name: string; statements: string }[]>(
          `select table_name, count(*) as statements from ${WATCH}.writes group by table_name`,
        )
      ).map((row) => [row.table_name, String(row.statements)]),
    );

  return {
    tables,
    take: async (previous?: Fingerprint): Promise<Fingerprint> => {
      // Counted first: a write that lands between the two reads is summed now and counted again next time.
      const counted = await writes();
      if (!previous) return { sums: await sumsOf(tables), writes: counted };
      const written = tables.filter((table) => counted[table] !== previous.writes[table]);
      return { sums: { ...previous.sums, ...(await sumsOf(written)) }, writes: counted };
    },
  };
}

/** The tables whose rows differ between two fingerprints. */
export const changedTables = (before: Fingerprint, after: Fingerprint) =>
  Object.keys(before.sums).filter((table) => before.sums[table] !== after.sums[table]);
