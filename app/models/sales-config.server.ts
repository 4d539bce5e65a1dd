import { eq } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { salesConfigs } from "#db/schema.ts";

export type SalesConfig = typeof salesConfigs.$inferSelect;

export async function findSalesConfig(db: Database, clientId: number): Promise<SalesConfig | undefined> {
  const [config] = await db.select().from(salesConfigs).where(eq(salesConfigs.clientId, clientId)).limit(1);
  return config;
}
