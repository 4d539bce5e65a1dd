import { desc, eq } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { trainingChanges } from "#db/schema.ts";

export type NewTrainingChange = Pick<
  typeof trainingChanges.$inferInsert,
  "clientId" | "operatorId" | "operatorName" | "kind" | "subject"
>;

export async function insertTrainingChange(db: Database, change: NewTrainingChange) {
  await db.insert(trainingChanges).values(change);
}

/** One client's training history, newest first. */
export async function listTrainingChanges(db: Database, clientId: number, limit: number) {
  return db
    .select({
      id: trainingChanges.id,
      kind: trainingChanges.kind,
      subject: trainingChanges.subject,
      operatorName: trainingChanges.operatorName,
      createdAt: trainingChanges.createdAt,
    })
    .from(trainingChanges)
    .where(eq(trainingChanges.clientId, clientId))
    .orderBy(desc(trainingChanges.createdAt), desc(trainingChanges.id))
    .limit(limit);
}
