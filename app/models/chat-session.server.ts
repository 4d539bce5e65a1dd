import { and, count, desc, eq, gt, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { chatSessions, chatSessionTotals, clients, messageImages, messages } from "#db/schema.ts";
import { type Channel, type FunctionClientDetails } from "#db/vocabulary.ts";
import { notDemoClient } from "./demo-client.server.ts";

/**
 * A session is active while its last message is younger than this: computed when read, so no timer
 * has to flip a flag. Every reader (the chat sessions monitor and its API, the client page) uses
 * this one rule.
 */
export const SESSION_ACTIVE_WINDOW_MS = 30 * 60 * 1000;

/** SQL: whether a session counts as active at `now`. */
export const sessionIsActiveAt = (now: Date) =>
  sql<boolean>`(${chatSessions.lastMessageAt} > ${new Date(now.getTime() - SESSION_ACTIVE_WINDOW_MS).toISOString()}::timestamptz)`;

/** The same rule in JavaScript, for a session already read. */
export const isSessionActive = (lastMessageAt: Date, now: Date) =>
  now.getTime() - lastMessageAt.getTime() < SESSION_ACTIVE_WINDOW_MS;

// The message API's writes and reads of a session. It writes last_message_at, never is_active.

/** A session of this client by its public id; another client's session is not found. */
export async function findClientChatSession(db: Database, clientId: number, publicId: string) {
  const [session] = await db
    .select({
      id: chatSessions.id,
      publicId: chatSessions.publicId,
      contactDetails: chatSessions.contactDetails,
      consentAt: chatSessions.consentAt,
      /** An operator holds the session: Alex does not answer (app/handoff/). */
      heldBy: chatSessions.heldBy,
      closedAt: chatSessions.closedAt,
      /** When the visitor rated the conversation (null: not yet): the widget asks once. */
      ratedAt: chatSessions.ratedAt,
    })
    .from(chatSessions)
    .where(and(eq(chatSessions.clientId, clientId), eq(chatSessions.publicId, publicId)))
    .limit(1);
  return session;
}

/**
 * A messaging channel user's latest session with the client, if their last message came after
 * `since`: they continue it; otherwise a new one starts.
 */
export async function findChannelChatSession(
  db: Database,
  {
    clientId,
    channel,
    channelUserId,
    since,
  }: { clientId: number; channel: Channel; channelUserId: string; since: Date },
) {
  const [session] = await db
    .select({ id: chatSessions.id, publicId: chatSessions.publicId })
    .from(chatSessions)
    .where(
      and(
        eq(chatSessions.clientId, clientId),
        eq(chatSessions.channel, channel),
        eq(chatSessions.channelUserId, channelUserId),
        gt(chatSessions.lastMessageAt, since),
      ),
    )
    .orderBy(desc(chatSessions.lastMessageAt))
    .limit(1);
  return session;
}

/** Where a new session's visitor writes from: the widget (the default), or a messaging channel and its user. */
export type SessionChannel = { channel: Channel; channelUserId: string | null; channelUserName?: string | null };

export async function startChatSession(
  db: Database,
  session: {
    publicId: string;
    clientId: number;
    userIp: string;
    userAgent: string | null;
    now: Date;
    channel?: SessionChannel;
  },
) {
  const [created] = await db
    .insert(chatSessions)
    .values({
      publicId: session.publicId,
      clientId: session.clientId,
      messageCount: 1,
      startedAt: session.now,
      lastMessageAt: session.now,
      userIp: session.userIp,
      userAgent: session.userAgent,
      ...session.channel,
    })
    .returning({ id: chatSessions.id });
  return created!.id;
}

/** Counts a new message in the session; the row stays locked until the transaction ends, so two messages of one session are billed in turn. */
export async function countMessageInChatSession(db: Database, sessionId: number, now: Date) {
  await db
    .update(chatSessions)
    .set({ messageCount: sql`${chatSessions.messageCount} + 1`, lastMessageAt: now })
    .where(eq(chatSessions.id, sessionId));
}

/** The visitor agreed that the business keeps their details; the first agreement's time stays. */
export async function recordChatSessionConsent(db: Database, sessionId: number, at: Date) {
  await db
    .update(chatSessions)
    .set({ consentAt: at })
    .where(and(eq(chatSessions.id, sessionId), isNull(chatSessions.consentAt)));
}

export async function saveChatSessionContactDetails(db: Database, sessionId: number, details: FunctionClientDetails) {
  await db.update(chatSessions).set({ contactDetails: details }).where(eq(chatSessions.id, sessionId));
}

/** The visitor's "Was this helpful?" answer; a second answer replaces the first. */
export async function recordSessionFeedback(db: Database, sessionId: number, helpful: boolean, at = new Date()) {
  await db.update(chatSessions).set({ helpful, feedbackAt: at }).where(eq(chatSessions.id, sessionId));
}

/** The last `limit` exchanges of a session, oldest first, as the visitor's widget shows them again. */
export async function listVisitorMessages(db: Database, sessionId: number, limit: number) {
  const rows = await db
    .select({
      id: messages.id,
      userMessage: messages.userMessage,
      aiResponse: messages.aiResponse,
      messageType: messages.messageType,
      role: messages.role,
      createdAt: messages.createdAt,
      images: count(messageImages.id),
    })
    .from(messages)
    .leftJoin(messageImages, eq(messageImages.messageId, messages.id))
    .where(eq(messages.sessionId, sessionId))
    .groupBy(messages.id)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

// The chat sessions monitor's reads: every session of every client but the public demo's, filtered,
// newest activity first. A demo session's own page still finds it (findMonitoredSession).

/** What the monitor narrows sessions by; every part is optional. */
export type SessionFilter = {
  clientId?: number;
  channel?: Channel;
  /** Sessions with activity at or after this moment... */
  activeSince?: Date;
  /** ...and up to this one (the request's "now": a period ends when it is asked for). */
  activeUntil: Date;
  /** Only the sessions rated this or lower. */
  maxRating?: number;
  /** LIKE pattern (already escaped and wrapped in %) for the session id and the IP. */
  pattern?: string;
  /** Clients whose name or license key matched the search: their sessions match too. */
  matchingClientIds?: number[];
};

function sessionConditions(filter: SessionFilter) {
  const conditions: SQL[] = [notDemoClient(chatSessions.clientId)];
  if (filter.clientId !== undefined) conditions.push(eq(chatSessions.clientId, filter.clientId));
  if (filter.channel !== undefined) conditions.push(eq(chatSessions.channel, filter.channel));
  if (filter.activeSince) conditions.push(gte(chatSessions.lastMessageAt, filter.activeSince));
  if (filter.maxRating !== undefined) conditions.push(lte(chatSessions.rating, filter.maxRating));
  conditions.push(lte(chatSessions.lastMessageAt, filter.activeUntil));
  if (filter.pattern !== undefined) {
    // Three index scans OR-ed together (trigram indexes on the id and the IP, the client index).
    const alternatives = [ilike(chatSessions.publicId, filter.pattern), ilike(chatSessions.userIp, filter.pattern)];
    if (filter.matchingClientIds?.length) alternatives.push(inArray(chatSessions.clientId, filter.matchingClientIds));
    conditions.push(or(...alternatives)!);
  }
  return and(...conditions);
}

const isUnfiltered = (filter: SessionFilter) =>
  filter.clientId === undefined &&
  filter.channel === undefined &&
  filter.activeSince === undefined &&
  filter.maxRating === undefined &&
  filter.pattern === undefined;

/**
 * Counts over the whole filtered set, not a page: sessions, the active ones, and their messages.
 * Unfiltered, the sessions and messages come from the kept totals (chat_session_totals, which also
 * count a session whose last message is being written right now, and leave the public demo's out)
 * and only the active ones are counted, on the last-message index.
 */
export async function summarizeSessions(db: Database, filter: SessionFilter, now: Date) {
  if (isUnfiltered(filter)) {
    const [[totals], [active]] = await Promise.all([
      db.select({ sessions: chatSessionTotals.sessions, messages: chatSessionTotals.messages }).from(chatSessionTotals),
      db
        .select({ active: count() })
        .from(chatSessions)
        .where(
          and(
            sessionIsActiveAt(now),
            lte(chatSessions.lastMessageAt, filter.activeUntil),
            notDemoClient(chatSessions.clientId),
          ),
        ),
    ]);
    return { sessions: totals?.sessions ?? 0, active: active?.active ?? 0, messages: totals?.messages ?? 0 };
  }
  const [row] = await db
    .select({
      sessions: count(),
      active: sql<number>`count(*) filter (where ${sessionIsActiveAt(now)})`.mapWith(Number),
      messages: sql<number>`coalesce(sum(${chatSessions.messageCount}), 0)`.mapWith(Number),
    })
    .from(chatSessions)
    .where(sessionConditions(filter));
  return { sessions: row?.sessions ?? 0, active: row?.active ?? 0, messages: row?.messages ?? 0 };
}

const monitoredSessionColumns = {
  id: chatSessions.id,
  publicId: chatSessions.publicId,
  clientId: chatSessions.clientId,
  channel: chatSessions.channel,
  channelUserId: chatSessions.channelUserId,
  messageCount: chatSessions.messageCount,
  startedAt: chatSessions.startedAt,
  lastMessageAt: chatSessions.lastMessageAt,
  userIp: chatSessions.userIp,
  contactDetails: chatSessions.contactDetails,
  consentAt: chatSessions.consentAt,
  rating: chatSessions.rating,
  ratingComment: chatSessions.ratingComment,
  businessName: clients.businessName,
  licenseKey: clients.licenseKey,
  businessType: clients.businessType,
};

/** One page of the filtered sessions, latest activity first (ties by id, so pages never overlap). */
export async function listSessions(db: Database, filter: SessionFilter, page: { limit: number; offset: number }) {
  return db
    .select(monitoredSessionColumns)
    .from(chatSessions)
    .innerJoin(clients, eq(clients.id, chatSessions.clientId))
    .where(sessionConditions(filter))
    .orderBy(desc(chatSessions.lastMessageAt), desc(chatSessions.id))
    .limit(page.limit)
    .offset(page.offset);
}

export type MonitoredSession = Awaited<ReturnType<typeof listSessions>>[number];

/** A session by its public id, whichever client it belongs to, with its client. */
export async function findMonitoredSession(db: Database, publicId: string): Promise<MonitoredSession | undefined> {
  const [session] = await db
    .select(monitoredSessionColumns)
    .from(chatSessions)
    .innerJoin(clients, eq(clients.id, chatSessions.clientId))
    .where(eq(chatSessions.publicId, publicId))
    .limit(1);
  return session;
}
