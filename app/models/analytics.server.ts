import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { chatSessions, clients, clientStatusChanges, completedFunctions, messages, type MessageType } from "#db/schema.ts";

/**
 * The stretch an analytics page covers and the one it is compared with. The current period is the
 * last `days` calendar days in the operator's time zone, today included, up to now; the previous one
 * is the `days` days before it, up to the same time of day, so a morning is never compared with a
 * whole day.
 */
export type AnalyticsWindow = {
  days: number;
  now: Date;
  currentStart: Date;
  previousStart: Date;
  previousEnd: Date;
  /** The first day of the current period, "YYYY-MM-DD" in the time zone. */
  firstDay: string;
  /** The first month the revenue chart shows (the current period's first), "YYYY-MM", and its first instant. */
  firstMonth: string;
  firstMonthStart: Date;
  /** The month of `now`, "YYYY-MM". */
  lastMonth: string;
};

/** The window's boundaries, computed by PostgreSQL so the time zone's daylight saving is right. */
export async function getAnalyticsWindow(db: Database, days: number, timeZone: string, now = new Date()): Promise<AnalyticsWindow> {
  const localNow = sql`(${now.toISOString()}::timestamptz at time zone ${timeZone})`;
  const firstLocalDay = sql`(date_trunc('day', ${localNow}) - make_interval(days => ${days - 1}))`;
  const [row] = await db
    .select({
      currentStart: sql<string>`${firstLocalDay} at time zone ${timeZone}`,
      previousStart: sql<string>`(${firstLocalDay} - make_interval(days => ${days})) at time zone ${timeZone}`,
      previousEnd: sql<string>`(${localNow} - make_interval(days => ${days})) at time zone ${timeZone}`,
      firstDay: sql<string>`to_char(${firstLocalDay}, 'YYYY-MM-DD')`,
      firstMonth: sql<string>`to_char(${firstLocalDay}, 'YYYY-MM')`,
      firstMonthStart: sql<string>`date_trunc('month', ${firstLocalDay}) at time zone ${timeZone}`,
      lastMonth: sql<string>`to_char(${localNow}, 'YYYY-MM')`,
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error("The database returned no analytics window.");
  return {
    days,
    now,
    currentStart: new Date(row.currentStart),
    previousStart: new Date(row.previousStart),
    previousEnd: new Date(row.previousEnd),
    firstDay: row.firstDay,
    firstMonth: row.firstMonth,
    firstMonthStart: new Date(row.firstMonthStart),
    lastMonth: row.lastMonth,
  };
}

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Conditions that put a row's time in the current or the previous period. */
function periodsOf(column: Parameters<typeof gte>[0], window: AnalyticsWindow) {
  return {
    both: and(gte(column, window.previousStart), lt(column, window.now)),
    current: sql`${column} >= ${iso(window.currentStart)}`,
    previous: sql`${column} < ${iso(window.previousEnd)}`,
  };
}

export type PeriodPair = { current: number; previous: number };

export type MessageTypeFigures = {
  messageType: MessageType;
  messages: PeriodPair;
  /** Sum and count of the stored AI response times, for an average over any group of types. */
  responseMsTotal: PeriodPair;
  responses: PeriodPair;
};

/** Messages per type in both periods, with their AI response times: one pass over the messages' time index. */
export async function getMessageFigures(db: Database, window: AnalyticsWindow): Promise<MessageTypeFigures[]> {
  const period = periodsOf(messages.createdAt, window);
  const rows = await db
    .select({
      messageType: messages.messageType,
      current: sql<number>`count(*) filter (where ${period.current})`.mapWith(Number),
      previous: sql<number>`count(*) filter (where ${period.previous})`.mapWith(Number),
      currentMs: sql<number>`coalesce(sum(${messages.responseMs}) filter (where ${period.current}), 0)`.mapWith(Number),
      previousMs: sql<number>`coalesce(sum(${messages.responseMs}) filter (where ${period.previous}), 0)`.mapWith(Number),
      currentResponses: sql<number>`count(${messages.responseMs}) filter (where ${period.current})`.mapWith(Number),
      previousResponses: sql<number>`count(${messages.responseMs}) filter (where ${period.previous})`.mapWith(Number),
    })
    .from(messages)
    .where(period.both)
    .groupBy(messages.messageType);
  return rows.map((row) => ({
    messageType: row.messageType,
    messages: { current: row.current, previous: row.previous },
    responseMsTotal: { current: row.currentMs, previous: row.previousMs },
    responses: { current: row.currentResponses, previous: row.previousResponses },
  }));
}

/**
 * A session converted when the visitor left a phone number or Alex completed a function in it:
 * the two outcomes a business can act on. A name alone is not a way to reach anyone.
 */
const converted = sql`((${chatSessions.contactDetails} ->> 'phone') is not null or exists (
  select 1 from ${completedFunctions} where ${completedFunctions.sessionId} = ${chatSessions.id}))`;

export type ConversationFigures = { conversations: PeriodPair; converted: PeriodPair };

/** Conversations (chat sessions started) in both periods, and how many of them converted. */
export async function getConversationFigures(db: Database, window: AnalyticsWindow): Promise<ConversationFigures> {
  const period = periodsOf(chatSessions.startedAt, window);
  const [row] = await db
    .select({
      current: sql<number>`count(*) filter (where ${period.current})`.mapWith(Number),
      previous: sql<number>`count(*) filter (where ${period.previous})`.mapWith(Number),
      currentConverted: sql<number>`count(*) filter (where ${period.current} and ${converted})`.mapWith(Number),
      previousConverted: sql<number>`count(*) filter (where ${period.previous} and ${converted})`.mapWith(Number),
    })
    .from(chatSessions)
    .where(period.both);
  return {
    conversations: { current: row?.current ?? 0, previous: row?.previous ?? 0 },
    converted: { current: row?.currentConverted ?? 0, previous: row?.previousConverted ?? 0 },
  };
}

export type FeedbackFigures = { answers: PeriodPair; helpful: PeriodPair };

/** The widget's "Was this helpful?" answers given in each period (the last answer of a session counts). */
export async function getFeedbackFigures(db: Database, window: AnalyticsWindow): Promise<FeedbackFigures> {
  const period = periodsOf(chatSessions.feedbackAt, window);
  const [row] = await db
    .select({
      current: sql<number>`count(*) filter (where ${period.current})`.mapWith(Number),
      previous: sql<number>`count(*) filter (where ${period.previous})`.mapWith(Number),
      currentHelpful: sql<number>`count(*) filter (where ${period.current} and ${chatSessions.helpful})`.mapWith(Number),
      previousHelpful: sql<number>`count(*) filter (where ${period.previous} and ${chatSessions.helpful})`.mapWith(Number),
    })
    .from(chatSessions)
    .where(and(period.both, sql`${chatSessions.helpful} is not null`));
  return {
    answers: { current: row?.current ?? 0, previous: row?.previous ?? 0 },
    helpful: { current: row?.currentHelpful ?? 0, previous: row?.previousHelpful ?? 0 },
  };
}

/** Conversations started on each day of the current period that had any, "YYYY-MM-DD" in the time zone. */
export async function countConversationsPerDay(db: Database, window: AnalyticsWindow, timeZone: string) {
  const day = sql<string>`to_char(${chatSessions.startedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  return db
    .select({ day, conversations: sql<number>`count(*)`.mapWith(Number) })
    .from(chatSessions)
    .where(and(gte(chatSessions.startedAt, window.currentStart), lt(chatSessions.startedAt, window.now)))
    // By position: the time zone is a parameter, so PostgreSQL cannot match a repeated expression.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

export type ClientConversations = { clientId: number; businessName: string; conversations: PeriodPair };

/** Conversations per client in both periods, the busiest in the current period first; clients with none in either are left out. */
export async function countConversationsPerClient(db: Database, window: AnalyticsWindow, limit: number): Promise<ClientConversations[]> {
  const period = periodsOf(chatSessions.startedAt, window);
  const current = sql<number>`count(*) filter (where ${period.current})`.mapWith(Number);
  const rows = await db
    .select({
      clientId: clients.id,
      businessName: clients.businessName,
      current,
      previous: sql<number>`count(*) filter (where ${period.previous})`.mapWith(Number),
    })
    .from(chatSessions)
    .innerJoin(clients, eq(clients.id, chatSessions.clientId))
    .where(period.both)
    .groupBy(clients.id, clients.businessName)
    .orderBy(desc(current), desc(sql`count(*)`), clients.businessName)
    .limit(limit);
  return rows.map(({ current, previous, ...client }) => ({ ...client, conversations: { current, previous } }));
}

/** Usage fees per month ("YYYY-MM" in the time zone) and message type, from `since` up to the window's end. */
export async function sumUsagePerMonth(db: Database, since: Date, until: Date, timeZone: string) {
  const month = sql<string>`to_char(${messages.createdAt} at time zone ${timeZone}, 'YYYY-MM')`;
  return db
    .select({ month, messageType: messages.messageType, cents: sql<number>`sum(${messages.costCents})`.mapWith(Number) })
    .from(messages)
    .where(and(gte(messages.createdAt, since), lt(messages.createdAt, until), sql`${messages.costCents} > 0`))
    .groupBy(sql`1`, messages.messageType);
}

/** Completed functions' profit per month ("YYYY-MM" in the time zone). */
export async function sumFunctionProfitPerMonth(db: Database, since: Date, until: Date, timeZone: string) {
  const month = sql<string>`to_char(${completedFunctions.completedAt} at time zone ${timeZone}, 'YYYY-MM')`;
  return db
    .select({ month, cents: sql<number>`sum(${completedFunctions.profitCents})`.mapWith(Number) })
    .from(completedFunctions)
    .where(and(gte(completedFunctions.completedAt, since), lt(completedFunctions.completedAt, until)))
    .groupBy(sql`1`);
}

/**
 * Every client's monthly fee and the months it is billed between: from the month it was created
 * to the month it was cancelled (null while it is not), "YYYY-MM" in the time zone.
 */
export async function listClientFeeMonths(db: Database, timeZone: string) {
  const cancelledAt = sql`(select max(${clientStatusChanges.changedAt}) from ${clientStatusChanges}
    where ${clientStatusChanges.clientId} = ${clients.id} and ${clientStatusChanges.toStatus} = 'cancelled')`;
  return db
    .select({
      clientId: clients.id,
      monthlyFeeCents: clients.monthlyFeeCents,
      firstMonth: sql<string>`to_char(${clients.createdAt} at time zone ${timeZone}, 'YYYY-MM')`,
      lastMonth: sql<string | null>`case when ${clients.status} = 'cancelled'
        then to_char(coalesce(${cancelledAt}, ${clients.updatedAt}) at time zone ${timeZone}, 'YYYY-MM') end`,
    })
    .from(clients);
}
