import { and, asc, count, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { testQuestions } from "#db/schema.ts";

// A business's own test questions and the outcome of their last run (app/test-questions/).

export type TestQuestion = typeof testQuestions.$inferSelect;

/** The client's test questions, oldest first: the order they were added in. */
export const listTestQuestions = (db: Database, clientId: number) =>
  db.select().from(testQuestions).where(eq(testQuestions.clientId, clientId)).orderBy(asc(testQuestions.id));

export async function countTestQuestions(db: Database, clientId: number) {
  const [row] = await db.select({ count: count() }).from(testQuestions).where(eq(testQuestions.clientId, clientId));
  return row?.count ?? 0;
}

/** A new question, due to run at once. */
export async function insertTestQuestion(db: Database, question: { clientId: number; question: string; fact: string }) {
  const [row] = await db.insert(testQuestions).values(question).returning({ id: testQuestions.id });
  return row!.id;
}

/** Changes one of the client's questions and forgets its last outcome (it tested something else); false when it has no such question. */
export async function updateTestQuestion(
  db: Database,
  clientId: number,
  id: number,
  change: { question: string; fact: string },
) {
  const rows = await db
    .update(testQuestions)
    .set({ ...change, runDueAt: sql`now()`, lastRunAt: null, lastPassed: null, lastAnswer: null })
    .where(and(eq(testQuestions.clientId, clientId), eq(testQuestions.id, id)))
    .returning({ id: testQuestions.id });
  return rows.length > 0;
}

/** Deletes one of the client's questions; false when it has no such question. */
export async function deleteTestQuestion(db: Database, clientId: number, id: number) {
  const rows = await db
    .delete(testQuestions)
    .where(and(eq(testQuestions.clientId, clientId), eq(testQuestions.id, id)))
    .returning({ id: testQuestions.id });
  return rows.length > 0;
}

/** Every question of the client is due to run again: its training or its pages changed. */
export async function markTestQuestionsDue(db: Database, clientId: number) {
  await db
    .update(testQuestions)
    .set({ runDueAt: sql`now()` })
    .where(eq(testQuestions.clientId, clientId));
}

/** Clients with a question due to run, the longest waiting first. */
export async function listClientsWithDueTestQuestions(db: Database, limit: number) {
  const rows = await db
    .select({ clientId: testQuestions.clientId, dueSince: sql<Date>`min(${testQuestions.runDueAt})` })
    .from(testQuestions)
    .where(isNotNull(testQuestions.runDueAt))
    .groupBy(testQuestions.clientId)
    .orderBy(sql`min(${testQuestions.runDueAt})`)
    .limit(limit);
  return rows.map((row) => row.clientId);
}

/**
 * Keeps a question's outcome. `dueAt` is its `runDueAt` as the run read it: made due again after
 * that (a change during the run), it stays due. Changed meanwhile (another question or fact), it
 * keeps no outcome: this run answered the old one.
 */
export async function saveTestOutcome(
  db: Database,
  outcome: { id: number; question: string; fact: string; dueAt: Date | null; passed: boolean; answer: string },
) {
  // A JavaScript date holds milliseconds, the column microseconds.
  const stillDue = outcome.dueAt
    ? sql`date_trunc('milliseconds', ${testQuestions.runDueAt}) > ${outcome.dueAt.toISOString()}`
    : sql`${testQuestions.runDueAt} is not null`;
  await db
    .update(testQuestions)
    .set({
      lastRunAt: sql`now()`,
      lastPassed: outcome.passed,
      lastAnswer: outcome.answer,
      runDueAt: sql`case when ${stillDue} then ${testQuestions.runDueAt} else null end`,
    })
    .where(
      and(
        eq(testQuestions.id, outcome.id),
        eq(testQuestions.question, outcome.question),
        eq(testQuestions.fact, outcome.fact),
      ),
    );
}
