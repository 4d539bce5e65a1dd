import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { integrationChecks } from "#db/schema.ts";

export type NewIntegrationCheck = Omit<typeof integrationChecks.$inferInsert, "id" | "createdAt">;
export type IntegrationCheckRow = typeof integrationChecks.$inferSelect;

/** One row per run: the history of what the operators tested and what it found. */
export async function recordIntegrationCheck(db: Database, check: NewIntegrationCheck) {
  const [row] = await db
    .insert(integrationChecks)
    .values(check)
    .returning({ id: integrationChecks.id, createdAt: integrationChecks.createdAt });
  return row!;
}

const forClient = (clientId: number | null) =>
  clientId === null ? isNull(integrationChecks.clientId) : eq(integrationChecks.clientId, clientId);

/** The newest results of each of these kinds for a client (null: checks of the server itself), newest first. */
export async function listRecentIntegrationChecks(
  db: Database,
  clientId: number | null,
  kinds: readonly string[],
  perKind: number,
): Promise<IntegrationCheckRow[]> {
  if (kinds.length === 0) return [];
  const ranked = db
    .select({
      id: integrationChecks.id,
      rank: sql<number>`row_number() over (partition by ${integrationChecks.kind} order by ${integrationChecks.createdAt} desc, ${integrationChecks.id} desc)`.as(
        "rank",
      ),
    })
    .from(integrationChecks)
    .where(and(forClient(clientId), inArray(integrationChecks.kind, [...kinds])))
    .as("ranked");
  const rows = await db
    .select({ check: integrationChecks })
    .from(integrationChecks)
    .innerJoin(ranked, eq(ranked.id, integrationChecks.id))
    .where(lt(ranked.rank, perKind + 1))
    .orderBy(desc(integrationChecks.createdAt), desc(integrationChecks.id));
  return rows.map((row) => row.check);
}
