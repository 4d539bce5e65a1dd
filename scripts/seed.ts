/**
 * Seeds the demo data into an empty database: `npm run db:seed`.
 * Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data); its
 * "today" and months are those of TZ_DISPLAY, as the server's.
 */
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "../db/connection.ts";
import { seedDemoData } from "../app/billing/demo-bills.server.ts";
import { DEFAULT_DISPLAY_TIME_ZONE } from "../app/lib/calendar.ts";
import { isDatabaseEmpty } from "../db/seed.ts";

async function main() {
  const url = process.env.DATABASE_URL;
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  console.log(url ? "Database: PostgreSQL (DATABASE_URL)" : `Database: embedded PGlite in ${dataDir}`);

  const database: DatabaseHandle = url ? await openDatabase({ url }) : await openDatabase({ dataDir });
  try {
    if (!(await isDatabaseEmpty(database.db))) {
      console.log("The database already has data; nothing was seeded.");
      return;
    }
    const started = performance.now();
    const summary = await seedDemoData(database.db, { timeZone: process.env.TZ_DISPLAY || DEFAULT_DISPLAY_TIME_ZONE });
    console.log(`Demo data seeded in ${Math.round(performance.now() - started)} ms:`);
    console.table(summary);
  } finally {
    await database.close();
  }
}

/** Drizzle wraps driver errors ("Failed query: ..."); the cause says what actually went wrong. */
function explain(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause ? `${error.message.split("\n")[0]}\n  cause: ${explain(error.cause)}` : error.message;
}

main().catch((error: unknown) => {
  console.error(`Seeding failed: ${explain(error)}`);
  process.exitCode = 1;
});
