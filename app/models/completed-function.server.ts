import { and, avg, count, desc, eq, gte, inArray, lt, sql, sum, type SQL } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { chatSessions, clients, completedFunctions } from "#db/schema.ts";
import { type FunctionClientDetails } from "#db/vocabulary.ts";
import { dayRange } from "~/lib/calendar.ts";
import { notDemoClient } from "./demo-client.server.ts";

type FunctionType = (typeof completedFunctions.$inferInsert)["functionType"];

/**
 * Records a session's completed function once: a later call for the same session and type only
 * brings its client details up to date (the visitor added the budget), never a second profit.
 */
export async function recordCompletedFunction(
  db: Database,
  completed: {
    clientId: number;
    sessionId: number;
    functionType: FunctionType;
    clientDetails: FunctionClientDetails;
    profitCents: number;
    now: Date;
  },
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

/** What the completed functions page narrows the list to; every part is optional. */
export type CompletedFunctionFilter = {
  clientId?: number;
  functionType?: FunctionType;
  /** Calendar days ("2026-03-01") in `timeZone`, both included. */
  fromDay?: string;
  toDay?: string;
  timeZone?: string;
};

/** The public demo's functions are nobody's business: no list, total or export shows them. */
function whereFilter({ clientId, functionType, fromDay, toDay, timeZone = "UTC" }: CompletedFunctionFilter = {}):
  SQL | undefined {
  return and(
    notDemoClient(completedFunctions.clientId),
    clientId === undefined ? undefined : eq(completedFunctions.clientId, clientId),
    functionType === undefined ? undefined : eq(completedFunctions.functionType, functionType),
    fromDay === undefined ? undefined : gte(completedFunctions.completedAt, dayRange(fromDay, timeZone).start),
    toDay === undefined ? undefined : lt(completedFunctions.completedAt, dayRange(toDay, timeZone).end),
  );
}

export type CompletedFunctionPage = { limit?: number; offset?: number; afterId?: number };

/**
 * Completed functions newest first, with the client's name and the session's public id. `afterId`
 * continues after that row (the CSV export reads page after page), comparing stored timestamps as
 * newest-first.server.ts does; `offset` serves the page numbers.
 */
export async function listCompletedFunctions(
  db: Database,
  filter: CompletedFunctionFilter = {},
  page: CompletedFunctionPage = {},
) {
  const after =
    page.afterId === undefined
      ? undefined
      : sql`(${completedFunctions.completedAt}, ${completedFunctions.id}) < (select completed_at, id from ${completedFunctions} where id = ${page.afterId})`;
  const query = db
    .select({
      id: completedFunctions.id,
      clientId: completedFunctions.clientId,
      businessName: clients.businessName,
      sessionPublicId: chatSessions.publicId,
      sessionChannel: chatSessions.channel,
      functionType: completedFunctions.functionType,
      clientDetails: completedFunctions.clientDetails,
      profitCents: completedFunctions.profitCents,
      completedAt: completedFunctions.completedAt,
    })
    .from(completedFunctions)
    .innerJoin(clients, eq(clients.id, completedFunctions.clientId))
    .leftJoin(chatSessions, eq(chatSessions.id, completedFunctions.sessionId))
    .where(and(whereFilter(filter), after))
    .orderBy(desc(completedFunctions.completedAt), desc(completedFunctions.id))
    .$dynamic();
  if (page.limit !== undefined) query.limit(page.limit);
  if (page.offset) query.offset(page.offset);
  return query;
}

export type CompletedFunctionRow = Awaited<ReturnType<typeof listCompletedFunctions>>[number];

/** How many, the profit and the average profit of the completed functions the filter keeps. */
export async function getCompletedFunctionTotals(db: Database, filter: CompletedFunctionFilter = {}) {
  const [row] = await db
    .select({
      completed: count(),
      profitCents: sum(completedFunctions.profitCents).mapWith(Number),
      averageProfitCents: avg(completedFunctions.profitCents).mapWith(Number),
    })
    .from(completedFunctions)
    .where(whereFilter(filter));
  return {
    completed: row?.completed ?? 0,
    profitCents: row?.profitCents ?? 0,
    averageProfitCents: row?.averageProfitCents ?? 0,
  };
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
