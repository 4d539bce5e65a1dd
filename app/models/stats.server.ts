import { and, count, desc, eq, gte, inArray, lt, ne, sql, sum, type SQL } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import {
  chatSessions,
  clients,
  clientStatusChanges,
  completedFunctions,
  messageUsageDaily,
  messages,
} from "#db/schema.ts";
import { type ClientStatus, type FunctionClientDetails } from "#db/vocabulary.ts";
import { startOfDay, startOfMonth } from "~/lib/calendar.ts";
import { messageStatsPerType } from "./analytics.server.ts";
import { notDemoClient } from "./demo-client.server.ts";

export type Comparison = { current: number; previous: number };

export type PeriodBoundaries = {
  now: Date;
  todayStart: Date;
  yesterdayStart: Date;
  monthStart: Date;
  previousMonthStart: Date;
};

/** Day and month starts on the operators' calendar (app/lib/calendar.ts). */
export function periodBoundaries(timeZone: string, now = new Date()): PeriodBoundaries {
  const todayStart = startOfDay(now, timeZone);
  const monthStart = startOfMonth(now, timeZone);
  return {
    now,
    todayStart,
    yesterdayStart: startOfDay(new Date(todayStart.getTime() - 1), timeZone),
    monthStart,
    previousMonthStart: startOfMonth(new Date(monthStart.getTime() - 1), timeZone),
  };
}

/** A client's status at a moment: the last change before it, or "active" (every client starts active). */
const statusAt = (moment: Date) => sql<ClientStatus>`coalesce((
  select ${clientStatusChanges.toStatus} from ${clientStatusChanges}
  where ${clientStatusChanges.clientId} = ${clients.id} and ${clientStatusChanges.changedAt} <= ${moment.toISOString()}::timestamptz
  order by ${clientStatusChanges.changedAt} desc limit 1), 'active')`;

/** The dashboard's figures leave the public demo out, as billing and analytics do (app/models/demo-client.server.ts). */
async function activeClientsWhere(db: Database, condition: SQL | undefined) {
  const [row] = await db
    .select({ clients: count() })
    .from(clients)
    .where(and(condition, eq(clients.isDemo, false)));
  return row?.clients ?? 0;
}

const activeClientsNow = (db: Database) => activeClientsWhere(db, eq(clients.status, "active"));

const activeClientsAt = (db: Database, moment: Date) =>
  activeClientsWhere(db, and(lt(clients.createdAt, moment), eq(statusAt(moment), "active")));

const DAY_MS = 24 * 60 * 60 * 1000;
const utcMidnightOf = (moment: Date) => new Date(Math.floor(moment.getTime() / DAY_MS) * DAY_MS);
const utcMidnightFrom = (moment: Date) => new Date(Math.ceil(moment.getTime() / DAY_MS) * DAY_MS);
const dayOf = (midnight: Date) => midnight.toISOString().slice(0, 10);

/**
 * The whole UTC days inside [from, to), read from the daily rollup, and the stretches before and
 * after them, read from messages (a few hours each, on the created_at index); undefined days when
 * the span holds no whole day.
 */
function splitIntoDays(from: Date, to: Date) {
  const firstDay = utcMidnightFrom(from);
  const endDay = utcMidnightOf(to);
  if (firstDay >= endDay) return { days: undefined, edges: [[from, to]] as [Date, Date][] };
  return {
    days: { first: dayOf(firstDay), end: dayOf(endDay) },
    edges: [
      [from, firstDay],
      [endDay, to],
    ] as [Date, Date][],
  };
}

async function sessionsStartedBetween(db: Database, from: Date, to: Date) {
  const [row] = await db
    .select({ value: count() })
    .from(chatSessions)
    .where(
      and(gte(chatSessions.startedAt, from), lt(chatSessions.startedAt, to), notDemoClient(chatSessions.clientId)),
    );
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

  const [activeNow, activeAtMonthStart, messageStats, chatsToday, chatsYesterday] = await Promise.all([
    activeClientsNow(db),
    activeClientsAt(db, monthStart),
    // Whole hours from the hourly rollup, the partial hour before "now" (and before the same moment
    // last month) from messages: the rollup and the edges leave the demo out alike.
    messageStatsPerType(db, {
      current: { start: monthStart, end: now },
      previous: { start: previousMonthStart, end: sameSpanLastMonth },
    }),
    sessionsStartedBetween(db, todayStart, now),
    sessionsStartedBetween(db, yesterdayStart, sameTimeYesterday),
  ]);
  const articles = messageStats.get("article")!;

  return {
    activeClients: { current: activeNow, previous: activeAtMonthStart },
    todayConversations: { current: chatsToday, previous: chatsYesterday },
    articlesGenerated: { current: articles.current.messages, previous: articles.previous.messages },
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
      .where(eq(clients.isDemo, false))
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
      .where(eq(clients.isDemo, false))
      .orderBy(desc(completedFunctions.completedAt))
      .limit(limit),
    db
      .select({ at: clients.createdAt, businessName: clients.businessName })
      .from(clients)
      .where(eq(clients.isDemo, false))
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
      .where(eq(clients.isDemo, false))
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

/**
 * The clients with the most messages since `since`, cancelled ones left out: whole UTC days from
 * the daily rollup, the rest of the first day and today from messages.
 */
export async function listHighUsageClients(db: Database, since: Date, limit = 3, now = new Date()) {
  const { days, edges } = splitIntoDays(since, now);
  const rawCounts = (start: Date, end: Date | undefined) =>
    db
      .select({ clientId: messages.clientId, messages: count() })
      .from(messages)
      .where(and(gte(messages.createdAt, start), end ? lt(messages.createdAt, end) : undefined))
      .groupBy(messages.clientId);
  const counted = await Promise.all([
    // The last edge runs to the end of time: a message written during this request still counts.
    ...edges.map(([start, end], index) => rawCounts(start, index === edges.length - 1 ? undefined : end)),
    days
      ? db
          .select({ clientId: messageUsageDaily.clientId, messages: sum(messageUsageDaily.messages).mapWith(Number) })
          .from(messageUsageDaily)
          .where(and(gte(messageUsageDaily.day, days.first), lt(messageUsageDaily.day, days.end)))
          .groupBy(messageUsageDaily.clientId)
      : [],
  ]);
  const messagesOf = new Map<number, number>();
  for (const row of counted.flat()) messagesOf.set(row.clientId, (messagesOf.get(row.clientId) ?? 0) + row.messages);
  const ids = [...messagesOf.entries()].filter(([, messageCount]) => messageCount > 0).map(([id]) => id);
  if (ids.length === 0) return [];
  const named = await db
    .select({ id: clients.id, businessName: clients.businessName })
    .from(clients)
    .where(and(inArray(clients.id, ids), ne(clients.status, "cancelled"), eq(clients.isDemo, false)));
  return named
    .map((client) => ({ ...client, messages: messagesOf.get(client.id) ?? 0 }))
    .sort(
      (a, b) =>
        b.messages - a.messages || (a.businessName < b.businessName ? -1 : a.businessName > b.businessName ? 1 : 0),
    )
    .slice(0, limit);
}

export async function countClients(db: Database) {
  const [row] = await db.select({ value: count() }).from(clients).where(eq(clients.isDemo, false));
  return row?.value ?? 0;
}
