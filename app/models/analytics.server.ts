import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import {
  chatSessions,
  clients,
  clientStatusChanges,
  completedFunctions,
  messages,
  messageStatsHourly,
} from "#db/schema.ts";
import { MESSAGE_TYPES, type Channel, type MessageType } from "#db/vocabulary.ts";
import { addDays, dayOf, monthOf, startOfDay, startOfMonth, type TimeRange } from "~/lib/calendar.ts";
import { splitByHour } from "~/lib/hour-ranges.ts";
import { notDemoClient } from "./demo-client.server.ts";

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

/** The window's boundaries on the operators' calendar (app/lib/calendar.ts): days of 23 or 25 hours count as one. */
export function analyticsWindow(days: number, timeZone: string, now = new Date()): AnalyticsWindow {
  const currentStart = addDays(startOfDay(now, timeZone), -(days - 1), timeZone);
  const firstMonthStart = startOfMonth(currentStart, timeZone);
  return {
    days,
    now,
    currentStart,
    previousStart: addDays(currentStart, -days, timeZone),
    previousEnd: addDays(now, -days, timeZone),
    firstDay: dayOf(currentStart, timeZone),
    firstMonth: monthOf(currentStart, timeZone),
    firstMonthStart,
    lastMonth: monthOf(now, timeZone),
  };
}

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Conditions that put a chat session's time in the current or the previous period; the demo's sessions are in neither. */
function periodsOf(column: typeof chatSessions.startedAt | typeof chatSessions.feedbackAt, window: AnalyticsWindow) {
  return {
    both: and(gte(column, window.previousStart), lt(column, window.now), notDemoClient(chatSessions.clientId)),
    current: sql`${column} >= ${iso(window.currentStart)}`,
    previous: sql`${column} < ${iso(window.previousEnd)}`,
  };
}

export type PeriodPair = { current: number; previous: number };

type MessageStats = { messages: number; costCents: number; responseMsTotal: number; responses: number };
const noStats = (): MessageStats => ({ messages: 0, costCents: 0, responseMsTotal: 0, responses: 0 });

const within = (column: Parameters<typeof gte>[0], range: TimeRange) =>
  and(gte(column, range.start), lt(column, range.end));

/**
 * Messages, usage fees and response times per type in each named range: the whole UTC hours from
 * the hourly rollup, the partial hours at either end from `messages` (at most two hours of rows a
 * range). Two queries, whatever the ranges' length.
 */
