import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { authSessions, chatSessions, clients, messages, operators } from "#db/schema.ts";
import { TEAM_ROLES, type Channel, type ConversationState } from "#db/vocabulary.ts";
import { sessionIsActiveAt } from "./chat-session.server.ts";
import { notDemoClient } from "./demo-client.server.ts";
import { personName } from "./operator.server.ts";

// The inbox: what state each conversation is in (Alex answering, waiting for a person, held, closed),
// the changes between them, and who is there to answer.

/** SQL: the conversation's state, in the order that decides it (closed over held over waiting). */
const stateOf = sql<ConversationState>`case
  when ${chatSessions.closedAt} is not null then 'closed'
  when ${chatSessions.heldBy} is not null then 'held'
  when ${chatSessions.waitingSince} is not null then 'waiting'
  else 'alex' end`;

/** The visitor asked for a person: the conversation waits, unless it already does or someone holds it. */
export async function markWaitingForPerson(db: Database, sessionId: number, now: Date) {
  const marked = await db
    .update(chatSessions)
    .set({ waitingSince: now, closedAt: null })
    .where(and(eq(chatSessions.id, sessionId), isNull(chatSessions.waitingSince), isNull(chatSessions.heldBy)))
    .returning({ id: chatSessions.id });
  return marked.length > 0;
}

/** A visitor's message reopens a closed conversation; answers whether it was closed. */
export async function reopenSession(db: Database, sessionId: number) {
  const reopened = await db
    .update(chatSessions)
    .set({ closedAt: null })
    .where(and(eq(chatSessions.id, sessionId), isNotNull(chatSessions.closedAt)))
    .returning({ id: chatSessions.id });
  return reopened.length > 0;
}

/** Closes the conversation: nobody holds it and nobody waits; answers whether it was open. */
export async function closeSession(db: Database, sessionId: number, now: Date) {
  const closed = await db
    .update(chatSessions)
    .set({ closedAt: now, heldBy: null, heldAt: null, waitingSince: null })
    .where(and(eq(chatSessions.id, sessionId), isNull(chatSessions.closedAt)))
    .returning({ id: chatSessions.id });
  return closed.length > 0;
}

/** Gives the conversation to a colleague, whoever held it: their hold starts now and the wait ends. */
export async function assignSession(db: Database, sessionId: number, operatorId: number, now: Date) {
  const assigned = await db
    .update(chatSessions)
    .set({ heldBy: operatorId, heldAt: now, waitingSince: null, closedAt: null })
    .where(eq(chatSessions.id, sessionId))
    .returning({ id: chatSessions.id });
  return assigned.length > 0;
}

export type InboxFilter = {
  /** The business whose conversations these are: the portal's always, the back-office's when it filters. */
  clientId?: number;
  state?: ConversationState;
  channel?: Channel;
  /** Held by this person. */
  heldBy?: number;
};

/** The inbox shows this many conversations at most: the longest-waiting first, so none waiting hides. */
export const INBOX_ROWS = 200;

/**
 * The open conversations: those waiting or held, and those Alex answers that are still active; the
 * closed ones only when asked for. Waiting first (longest first), then held, then the most recent.
 * The unread count is the visitor's messages since a person last answered, or since the wait began.
 */
export async function listInbox(db: Database, filter: InboxFilter, now: Date) {
  const lastOperatorReply = sql`(select max(o.created_at) from ${messages} o where o.session_id = ${chatSessions.id} and o.role = 'operator')`;
  const unread = sql<number>`case when ${chatSessions.heldBy} is null and ${chatSessions.waitingSince} is null then 0
    else (select count(*) from ${messages} u where u.session_id = ${chatSessions.id} and u.role <> 'operator'
      and u.created_at >= greatest(coalesce(${chatSessions.waitingSince}, ${chatSessions.heldAt}), coalesce(${lastOperatorReply}, '-infinity'::timestamptz))) end`;
  const last = sql<string>`(select case when l.role = 'operator' then l.ai_response else l.user_message end
    from ${messages} l where l.session_id = ${chatSessions.id} order by l.created_at desc, l.id desc limit 1)`;
  const shown: SQL[] = [notDemoClient(chatSessions.clientId)];
  if (filter.clientId !== undefined) shown.push(eq(chatSessions.clientId, filter.clientId));
  if (filter.channel) shown.push(eq(chatSessions.channel, filter.channel));
  if (filter.heldBy !== undefined) shown.push(eq(chatSessions.heldBy, filter.heldBy));
  if (filter.state) shown.push(sql`${stateOf} = ${filter.state}`);
  if (filter.state !== "closed")
    shown.push(
      and(
        isNull(chatSessions.closedAt),
        or(isNotNull(chatSessions.waitingSince), isNotNull(chatSessions.heldBy), sessionIsActiveAt(now)),
      )!,
    );
  const rows = await db
    .select({
      publicId: chatSessions.publicId,
      clientId: chatSessions.clientId,
      businessName: clients.businessName,
      channel: chatSessions.channel,
      state: stateOf,
      waitingSince: chatSessions.waitingSince,
      heldBy: chatSessions.heldBy,
      holderName: personName,
      visitorName: sql<string | null>`${chatSessions.contactDetails} ->> 'clientName'`,
      lastMessage: last,
      lastMessageAt: chatSessions.lastMessageAt,
      closedAt: chatSessions.closedAt,
      unread,
    })
    .from(chatSessions)
    .innerJoin(clients, eq(clients.id, chatSessions.clientId))
    .leftJoin(operators, eq(operators.id, chatSessions.heldBy))
    .where(and(...shown))
    .orderBy(
      sql`case ${stateOf} when 'waiting' then 0 when 'held' then 1 when 'alex' then 2 else 3 end`,
      asc(chatSessions.waitingSince),
      desc(chatSessions.lastMessageAt),
    )
    .limit(INBOX_ROWS);
  return rows.map((row) => ({ ...row, unread: Number(row.unread) }));
}

