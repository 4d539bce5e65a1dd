import { sql } from "drizzle-orm";
import { selectRows, type Database } from "#db/connection.ts";

export async function pingDatabase(db: Database) {
  await db.select({ one: sql<number>`1` }).from(sql`(select 1) as probe`);
}

/** The server's version (`show server_version`): PGlite answers like PostgreSQL. */
export async function databaseServerVersion(db: Database): Promise<string> {
  const [row] = await selectRows<{ server_version: string }>(db, sql`show server_version`);
  return row?.server_version ?? "";
}

/** When the newest migration applied was made (drizzle's own table; its `created_at` is the journal's `when`). */
export async function lastAppliedMigration(db: Database): Promise<{ count: number; newest: number | null }> {
  const [row] = await selectRows<{ count: string | number; newest: string | number | null }>(
    db,
    sql`select count(*) as count, max(created_at) as newest from drizzle.__drizzle_migrations`,
  );
  return { count: Number(row?.count ?? 0), newest: row?.newest == null ? null : Number(row.newest) };
}