export async function messageStatsPerType<Name extends string>(db: Database, ranges: Record<Name, TimeRange>) {
  const names = Object.keys(ranges) as Name[];
  const parts = names.map((name) => ({ name, ...splitByHour(ranges[name]) }));
  const rollupColumns: Record<string, SQL<number>> = {};
  const rawColumns: Record<string, SQL<number>> = {};
  const rollupWhere: (SQL | undefined)[] = [];
  const rawWhere: (SQL | undefined)[] = [];
  for (const { name, hours, edges } of parts) {
    const inHours = hours ? within(messageStatsHourly.hour, hours)! : sql`false`;
    rollupWhere.push(inHours);
    rollupColumns[`${name}Messages`] =
      sql<number>`coalesce(sum(${messageStatsHourly.messages}) filter (where ${inHours}), 0)`.mapWith(Number);
    rollupColumns[`${name}Cost`] =
      sql<number>`coalesce(sum(${messageStatsHourly.costCents}) filter (where ${inHours}), 0)`.mapWith(Number);
    rollupColumns[`${name}Ms`] =
      sql<number>`coalesce(sum(${messageStatsHourly.responseMsTotal}) filter (where ${inHours}), 0)`.mapWith(Number);
    rollupColumns[`${name}Responses`] =
      sql<number>`coalesce(sum(${messageStatsHourly.responses}) filter (where ${inHours}), 0)`.mapWith(Number);
    const inEdges = edges.length > 0 ? or(...edges.map((edge) => within(messages.createdAt, edge)))! : sql`false`;
    rawWhere.push(inEdges);
    rawColumns[`${name}Messages`] = sql<number>`count(*) filter (where ${inEdges})`.mapWith(Number);
    rawColumns[`${name}Cost`] = sql<number>`coalesce(sum(${messages.costCents}) filter (where ${inEdges}), 0)`.mapWith(
      Number,
    );
    rawColumns[`${name}Ms`] = sql<number>`coalesce(sum(${messages.responseMs}) filter (where ${inEdges}), 0)`.mapWith(
      Number,
    );
    rawColumns[`${name}Responses`] = sql<number>`count(${messages.responseMs}) filter (where ${inEdges})`.mapWith(
      Number,
    );
  }
  const [rollupRows, rawRows] = await Promise.all([
    db
      .select({ messageType: messageStatsHourly.messageType, ...rollupColumns })
      .from(messageStatsHourly)
      .where(or(...rollupWhere))
      .groupBy(messageStatsHourly.messageType),
    db
      .select({ messageType: messages.messageType, ...rawColumns })
      .from(messages)
      // The hourly rollup leaves the demo's messages out by itself (migration 0010).
      .where(and(or(...rawWhere), notDemoClient(messages.clientId)))
      .groupBy(messages.messageType),
  ]);
  const byType = new Map(
    MESSAGE_TYPES.map((type) => [
      type,
      Object.fromEntries(names.map((name) => [name, noStats()])) as Record<Name, MessageStats>,
    ]),
  );
  for (const row of [...rollupRows, ...rawRows] as (Record<string, number> & { messageType: MessageType })[]) {
    const stats = byType.get(row.messageType);
    if (!stats) continue;
    for (const name of names) {
      stats[name].messages += row[`${name}Messages`] ?? 0;
      stats[name].costCents += row[`${name}Cost`] ?? 0;
      stats[name].responseMsTotal += row[`${name}Ms`] ?? 0;
      stats[name].responses += row[`${name}Responses`] ?? 0;
    }
  }
  return byType;
}

export type MessageTypeFigures = {
  messageType: MessageType;
  messages: PeriodPair;
  /** Sum and count of the stored AI response times, for an average over any group of types. */
  responseMsTotal: PeriodPair;
  responses: PeriodPair;
};

/** Messages per type in both periods, with their AI response times. */
export async function getMessageFigures(db: Database, window: AnalyticsWindow): Promise<MessageTypeFigures[]> {
  const byType = await messageStatsPerType(db, {
    current: { start: window.currentStart, end: window.now },
    previous: { start: window.previousStart, end: window.previousEnd },
  });
  return [...byType].map(([messageType, { current, previous }]) => ({
    messageType,
    messages: { current: current.messages, previous: previous.messages },
    responseMsTotal: { current: current.responseMsTotal, previous: previous.responseMsTotal },
    responses: { current: current.responses, previous: previous.responses },
  }));
}

export type ConversationFigures = { conversations: PeriodPair; converted: PeriodPair };

/**
 * Conversations (chat sessions started) in both periods, and how many of them converted: the
 * visitor left a phone number, or Alex completed a function in the session (the two outcomes a
 * business can act on; a name alone is not a way to reach anyone). Each count reads an index alone:
 * sessions by start, sessions with a phone by start, and the few sessions with a function.
 */
