import { and, count, desc, eq, gte, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import {
  chatSessions,
  clients,
  clientStatusChanges,
  completedFunctions,
  messages,
  type ClientStatus,
  type FunctionClientDetails,
} from "#db/schema.ts";

export type Comparison = { current: number; previous: number };

export type PeriodBoundaries = {
  now: Date;
  todayStart: Date;
  yesterdayStart: Date;
  monthStart: Date;
  previousMonthStart: Date;
};

/** Day and month starts in the operator's time zone, computed by PostgreSQL so DST is right. */
export async function getPeriodBoundaries(db: Database, timeZone: string, now = new Date()): Promise<PeriodBoundaries> {
  const at = sql`${now.toISOString()}::timestamptz at time zone ${timeZone}`;
  const [row] = await db
    .select({
      todayStart: sql<string>`date_trunc('day', ${at}) at time zone ${timeZone}`,
      yesterdayStart: sql<string>`(date_trunc('day', ${at}) - interval '1 day') at time zone ${timeZone}`,
      monthStart: sql<string>`date_trunc('month', ${at}) at time zone ${timeZone}`,
      previousMonthStart: sql<string>`(date_trunc('month', ${at}) - interval '1 month') at time zone ${timeZone}`,
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error("The database returned no period boundaries.");
  return {
    now,
    todayStart: new Date(row.todayStart),
    yesterdayStart: new Date(row.yesterdayStart),
    monthStart: new Date(row.monthStart),
    previousMonthStart: new Date(row.previousMonthStart),
  };
}

/** A client's status at a moment: the last change before it, or "active" (every client starts active). */
const statusAt = (moment: Date) => sql<ClientStatus>`coalesce((
  select ${clientStatusChanges.toStatus} from ${clientStatusChanges}
  where ${clientStatusChanges.clientId} = ${clients.id} and ${clientStatusChanges.changedAt} <= ${moment.toISOString()}::timestamptz
  order by ${clientStatusChanges.changedAt} desc limit 1), 'active')`;

async function activeClientsWhere(db: Database, condition: SQL | undefined) {
  const [row] = await db.select({ clients: count() }).from(clients).where(condition);
  return row?.clients ?? 0;
}

const activeClientsNow = (db: Database) => activeClientsWhere(db, eq(clients.status, "active"));

const activeClientsAt = (db: Database, moment: Date) =>
  activeClientsWhere(db, and(lt(clients.createdAt, moment), eq(statusAt(moment), "active")));

async function articlesBetween(db: Database, from: Date, to: Date) {
  const [row] = await db
    .select({ value: count() })
    .from(messages)
    .where(and(gte(messages.createdAt, from), lt(messages.createdAt, to), eq(messages.messageType, "article")));
  return row?.value ?? 0;
}

async function sessionsStartedBetween(db: Database, from: Date, to: Date) {
  const [row] = await db
    .select({ value: count() })
    .from(chatSessions)
    .where(and(gte(chatSessions.startedAt, from), lt(chatSessions.startedAt, to)));
  return row?.value ?? 0;
}

/** Monthly revenue is not here: app/billing/ computes it, the same way as the bills. */
export type DashboardStats = {
  activeClients: Comparison;
  todayConversations: Comparison;
  articlesGenerated: Comparison;
};

/**
 * The four dashboard figures, each against the same stretch of the previous period:
 * month-to-date against the previous month up to the same point, today so far against
 * yesterday up to the same time.
 */
export async function getDashboardStats(db: Database, periods: PeriodBoundaries): Promise<DashboardStats> {
  const { now, todayStart, yesterdayStart, monthStart, previousMonthStart } = periods;
  const sameSpanLastMonth = new Date(
    Math.min(previousMonthStart.getTime() + (now.getTime() - monthStart.getTime()), monthStart.getTime()),
  );
  const sameTimeYesterday = new Date(yesterdayStart.getTime() + (now.getTime() - todayStart.getTime()));

  const [activeNow, activeAtMonthStart, articlesThisMonth, articlesLastMonth, chatsToday, chatsYesterday] =
    await Promise.all([
      activeClientsNow(db),
      activeClientsAt(db, monthStart),
      articlesBetween(db, monthStart, now),
      articlesBetween(db, previousMonthStart, sameSpanLastMonth),
      sessionsStartedBetween(db, todayStart, now),
      sessionsStartedBetween(db, yesterdayStart, sameTimeYesterday),
    ]);

  return {
    activeClients: { current: activeNow, previous: activeAtMonthStart },
    todayConversations: { current: chatsToday, previous: chatsYesterday },
    articlesGenerated: { current: articlesThisMonth, previous: articlesLastMonth },
  };
}

export type ActivityEvent =
  | { kind: "session"; at: Date; businessName: string }
  | { kind: "function"; at: Date; businessName: string; functionType: string; details: FunctionClientDetails }
  | { kind: "client"; at: Date; businessName: string }
  | { kind: "status"; at: Date; businessName: string; from: ClientStatus; to: ClientStatus };

/** The latest events of each kind, merged newest first. Each query walks an index on its time column. */
export async function listRecentActivity(db: Database, limit = 8): Promise<ActivityEvent[]> {
  const [sessions, functions, newClients, statusChanges] = await Promise.all([
    db
      .select({ at: chatSessions.startedAt, businessName: clients.businessName })
      .from(chatSessions)
      .innerJoin(clients, eq(clients.id, chatSessions.clientId))
      .orderBy(desc(chatSessions.startedAt))
      .limit(limit),
    db
      .select({
        at: completedFunctions.completedAt,
        businessName: clients.businessName,
        functionType: completedFunctions.functionType,
        details: completedFunctions.clientDetails,
      })
      .from(completedFunctions)
      .innerJoin(clients, eq(clients.id, completedFunctions.clientId))
      .orderBy(desc(completedFunctions.completedAt))
      .limit(limit),
    db
      .select({ at: clients.createdAt, businessName: clients.businessName })
      .from(clients)
      .orderBy(desc(clients.createdAt))
      .limit(limit),
    db
      .select({
        at: clientStatusChanges.changedAt,
        businessName: clients.businessName,
        from: clientStatusChanges.fromStatus,
        to: clientStatusChanges.toStatus,
      })
      .from(clientStatusChanges)
      .innerJoin(clients, eq(clients.id, clientStatusChanges.clientId))
      .orderBy(desc(clientStatusChanges.changedAt))
      .limit(limit),
  ]);
  const events: ActivityEvent[] = [
    ...sessions.map((row) => ({ kind: "session" as const, ...row })),
    ...functions.map((row) => ({ kind: "function" as const, ...row })),
    ...newClients.map((row) => ({ kind: "client" as const, ...row })),
    ...statusChanges.map((row) => ({ kind: "status" as const, ...row })),
  ];
  return events.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}

/** The clients with the most messages since `since`, cancelled ones left out. */
export async function listHighUsageClients(db: Database, since: Date, limit = 3) {
  return db
    .select({ id: clients.id, businessName: clients.businessName, messages: count(messages.id) })
    .from(messages)
    .innerJoin(clients, eq(clients.id, messages.clientId))
    .where(and(gte(messages.createdAt, since), ne(clients.status, "cancelled")))
    .groupBy(clients.id, clients.businessName)
    .orderBy(desc(count(messages.id)), clients.businessName)
    .limit(limit);
}

export async function countClients(db: Database) {
  const [row] = await db.select({ value: count() }).from(clients);
  return row?.value ?? 0;
}
