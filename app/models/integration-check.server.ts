import type { Database } from "#db/connection.ts";
import { integrationChecks } from "#db/schema.ts";

export type NewIntegrationCheck = Omit<typeof integrationChecks.$inferInsert, "id" | "createdAt">;

/** One row per run: the history of what the operators tested and what it found. */
export async function recordIntegrationCheck(db: Database, check: NewIntegrationCheck) {
  const [row] = await db.insert(integrationChecks).values(check).returning({ id: integrationChecks.id });
  return row!;
}
