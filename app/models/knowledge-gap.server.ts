import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { chatSessions, knowledgeGapGroups, knowledgeGaps, messages } from "#db/schema.ts";
import type { GapKind } from "#db/vocabulary.ts";

// Knowledge gaps: visitors' questions Alex answered badly or not at all, grouped per client.

/** How many of a group's conversations its row links to, newest first (of its newest 20 gaps). */
const LINKED_SESSIONS = 5;

/**
 * The client's group for a question key, made on its first gap. A new gap in a group already
 * answered opens it again: the answer did not reach this visitor.
 */
export async function openGapGroup(db: Database, group: { clientId: number; questionKey: string; question: string }) {
  const [row] = await db
    .insert(knowledgeGapGroups)
    .values(group)
    .onConflictDoUpdate({
      target: [knowledgeGapGroups.clientId, knowledgeGapGroups.questionKey],
      set: { question: group.question, answeredAt: null },
    })
    .returning({ id: knowledgeGapGroups.id });
  return row!.id;
}

export async function hasGapOfMessage(db: Database, messageId: number, kind: GapKind) {
  const [row] = await db
    .select({ id: knowledgeGaps.id })
    .from(knowledgeGaps)
    .where(and(eq(knowledgeGaps.messageId, messageId), eq(knowledgeGaps.kind, kind)))
    .limit(1);
  return row !== undefined;
}

export async function insertGap(db: Database, gap: typeof knowledgeGaps.$inferInsert) {
  await db.insert(knowledgeGaps).values(gap).onConflictDoNothing();
}

/**
 * The client's gap groups, open or answered: how often asked, when last, the kinds, and the newest
 * conversations; the most asked first, then the most recent.
 */
export async function listGapGroups(db: Database, clientId: number, answered: boolean, limit: number) {
  const count = sql<number>`count(${knowledgeGaps.id})::int`;
  const lastAskedAt = sql<Date>`max(${knowledgeGaps.createdAt})`;
  const rows = await db
    .select({
      id: knowledgeGapGroups.id,
      question: knowledgeGapGroups.question,
      answeredAt: knowledgeGapGroups.answeredAt,
      faqQuestion: knowledgeGapGroups.faqQuestion,
      count,
      lastAskedAt,
      kinds: sql<GapKind[]>`array_agg(distinct ${knowledgeGaps.kind})`,
      sessions: sql<string[]>`(array_agg(${chatSessions.publicId} order by ${knowledgeGaps.createdAt} desc))[1:20]`,
    })
    .from(knowledgeGapGroups)
    .innerJoin(knowledgeGaps, eq(knowledgeGaps.groupId, knowledgeGapGroups.id))
    .innerJoin(chatSessions, eq(chatSessions.id, knowledgeGaps.sessionId))
    .where(
      and(
        eq(knowledgeGapGroups.clientId, clientId),
        answered ? isNotNull(knowledgeGapGroups.answeredAt) : isNull(knowledgeGapGroups.answeredAt),
      ),
    )
    .groupBy(knowledgeGapGroups.id)
    .orderBy(
      answered ? desc(knowledgeGapGroups.answeredAt) : desc(count),
      desc(lastAskedAt),
      desc(knowledgeGapGroups.id),
    )
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    lastAskedAt: new Date(row.lastAskedAt),
    // A conversation with several gaps of the group is linked once.
    sessions: [...new Set(row.sessions)].slice(0, LINKED_SESSIONS),
  }));
}

/** One of the client's groups; undefined when it is another client's or gone. */
export async function findGapGroup(db: Database, clientId: number, groupId: number) {
  const [row] = await db
    .select({
      id: knowledgeGapGroups.id,
      question: knowledgeGapGroups.question,
      questionKey: knowledgeGapGroups.questionKey,
      answeredAt: knowledgeGapGroups.answeredAt,
    })
    .from(knowledgeGapGroups)
    .where(and(eq(knowledgeGapGroups.id, groupId), eq(knowledgeGapGroups.clientId, clientId)))
    .limit(1);
  return row;
}

/** The client's groups by their keys (only the open ones when asked), newest first. */
export async function listGapGroupKeys(db: Database, clientId: number, { openOnly = false } = {}) {
  return db
    .select({ id: knowledgeGapGroups.id, questionKey: knowledgeGapGroups.questionKey })
    .from(knowledgeGapGroups)
    .where(and(eq(knowledgeGapGroups.clientId, clientId), openOnly ? isNull(knowledgeGapGroups.answeredAt) : undefined))
    .orderBy(desc(knowledgeGapGroups.id));
}

/** A gap joins an existing group: it takes the visitor's latest words, and opens it again if it was answered. */
export async function reopenGapGroup(db: Database, groupId: number, question: string) {
  await db.update(knowledgeGapGroups).set({ question, answeredAt: null }).where(eq(knowledgeGapGroups.id, groupId));
}

/** The group answered by the FAQ entry with this question. */
export async function markGapGroupAnswered(
  db: Database,
  clientId: number,
  groupId: number,
  faqQuestion: string,
  at = new Date(),
) {
  await db
    .update(knowledgeGapGroups)
    .set({ answeredAt: at, faqQuestion })
    .where(and(eq(knowledgeGapGroups.id, groupId), eq(knowledgeGapGroups.clientId, clientId)));
}

/** Of these messages, those an operator marked wrong. */
export async function listMessagesMarkedWrong(db: Database, messageIds: readonly number[]) {
  if (messageIds.length === 0) return [];
  const rows = await db
    .select({ messageId: knowledgeGaps.messageId })
    .from(knowledgeGaps)
    .where(and(inArray(knowledgeGaps.messageId, [...messageIds]), eq(knowledgeGaps.kind, "marked_wrong")));
  return rows.flatMap((row) => (row.messageId === null ? [] : [row.messageId]));
}

/** The sources of these messages' replies, by message. */
export async function listMessageSources(db: Database, messageIds: readonly number[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({ id: messages.id, sources: messages.sources })
    .from(messages)
    .where(and(inArray(messages.id, [...messageIds]), isNotNull(messages.sources)));
}

/** One of the session's exchanges with Alex's reply; undefined for another session's, an operator's, or none. */
export async function findSessionExchange(db: Database, sessionId: number, messageId: number) {
  const [row] = await db
    .select({ id: messages.id, userMessage: messages.userMessage, aiResponse: messages.aiResponse })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.sessionId, sessionId), eq(messages.role, "exchange")))
    .limit(1);
  return row?.aiResponse ? row : undefined;
}

/** The session's last exchange with a reply of Alex's: what a visitor rated, or what a person took over from. */
export async function findLastSessionExchange(db: Database, sessionId: number) {
  const [row] = await db
    .select({ id: messages.id, userMessage: messages.userMessage, aiResponse: messages.aiResponse })
    .from(messages)
    .where(and(eq(messages.sessionId, sessionId), eq(messages.role, "exchange")))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return row;
}
