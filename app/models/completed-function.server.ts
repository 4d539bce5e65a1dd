import { avg, count, desc, eq, inArray, sql, sum } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { chatSessions, completedFunctions, type FunctionClientDetails } from "#db/schema.ts";

type FunctionType = (typeof completedFunctions.$inferInsert)["functionType"];

/**
 * Records a session's completed function once: a later call for the same session and type only
 * brings its client details up to date (the visitor added the budget), never a second profit.
 */
export async function recordCompletedFunction(
  db: Database,
  completed: { clientId: number; sessionId: number; functionType: FunctionType; clientDetails: FunctionClientDetails; profitCents: number; now: Date },
) {
  await db
    .insert(completedFunctions)
    .values({
      clientId: completed.clientId,
      sessionId: completed.sessionId,
      functionType: completed.functionType,
      clientDetails: completed.clientDetails,
      profitCents: completed.profitCents,
      completedAt: completed.now,
    })
    .onConflictDoUpdate({
      target: [completedFunctions.sessionId, completedFunctions.functionType],
      set: { clientDetails: sql`excluded.client_details` },
    });
}

/** Every completed function, newest first, with the session's public id. */
export async function listCompletedFunctions(db: Database) {
  return db
    .select({
      id: completedFunctions.id,
      clientId: completedFunctions.clientId,
      sessionPublicId: chatSessions.publicId,
      functionType: completedFunctions.functionType,
      clientDetails: completedFunctions.clientDetails,
      profitCents: completedFunctions.profitCents,
      completedAt: completedFunctions.completedAt,
    })
    .from(completedFunctions)
    .leftJoin(chatSessions, eq(chatSessions.id, completedFunctions.sessionId))
    .orderBy(desc(completedFunctions.completedAt), desc(completedFunctions.id));
}

export async function getCompletedFunctionTotals(db: Database) {
  const [row] = await db
    .select({
      completed: count(),
      profitCents: sum(completedFunctions.profitCents).mapWith(Number),
      averageProfitCents: avg(completedFunctions.profitCents).mapWith(Number),
    })
    .from(completedFunctions);
  return { completed: row?.completed ?? 0, profitCents: row?.profitCents ?? 0, averageProfitCents: row?.averageProfitCents ?? 0 };
}

/** The completed functions of these sessions (the monitor's page of ten), the first of each session's. */
export async function listFunctionsOfSessions(db: Database, sessionIds: number[]) {
  if (sessionIds.length === 0) return [];
  return db
    .select({
      sessionId: completedFunctions.sessionId,
      functionType: completedFunctions.functionType,
      clientDetails: completedFunctions.clientDetails,
      profitCents: completedFunctions.profitCents,
      completedAt: completedFunctions.completedAt,
    })
    .from(completedFunctions)
    .where(inArray(completedFunctions.sessionId, sessionIds))
    .orderBy(completedFunctions.completedAt, completedFunctions.id);
}
