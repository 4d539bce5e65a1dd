import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { chatSessions, messageImages, messages, type FunctionClientDetails } from "#db/schema.ts";

/**
 * A session is active while its last message is younger than this (issue 8: "computed when read,
 * no timer needed"). Every reader (the message API, the monitor, the client page) uses this one rule.
 */
export const SESSION_ACTIVE_WINDOW_MS = 30 * 60 * 1000;

/** SQL: whether a session counts as active at `now`. */
export const sessionIsActiveAt = (now: Date) =>
  sql<boolean>`(${chatSessions.lastMessageAt} > ${new Date(now.getTime() - SESSION_ACTIVE_WINDOW_MS).toISOString()}::timestamptz)`;

/** The same rule in JavaScript, for a session already read. */
export const isSessionActive = (lastMessageAt: Date, now: Date) =>
  now.getTime() - lastMessageAt.getTime() < SESSION_ACTIVE_WINDOW_MS;

// The message API's writes and reads of a session (issue 8). It writes last_message_at, never is_active.

/** A session of this client by its public id; another client's session is not found. */
export async function findClientChatSession(db: Database, clientId: number, publicId: string) {
  const [session] = await db
    .select({ id: chatSessions.id, publicId: chatSessions.publicId, contactDetails: chatSessions.contactDetails })
    .from(chatSessions)
    .where(and(eq(chatSessions.clientId, clientId), eq(chatSessions.publicId, publicId)))
    .limit(1);
  return session;
}

export async function startChatSession(
  db: Database,
  session: { publicId: string; clientId: number; userIp: string; userAgent: string | null; now: Date },
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
