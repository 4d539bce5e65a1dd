import { sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";

export async function pingDatabase(db: Database) {
  await db.select({ one: sql<number>`1` }).from(sql`(select 1) as probe`);
}
