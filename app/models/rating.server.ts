import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { chatSessions, clientChannels, clients, sessionHandoffs } from "#db/schema.ts";
import { MESSAGING_CHANNELS } from "#db/vocabulary.ts";
import { notDemoClient } from "./demo-client.server.ts";

/**
 * Keeps the visitor's "How did we do?" of a session: only its first, so a second is refused (false)
 * and a conversation has one rating however often the question is answered.
 */
export async function rateSession(
  db: Database,
  sessionId: number,
  rating: { score: number; comment: string | null },
  at = new Date(),
) {
  const rated = await db
    .update(chatSessions)
    .set({ rating: rating.score, ratingComment: rating.comment, ratedAt: at })
    .where(and(eq(chatSessions.id, sessionId), isNull(chatSessions.rating)))
    .returning({ id: chatSessions.id });
  return rated.length > 0;
}

/** Notes that WhatsApp or Telegram was asked to rate the session; false when it was asked (or rated) already. */
export async function markRatingAsked(db: Database, sessionId: number, at = new Date()) {
  const marked = await db
    .update(chatSessions)
    .set({ ratingAskedAt: at })
    .where(and(eq(chatSessions.id, sessionId), isNull(chatSessions.ratingAskedAt), isNull(chatSessions.rating)))
    .returning({ id: chatSessions.id });
  return marked.length > 0;
}

/** A channel session's rating state, to tell whether the visitor's next message answers the question. */
export async function findRatingState(db: Database, sessionId: number) {
  const [state] = await db
    .select({
      rating: chatSessions.rating,
      ratingAskedAt: chatSessions.ratingAskedAt,
      lastMessageAt: chatSessions.lastMessageAt,
    })
    .from(chatSessions)
    .where(eq(chatSessions.id, sessionId))
    .limit(1);
  return state;
}

/**
 * WhatsApp and Telegram sessions quiet for longer than their client's `ratingQuietMinutes` and not
 * yet asked, rated or held by a person; only those that went quiet after `since`, so an old
 * conversation is never asked days later.
 */
export async function listQuietChannelSessions(db: Database, { now, since }: { now: Date; since: Date }) {
  return (
    db
      .select({
        id: chatSessions.id,
        publicId: chatSessions.publicId,
        clientId: chatSessions.clientId,
        channel: chatSessions.channel,
        channelUserId: chatSessions.channelUserId,
      })
      .from(chatSessions)
      .innerJoin(clients, eq(clients.id, chatSessions.clientId))
      // Only where the business is still connected to that channel: a question nobody can send is not
      // asked, nor marked asked (a seeded or disconnected conversation stays as it was).
      .innerJoin(
        clientChannels,
        and(
          eq(clientChannels.clientId, chatSessions.clientId),
          eq(clientChannels.channel, sql`${chatSessions.channel}`),
          eq(clientChannels.enabled, true),
        ),
      )
      .where(
        and(
          inArray(chatSessions.channel, [...MESSAGING_CHANNELS]),
          isNotNull(chatSessions.channelUserId),
          isNull(chatSessions.rating),
          isNull(chatSessions.ratingAskedAt),
          isNull(chatSessions.heldBy),
          gte(chatSessions.lastMessageAt, since),
          sql`${chatSessions.lastMessageAt} < ${now.toISOString()}::timestamptz - make_interval(mins => ${clients.ratingQuietMinutes})`,
          sql`${chatSessions.messageCount} > 0`,
        ),
      )
      .limit(200)
  );
}

const ratedIn = (range: { start: Date; end: Date }) =>
  and(
    isNotNull(chatSessions.rating),
    gte(chatSessions.ratedAt, range.start),
    lt(chatSessions.ratedAt, range.end),
    notDemoClient(chatSessions.clientId),
  );

/** Per client: the average rating and how many, of the sessions rated in the range. */
export async function averageRatingPerClient(db: Database, range: { start: Date; end: Date }) {
  return db
    .select({
      clientId: chatSessions.clientId,
      businessName: clients.businessName,
      average: sql<number>`avg(${chatSessions.rating})::float8`.mapWith(Number),
      ratings: sql<number>`count(*)`.mapWith(Number),
    })
    .from(chatSessions)
    .innerJoin(clients, eq(clients.id, chatSessions.clientId))
    .where(ratedIn(range))
    .groupBy(chatSessions.clientId, clients.businessName)
    .orderBy(asc(clients.businessName));
}

/** The average rating and how many per week (its Monday, "YYYY-MM-DD" in `timeZone`) of the range. */
export async function averageRatingPerWeek(db: Database, range: { start: Date; end: Date }, timeZone: string) {
  const week = sql<string>`to_char(date_trunc('week', ${chatSessions.ratedAt} at time zone ${timeZone}), 'YYYY-MM-DD')`;
  return (
    db
      .select({
        week,
        average: sql<number>`avg(${chatSessions.rating})::float8`.mapWith(Number),
        ratings: sql<number>`count(*)`.mapWith(Number),
      })
      .from(chatSessions)
      .where(ratedIn(range))
      // By position: the time zone is a parameter, and a second copy of it would not match the first.
      .groupBy(sql`1`)
      .orderBy(sql`1`)
  );
}

/** The lowest rated sessions of the range, lowest and newest first. */
export async function listLowestRatedSessions(db: Database, range: { start: Date; end: Date }, limit: number) {
  return db
    .select({
      publicId: chatSessions.publicId,
      businessName: clients.businessName,
      rating: sql<number>`${chatSessions.rating}`.mapWith(Number),
      comment: chatSessions.ratingComment,
      ratedAt: sql<Date>`${chatSessions.ratedAt}`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(chatSessions)
    .innerJoin(clients, eq(clients.id, chatSessions.clientId))
    .where(ratedIn(range))
    .orderBy(asc(chatSessions.rating), desc(chatSessions.ratedAt))
    .limit(limit);
}

/**
 * Per client: the sessions started in the range, and how many of them Alex answered alone (nobody
 * took them over or was given them).
 */
export async function countAnsweredWithoutPerson(db: Database, range: { start: Date; end: Date }) {
  const personStepped = sql`exists (select 1 from ${sessionHandoffs} where ${sessionHandoffs.sessionId} = ${chatSessions.id} and ${sessionHandoffs.action} in ('take_over', 'assign'))`;
  return db
    .select({
      clientId: chatSessions.clientId,
      businessName: clients.businessName,
      conversations: sql<number>`count(*)`.mapWith(Number),
      alexAlone: sql<number>`count(*) filter (where not ${personStepped})`.mapWith(Number),
    })
    .from(chatSessions)
    .innerJoin(clients, eq(clients.id, chatSessions.clientId))
    .where(
      and(
        gte(chatSessions.startedAt, range.start),
        lt(chatSessions.startedAt, range.end),
        notDemoClient(chatSessions.clientId),
      ),
    )
    .groupBy(chatSessions.clientId, clients.businessName);
}