export type InboxRow = Awaited<ReturnType<typeof listInbox>>[number];

/** Conversations waiting for a person and taken by nobody: every business's, or one's. */
export async function countWaiting(db: Database, clientId?: number) {
  const [row] = await db
    .select({ waiting: sql<number>`count(*)` })
    .from(chatSessions)
    .innerJoin(clients, eq(clients.id, chatSessions.clientId))
    .where(
      and(
        isNotNull(chatSessions.waitingSince),
        isNull(chatSessions.heldBy),
        isNull(chatSessions.closedAt),
        notDemoClient(chatSessions.clientId),
        clientId === undefined ? undefined : eq(chatSessions.clientId, clientId),
      ),
    );
  return Number(row?.waiting ?? 0);
}

/** The person's page is open (its live stream heard from them); false when the session is gone. */
export async function touchLiveAuthSession(db: Database, sessionId: string, now: Date) {
  const touched = await db
    .update(authSessions)
    .set({ liveAt: now })
    .where(and(eq(authSessions.id, sessionId), gt(authSessions.expiresAt, now)))
    .returning({ id: authSessions.id });
  return touched.length > 0;
}

/**
 * Whether someone who may answer the client's visitors has a page open since `since`: the provider's
 * team, or the business's own people. A disabled person does not count.
 */
export async function someoneCanAnswer(db: Database, clientId: number, since: Date) {
  const [row] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .innerJoin(operators, eq(operators.id, authSessions.operatorId))
    .where(
      and(
        gt(authSessions.liveAt, since),
        gt(authSessions.expiresAt, since),
        isNull(operators.disabledAt),
        or(and(isNull(operators.clientId), inArray(operators.role, [...TEAM_ROLES])), eq(operators.clientId, clientId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The people a conversation of this client may be assigned to: the team and the business's own, enabled. */
export async function listAssignablePeople(db: Database, clientId: number, { teamToo }: { teamToo: boolean }) {
  return db
    .select({ id: operators.id, name: personName })
    .from(operators)
    .where(
      and(
        isNull(operators.disabledAt),
        teamToo ? or(isNull(operators.clientId), eq(operators.clientId, clientId)) : eq(operators.clientId, clientId),
      ),
    )
    .orderBy(asc(personName));
}

/** The business owners' addresses (enabled, with an e-mail), for the mail about a visitor left waiting. */
export async function listBusinessOwnerEmails(db: Database, clientId: number) {
  const rows = await db
    .select({ email: operators.email })
    .from(operators)
    .where(
      and(
        eq(operators.clientId, clientId),
        eq(operators.role, "business_owner"),
        isNull(operators.disabledAt),
        isNotNull(operators.email),
      ),
    )
    .orderBy(asc(operators.id));
  return rows.flatMap((row) => (row.email ? [row.email] : []));
}

/** The person settings of a client: the widget's button, and the minutes before its owner hears of a wait. */
export async function findPersonSettings(db: Database, clientId: number) {
  const [row] = await db
    .select({ personButton: clients.personButton, personWaitMinutes: clients.personWaitMinutes })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row;
}

/** Whether the client's conversation still waits for a person, taken by nobody. */
export async function isWaitingForPerson(db: Database, clientId: number, publicId: string) {
  const [row] = await db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(
      and(
        eq(chatSessions.clientId, clientId),
        eq(chatSessions.publicId, publicId),
        isNotNull(chatSessions.waitingSince),
        isNull(chatSessions.heldBy),
        isNull(chatSessions.closedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The conversation's state and since when its visitor waits (null: not waiting). */
export async function findConversationState(db: Database, sessionId: number) {
  const [row] = await db
    .select({ state: stateOf, waitingSince: chatSessions.waitingSince })
    .from(chatSessions)
    .where(eq(chatSessions.id, sessionId))
    .limit(1);
  return row ?? { state: "alex" as const, waitingSince: null };
}
