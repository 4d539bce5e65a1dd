import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { chatSessions, clients, messages, operators, sessionHandoffs } from "#db/schema.ts";
import type { HandoffAction } from "#db/vocabulary.ts";
import { personName } from "./operator.server.ts";

// Who answers a session (Alex, or the operator who holds it) and the trail of the changes.

/**
 * Takes the session for this operator in one statement: only while no one holds it (or this
 * operator already does), so two operators racing each other cannot both win. Answers whether it did.
 */
export async function holdSession(db: Database, sessionId: number, operatorId: number, now: Date) {
  const held = await db
    .update(chatSessions)
    .set({ heldBy: operatorId, heldAt: now, waitingSince: null, closedAt: null })
    .where(and(eq(chatSessions.id, sessionId), or(isNull(chatSessions.heldBy), eq(chatSessions.heldBy, operatorId))))
    .returning({ id: chatSessions.id });
  return held.length > 0;
}

/** Gives the session back to Alex, only if `operatorId` holds it; answers whether it did. */
export async function releaseSession(db: Database, sessionId: number, operatorId: number) {
  const released = await db
    .update(chatSessions)
    .set({ heldBy: null, heldAt: null })
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.heldBy, operatorId)))
    .returning({ id: chatSessions.id });
  return released.length > 0;
}

/** Who holds the session now (with their name), or undefined when Alex answers. */
export async function findSessionHolder(db: Database, sessionId: number) {
  const [holder] = await db
    .select({ operatorId: operators.id, username: personName, heldAt: chatSessions.heldAt })
    .from(chatSessions)
    .innerJoin(operators, eq(operators.id, chatSessions.heldBy))
    .where(eq(chatSessions.id, sessionId))
    .limit(1);
  return holder;
}

export async function recordHandoff(
  db: Database,
  handoff: { sessionId: number; operatorId: number | null; operatorName: string; action: HandoffAction; at: Date },
) {
  await db.insert(sessionHandoffs).values({
    sessionId: handoff.sessionId,
    operatorId: handoff.operatorId,
    operatorName: handoff.operatorName,
    action: handoff.action,
    createdAt: handoff.at,
  });
}

/** The session's hand-over log (requests for a person, take-overs, assignments, hand-backs, closes), oldest first. */
export async function listSessionHandoffs(db: Database, sessionId: number) {
  return db
    .select({
      id: sessionHandoffs.id,
      operatorName: sessionHandoffs.operatorName,
      action: sessionHandoffs.action,
      createdAt: sessionHandoffs.createdAt,
      /** Who did it, as named now (an assignment's `operatorName` is the colleague it went to). */
      byName: personName,
    })
    .from(sessionHandoffs)
    .leftJoin(operators, eq(operators.id, sessionHandoffs.operatorId))
    .where(eq(sessionHandoffs.sessionId, sessionId))
    .orderBy(asc(sessionHandoffs.createdAt), asc(sessionHandoffs.id));
}

/**
 * Held sessions where the visitor has waited since before `cutoff`: a visitor message written while
 * held, older than the cutoff, with no operator reply after it.
 */
export async function listHeldSessionsWaitingSince(db: Database, cutoff: Date) {
  const waiting = db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.sessionId, chatSessions.id),
        eq(messages.role, "visitor"),
        sql`${messages.createdAt} >= ${chatSessions.heldAt}`,
        sql`${messages.createdAt} < ${cutoff.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${messages} as answered where answered.session_id = ${messages.sessionId}
          and answered.role = 'operator' and answered.created_at >= ${messages.createdAt})`,
      ),
    );
  return db
    .select({
      id: chatSessions.id,
      publicId: chatSessions.publicId,
      clientId: chatSessions.clientId,
      channel: chatSessions.channel,
      channelUserId: chatSessions.channelUserId,
      heldBy: chatSessions.heldBy,
      heldAt: chatSessions.heldAt,
      contactDetails: chatSessions.contactDetails,
      businessName: clients.businessName,
      holderName: personName,
    })
    .from(chatSessions)
    .innerJoin(clients, eq(clients.id, chatSessions.clientId))
    .leftJoin(operators, eq(operators.id, chatSessions.heldBy))
    .where(and(sql`${chatSessions.heldBy} is not null`, sql`exists (${waiting})`))
    .orderBy(asc(chatSessions.heldAt));
}

/** The text of the visitor's last message in the session: the language Alex's timeout notice is written in. */
export async function findLastVisitorText(db: Database, sessionId: number) {
  const [row] = await db
    .select({ text: messages.userMessage })
    .from(messages)
    .where(and(eq(messages.sessionId, sessionId), or(eq(messages.role, "visitor"), eq(messages.role, "exchange"))))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return row?.text ?? "";
}

/** Releases a timed-out session only if the same hold is still on (no hand-back, no new take-over since). */
export async function releaseTimedOutSession(db: Database, sessionId: number, heldBy: number, heldAt: Date) {
  const released = await db
    .update(chatSessions)
    .set({ heldBy: null, heldAt: null })
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.heldBy, heldBy), eq(chatSessions.heldAt, heldAt)))
    .returning({ id: chatSessions.id });
  return released.length > 0;
}

/** One message of the session by id, for the visitor's live stream: only operator replies and Alex's words. */
export async function findSessionMessageForVisitor(db: Database, sessionId: number, messageId: number) {
  const [row] = await db
    .select({ id: messages.id, role: messages.role, userMessage: messages.userMessage, text: messages.aiResponse })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.sessionId, sessionId)))
    .limit(1);
  return row;
}
