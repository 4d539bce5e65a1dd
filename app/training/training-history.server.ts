import type { Database } from "#db/connection.ts";
import type { TrainingChangeKind } from "#db/vocabulary.ts";
import type { AuthenticatedOperator } from "~/context.ts";
import { markTestQuestionsDue } from "~/models/test-question.server.ts";
import { insertTrainingChange, listTrainingChanges } from "~/models/training-change.server.ts";

/** Who made a change: the signed-in person (operatorContext), as the history names them. */
export type TrainingEditor = Pick<AuthenticatedOperator, "id" | "username" | "displayName">;

/** A history line says which entry changed in at most this many characters (an FAQ question, the pages scanned). */
const SUBJECT_MAX = 200;

/** The training page's history shows the latest 30 changes. */
export const TRAINING_HISTORY_LIMIT = 30;

/**
 * Keeps one change to a client's training in its history, with the person who made it. Call it in the
 * transaction of the change itself: both are kept, or neither. Any change (the hours too) may change
 * an answer, so the client's test questions are due to run again.
 */
export async function recordTrainingChange(
  db: Database,
  change: { clientId: number; editor: TrainingEditor; kind: TrainingChangeKind; subject?: string },
) {
  const subject = (change.subject ?? "").replace(/\s+/g, " ").trim();
  await insertTrainingChange(db, {
    clientId: change.clientId,
    operatorId: change.editor.id,
    operatorName: change.editor.displayName ?? change.editor.username,
    kind: change.kind,
    subject: subject.length > SUBJECT_MAX ? `${subject.slice(0, SUBJECT_MAX - 1)}…` : subject,
  });
  await markTestQuestionsDue(db, change.clientId);
}

export const loadTrainingHistory = (db: Database, clientId: number) =>
  listTrainingChanges(db, clientId, TRAINING_HISTORY_LIMIT);
export type TrainingHistory = Awaited<ReturnType<typeof loadTrainingHistory>>;
