import { readFileSync } from "node:fs";
import path from "node:path";
import type { Database } from "#db/connection.ts";
import type { Env } from "~/env.server.ts";
import { databaseServerVersion, lastAppliedMigration, pingDatabase } from "~/models/health.server.ts";
import { explain } from "./explanation.ts";
import type { ProbeOutcome } from "./run-check.server.ts";

const JOURNAL = path.resolve(process.cwd(), "db/migrations/meta/_journal.json");

/** The migrations this build ships (drizzle-kit's journal), newest last. */
function shippedMigrations(): { tag: string; when: number }[] {
  return (JSON.parse(readFileSync(JOURNAL, "utf8")) as { entries: { tag: string; when: number }[] }).entries;
}

/** A round trip, the server's version, the driver, and whether every shipped migration is applied. */
export async function checkDatabase(db: Database, env: Pick<Env, "DATABASE_URL">): Promise<ProbeOutcome> {
  const started = performance.now();
  await pingDatabase(db);
  const roundTripMs = Math.round((performance.now() - started) * 10) / 10;
  const [version, applied] = await Promise.all([databaseServerVersion(db), lastAppliedMigration(db)]);
  const shipped = shippedMigrations();
  const newestShipped = shipped.at(-1);
  const upToDate = !newestShipped || (applied.newest !== null && applied.newest >= newestShipped.when);
  const details = {
    driver: env.DATABASE_URL ? "PostgreSQL" : "PGlite",
    serverVersion: version,
    roundTripMs,
    migrations: { applied: applied.count, shipped: shipped.length, latest: newestShipped?.tag ?? null, upToDate },
  };
  if (!upToDate)
    return { ok: false, failure: explain("database.migrationsPending", { latest: newestShipped?.tag ?? "" }), details };
  return { ok: true, details };
}