export async function getConversationFigures(db: Database, window: AnalyticsWindow): Promise<ConversationFigures> {
  const period = periodsOf(chatSessions.startedAt, window);
  const counted = {
    current: sql<number>`count(*) filter (where ${period.current})`.mapWith(Number),
    previous: sql<number>`count(*) filter (where ${period.previous})`.mapWith(Number),
  };
  const hasPhone = sql`(${chatSessions.contactDetails} ->> 'phone') is not null`;
  const sessionsWithFunction = db
    .select({ sessionId: completedFunctions.sessionId })
    .from(completedFunctions)
    // A function is completed after its session starts.
    .where(gte(completedFunctions.completedAt, window.previousStart));
  const [[all], [withPhone], [withFunctionOnly]] = await Promise.all([
    db.select(counted).from(chatSessions).where(period.both),
    db.select(counted).from(chatSessions).where(and(period.both, hasPhone)),
    db
      .select(counted)
      .from(chatSessions)
      .where(
        and(
          period.both,
          sql`(${chatSessions.contactDetails} ->> 'phone') is null`,
          inArray(chatSessions.id, sessionsWithFunction),
        ),
      ),
  ]);
  return {
    conversations: { current: all?.current ?? 0, previous: all?.previous ?? 0 },
    converted: {
      current: (withPhone?.current ?? 0) + (withFunctionOnly?.current ?? 0),
      previous: (withPhone?.previous ?? 0) + (withFunctionOnly?.previous ?? 0),
    },
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
      currentHelpful: sql<number>`count(*) filter (where ${period.current} and ${chatSessions.helpful})`.mapWith(
        Number,
      ),
      previousHelpful: sql<number>`count(*) filter (where ${period.previous} and ${chatSessions.helpful})`.mapWith(
        Number,
      ),
    })
    .from(chatSessions)
    .where(and(period.both, sql`${chatSessions.helpful} is not null`));
  return {
    answers: { current: row?.current ?? 0, previous: row?.previous ?? 0 },
    helpful: { current: row?.currentHelpful ?? 0, previous: row?.previousHelpful ?? 0 },
  };
}

/**
 * Conversations started on each day of the current period that had any, by the day's position
 * (0 = the period's first day). Each session finds its day by a binary search over the days' first
 * instants in the time zone (width_bucket), not by formatting its time: one pass over the start index.
 */
export async function countConversationsPerDay(db: Database, window: AnalyticsWindow, timeZone: string) {
  const dayStarts = sql`array(select day at time zone ${timeZone} from generate_series(
    ${window.firstDay}::timestamp, ${window.firstDay}::timestamp + make_interval(days => ${window.days - 1}), interval '1 day') as day)`;
  const rows = await db
    .select({
      bucket: sql<number>`width_bucket(${chatSessions.startedAt}, ${dayStarts})`.mapWith(Number),
      conversations: sql<number>`count(*)`.mapWith(Number),
    })
    .from(chatSessions)
    .where(
      and(
        gte(chatSessions.startedAt, window.currentStart),
        lt(chatSessions.startedAt, window.now),
        notDemoClient(chatSessions.clientId),
      ),
    )
    .groupBy(sql`1`);
  return rows.map((row) => ({ dayIndex: row.bucket - 1, conversations: row.conversations }));
}

/**
 * Conversations per channel in both periods. The hourly rollup has no channel, so this counts
 * chat_sessions on the started_at index, the way the conversation figures above do: one scan of the
 * two periods' sessions, grouped into at most three rows.
 */
export async function countConversationsPerChannel(
  db: Database,
  window: AnalyticsWindow,
): Promise<{ channel: Channel; conversations: PeriodPair }[]> {
  const period = periodsOf(chatSessions.startedAt, window);
  const rows = await db
    .select({
      channel: chatSessions.channel,
      current: sql<number>`count(*) filter (where ${period.current})`.mapWith(Number),
      previous: sql<number>`count(*) filter (where ${period.previous})`.mapWith(Number),
    })
    .from(chatSessions)
    .where(period.both)
    .groupBy(chatSessions.channel);
  return rows.map(({ channel, current, previous }) => ({ channel, conversations: { current, previous } }));
}

export type ClientConversations = { clientId: number; businessName: string; conversations: PeriodPair };

