import { eq } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { trainingConfigs } from "#db/schema.ts";

export type TrainingConfig = typeof trainingConfigs.$inferSelect;

export async function findTrainingConfig(db: Database, clientId: number): Promise<TrainingConfig | undefined> {
  const [config] = await db.select().from(trainingConfigs).where(eq(trainingConfigs.clientId, clientId)).limit(1);
  return config;
}
