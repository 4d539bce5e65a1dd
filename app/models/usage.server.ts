import { and, count, desc, eq, gte, isNotNull, sql, sum } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { chatSessions, messages } from "#db/schema.ts";
import { periodStart, type NamedPeriod } from "~/lib/calendar.ts";
import { sessionIsActiveAt } from "./chat-session.server.ts";

export type DailyUsage = {
  date: string;
  conversations: number;
  articles: number;
  solutions: number;
  totalCents: number;
};

const localDay = (timeZone: string) =>
  sql<string>`to_char(${messages.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;

/**
 * A client's usage per day in the operator's time zone, newest day first, from its messages: the
 * period starts at the beginning of this week (Sunday), month, quarter or year on the operators' calendar.
 */
export async function listDailyUsage(
  db: Database,
  clientId: number,
  { since, timeZone, limit, now = new Date() }: { since: NamedPeriod; timeZone: string; limit?: number; now?: Date },
): Promise<DailyUsage[]> {
  const day = localDay(timeZone);
  const start = periodStart(since, now, timeZone);
  const query = db
    .select({
      date: day,
      conversations: sql<number>`count(*) filter (where ${messages.messageType} = 'conversation')`.mapWith(Number),
      articles: sql<number>`count(*) filter (where ${messages.messageType} = 'article')`.mapWith(Number),
      solutions: sql<number>`count(*) filter (where ${messages.messageType} = 'solution')`.mapWith(Number),
      totalCents: sum(messages.costCents).mapWith(Number),
    })
    .from(messages)
    .where(and(eq(messages.clientId, clientId), start && gte(messages.createdAt, start)))
    // By position: the day's expression carries the time zone as a parameter, and PostgreSQL would
    // not see two copies of it (select list, group by) as the same expression.
    .groupBy(sql`1`)
    .orderBy(sql`1 desc`);
  return limit ? query.limit(limit) : query;
}

export type ClientUsageTotals = { totalMessages: number; totalCostCents: number; activeSessions: number };

/** The Overview tab's cards: every message, their cost (the monthly fee aside) and the sessions active now. */
export async function getClientUsageTotals(
  db: Database,
  clientId: number,
  now = new Date(),
): Promise<ClientUsageTotals> {
  const [usage] = await db
    .select({ messages: count(), costCents: sum(messages.costCents).mapWith(Number) })
    .from(messages)
    .where(eq(messages.clientId, clientId));
  const [sessions] = await db
    .select({ active: count() })
    .from(chatSessions)
    .where(and(eq(chatSessions.clientId, clientId), sessionIsActiveAt(now)));
  return {
    totalMessages: usage?.messages ?? 0,
    totalCostCents: usage?.costCents ?? 0,
    activeSessions: sessions?.active ?? 0,
  };
}

/** The Chat Sessions tab: the client's latest sessions, most recent activity first. */
export async function listLatestClientSessions(db: Database, clientId: number, limit: number, now = new Date()) {
  return db
    .select({
      publicId: chatSessions.publicId,
      channel: chatSessions.channel,
      messageCount: chatSessions.messageCount,
      startedAt: chatSessions.startedAt,
      lastMessageAt: chatSessions.lastMessageAt,
      isActive: sessionIsActiveAt(now),
    })
    .from(chatSessions)
    .where(eq(chatSessions.clientId, clientId))
    .orderBy(desc(chatSessions.lastMessageAt), desc(chatSessions.id))
    .limit(limit);
}

/** A model's tokens over a period: prompt and reply summed, and how many turns had them counted here. */
export type TokenTotals = { promptTokens: number; replyTokens: number; modelTurns: number; countedTurns: number };

const tokenTotals = {
  promptTokens: sql<number>`coalesce(sum(${messages.promptTokens}), 0)`.mapWith(Number),
  replyTokens: sql<number>`coalesce(sum(${messages.replyTokens}), 0)`.mapWith(Number),
  modelTurns: sql<number>`count(${messages.tokensCountedBy})`.mapWith(Number),
  countedTurns: sql<number>`count(*) filter (where ${messages.tokensCountedBy} = 'tokenizer')`.mapWith(Number),
};

/**
 * A client's model tokens since then, beside what its messages were charged: the Usage & Billing tab's
 * month so far. Turns the built-in responder answered have no tokens and count in the charges alone.
 */
export async function sumClientTokensSince(db: Database, clientId: number, since: Date) {
  const [row] = await db
    .select({ ...tokenTotals, chargedCents: sql<number>`coalesce(sum(${messages.costCents}), 0)`.mapWith(Number) })
    .from(messages)
    .where(and(eq(messages.clientId, clientId), gte(messages.createdAt, since)));
  return row ?? { promptTokens: 0, replyTokens: 0, modelTurns: 0, countedTurns: 0, chargedCents: 0 };
}

/** Every client's model tokens since then, by client id: the billing page's month in progress. */
export async function sumTokensPerClientSince(db: Database, since: Date): Promise<Map<number, TokenTotals>> {
  const rows = await db
    .select({ clientId: messages.clientId, ...tokenTotals })
    .from(messages)
    .where(and(gte(messages.createdAt, since), isNotNull(messages.tokensCountedBy)))
    .groupBy(messages.clientId);
  return new Map(rows.map(({ clientId, ...totals }) => [clientId, totals]));
}
