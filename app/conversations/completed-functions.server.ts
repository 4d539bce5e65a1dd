import type { Database } from "#db/connection.ts";
import { getCompletedFunctionTotals, listCompletedFunctions } from "~/models/completed-function.server.ts";

/** Spec §3 completed function: money in dollars, the session by its public id, times in ISO 8601. */
export async function completedFunctionList(db: Database) {
  const rows = await listCompletedFunctions(db);
  return rows.map((row) => ({
    id: row.id,
    clientId: row.clientId,
    sessionId: row.sessionPublicId,
    functionType: row.functionType,
    clientDetails: row.clientDetails,
    profitAmount: row.profitCents / 100,
    completedAt: row.completedAt.toISOString(),
  }));
}

export async function completedFunctionStats(db: Database) {
  const totals = await getCompletedFunctionTotals(db);
  return {
    totalFunctionsCompleted: totals.completed,
    totalProfitGenerated: totals.profitCents / 100,
    averageProfitPerFunction: Math.round(totals.averageProfitCents) / 100,
  };
}
