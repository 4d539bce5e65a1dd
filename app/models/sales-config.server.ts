import { eq } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { salesConfigs } from "#db/schema.ts";

export type SalesConfig = typeof salesConfigs.$inferSelect;

export async function findSalesConfig(db: Database, clientId: number): Promise<SalesConfig | undefined> {
  const [config] = await db.select().from(salesConfigs).where(eq(salesConfigs.clientId, clientId)).limit(1);
  return config;
}

export type SalesConfigChanges = Partial<
  Omit<typeof salesConfigs.$inferInsert, "id" | "clientId" | "createdAt" | "updatedAt">
>;

/** Creates the client's sales config on its first save, changes only the given fields after. */
export async function saveSalesConfig(
  db: Database,
  clientId: number,
  changes: SalesConfigChanges,
): Promise<SalesConfig> {
  const [config] = await db
    .insert(salesConfigs)
    .values({ ...changes, clientId })
    .onConflictDoUpdate({ target: salesConfigs.clientId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return config!;
}
