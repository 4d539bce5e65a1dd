import { and, eq, inArray, notExists } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { knowledgeEntries, trainingConfigs } from "#db/schema.ts";

export type TrainingConfig = typeof trainingConfigs.$inferSelect;

export async function findTrainingConfig(db: Database, clientId: number): Promise<TrainingConfig | undefined> {
  const [config] = await db.select().from(trainingConfigs).where(eq(trainingConfigs.clientId, clientId)).limit(1);
  return config;
}

/** The client's config, its row locked until the transaction ends: a change that reads, edits and writes it back loses no one else's. */
export async function findTrainingConfigForUpdate(tx: Database, clientId: number): Promise<TrainingConfig | undefined> {
  const [config] = await tx
    .select()
    .from(trainingConfigs)
    .where(eq(trainingConfigs.clientId, clientId))
    .limit(1)
    .for("update");
  return config;
}

export type TrainingConfigFields = Omit<
  typeof trainingConfigs.$inferInsert,
  "id" | "clientId" | "createdAt" | "updatedAt"
>;

/** A client has at most one training config, so this answers null when the client already has one (the caller updates it instead). */
export async function createTrainingConfig(
  db: Database,
  clientId: number,
  fields: TrainingConfigFields,
): Promise<TrainingConfig | null> {
  const [config] = await db
    .insert(trainingConfigs)
    .values({ ...fields, clientId })
    .onConflictDoNothing()
    .returning();
  return config ?? null;
}

/** Null when the client has no config to update. */
export async function updateTrainingConfig(
  db: Database,
  clientId: number,
  fields: Partial<TrainingConfigFields>,
): Promise<TrainingConfig | null> {
  const [config] = await db
    .update(trainingConfigs)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(trainingConfigs.clientId, clientId))
    .returning();
  return config ?? null;
}

/** Training configs whose client has no entry of these origins (the start-up backfill of what training teaches). */
export async function listTrainingConfigsWithoutKnowledgeOf(
  db: Database,
  origins: readonly ("faq" | "manual")[],
): Promise<TrainingConfig[]> {
  return db
    .select()
    .from(trainingConfigs)
    .where(
      notExists(
        db
          .select({ id: knowledgeEntries.id })
          .from(knowledgeEntries)
          .where(
            and(
              eq(knowledgeEntries.clientId, trainingConfigs.clientId),
              inArray(knowledgeEntries.origin, [...origins]),
            ),
          ),
      ),
    );
}