/** Conversations per client in both periods, the busiest in the current period first; clients with none in either are left out. */
export async function countConversationsPerClient(
  db: Database,
  window: AnalyticsWindow,
  limit: number,
): Promise<ClientConversations[]> {
  const period = periodsOf(chatSessions.startedAt, window);
  // Counted from the start index alone first, then joined to the few clients it names.
  const perClient = db
    .select({
      clientId: chatSessions.clientId,
      current: sql<number>`count(*) filter (where ${period.current})`.as("current"),
      previous: sql<number>`count(*) filter (where ${period.previous})`.as("previous"),
    })
    .from(chatSessions)
    .where(period.both)
    .groupBy(chatSessions.clientId)
    .as("per_client");
  const rows = await db
    .select({
      clientId: clients.id,
      businessName: clients.businessName,
      current: sql<number>`${perClient.current}`.mapWith(Number),
      previous: sql<number>`${perClient.previous}`.mapWith(Number),
    })
    .from(perClient)
    .innerJoin(clients, eq(clients.id, perClient.clientId))
    .orderBy(desc(perClient.current), desc(sql`${perClient.current} + ${perClient.previous}`), clients.businessName)
    .limit(limit);
  return rows.map(({ current, previous, ...client }) => ({ ...client, conversations: { current, previous } }));
}

/**
 * Usage fees per month ("YYYY-MM" in the time zone) and message type, from `since` up to `until`:
 * whole hours from the hourly rollup, the partial hours at either end from `messages`. An hour is
 * counted in the month it starts in, exact wherever months start on the hour (every whole-hour zone).
 */
export async function sumUsagePerMonth(db: Database, since: Date, until: Date, timeZone: string) {
  const { hours, edges } = splitByHour({ start: since, end: until });
  const rollupMonth = sql<string>`to_char(${messageStatsHourly.hour} at time zone ${timeZone}, 'YYYY-MM')`;
  const rawMonth = sql<string>`to_char(${messages.createdAt} at time zone ${timeZone}, 'YYYY-MM')`;
  const [fromRollup, fromEdges] = await Promise.all([
    hours
      ? db
          .select({
            month: rollupMonth,
            messageType: messageStatsHourly.messageType,
            cents: sql<number>`sum(${messageStatsHourly.costCents})`.mapWith(Number),
          })
          .from(messageStatsHourly)
          .where(and(within(messageStatsHourly.hour, hours), sql`${messageStatsHourly.costCents} > 0`))
          // By position: the time zone is a parameter, so PostgreSQL cannot match a repeated expression.
          .groupBy(sql`1`, messageStatsHourly.messageType)
      : [],
    edges.length > 0
      ? db
          .select({
            month: rawMonth,
            messageType: messages.messageType,
            cents: sql<number>`sum(${messages.costCents})`.mapWith(Number),
          })
          .from(messages)
          .where(
            and(
              or(...edges.map((edge) => within(messages.createdAt, edge))),
              sql`${messages.costCents} > 0`,
              notDemoClient(messages.clientId),
            ),
          )
          .groupBy(sql`1`, messages.messageType)
      : [],
  ]);
  const sums = new Map<string, { month: string; messageType: MessageType; cents: number }>();
  for (const row of [...fromRollup, ...fromEdges]) {
    const key = `${row.month}|${row.messageType}`;
    const sum = sums.get(key) ?? { month: row.month, messageType: row.messageType, cents: 0 };
    sum.cents += row.cents;
    sums.set(key, sum);
  }
  return [...sums.values()];
}

/** Completed functions' profit per month ("YYYY-MM" in the time zone). */
export async function sumFunctionProfitPerMonth(db: Database, since: Date, until: Date, timeZone: string) {
  const month = sql<string>`to_char(${completedFunctions.completedAt} at time zone ${timeZone}, 'YYYY-MM')`;
  return db
    .select({ month, cents: sql<number>`sum(${completedFunctions.profitCents})`.mapWith(Number) })
    .from(completedFunctions)
    .where(
      and(
        gte(completedFunctions.completedAt, since),
        lt(completedFunctions.completedAt, until),
        notDemoClient(completedFunctions.clientId),
      ),
    )
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
    .from(clients)
    .where(eq(clients.isDemo, false));
}
