import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import {
  chatSessions,
  completedFunctions,
  leadDeliveries,
  messageImages,
  messages,
  operators,
  privacyRequests,
} from "#db/schema.ts";
import type { PrivacyAction, VisitorSearchKind } from "#db/vocabulary.ts";
import { personName } from "./operator.server.ts";

/**
 * One visitor, as the operator names them: `value` already normalised (phone: digits, a leading 972
 * as 0; e-mail: lower case; Telegram: a chat id, or a username without its @ in lower case).
 */
export type VisitorQuery = { kind: VisitorSearchKind; value: string };

/** A phone as digits only, the country code 972 as the leading 0: "050-1234567" and "+972 50 123 4567" are one phone. */
const phoneDigits = (phone: SQL) =>
  sql`regexp_replace(regexp_replace(coalesce(${phone}, ''), '[^0-9]', '', 'g'), '^972', '0')`;

/**
 * Whether a session's messaging-channel identity is this visitor: their WhatsApp number (wa_id, the
 * country code as the leading 0 like a phone they typed), or their Telegram chat id or username.
 */
function channelIdentityMatches(query: VisitorQuery): SQL {
  if (query.kind === "phone")
    return sql`(${chatSessions.channel} = 'whatsapp' and ${phoneDigits(sql`${chatSessions.channelUserId}`)} = ${query.value})`;
  if (query.kind === "telegram")
    return sql`(${chatSessions.channel} = 'telegram' and (${chatSessions.channelUserId} = ${query.value} or lower(${chatSessions.channelUserName}) = ${query.value}))`;
  return sql`false`;
}

/** Whether stored contact details (a jsonb object) are this visitor's phone or e-mail. */
function contactMatches(details: SQL, query: VisitorQuery): SQL {
  if (query.kind === "phone") return sql`${phoneDigits(sql`${details} ->> 'phone'`)} = ${query.value}`;
  if (query.kind === "email") return sql`lower(${details} ->> 'email') = ${query.value}`;
  return sql`false`;
}

/** The ids of everything stored about the visitor among one client's data; another client's never. */
async function findVisitorIds(db: Database, clientId: number, query: VisitorQuery) {
  // The details a visitor left may sit only in a completed function or a lead delivery: their sessions count too.
  const viaFunctions =
    query.kind === "session"
      ? []
      : await db
          .select({ sessionId: completedFunctions.sessionId })
          .from(completedFunctions)
          .where(
            and(
              eq(completedFunctions.clientId, clientId),
              contactMatches(sql`${completedFunctions.clientDetails}`, query),
            ),
          );
  const viaDeliveries =
    query.kind === "session"
      ? []
      : await db
          .select({ publicId: sql<string>`${leadDeliveries.payload} -> 'session' ->> 'id'` })
          .from(leadDeliveries)
          .where(
            and(
              eq(leadDeliveries.clientId, clientId),
              contactMatches(sql`(${leadDeliveries.payload} -> 'contact')`, query),
            ),
          );
  const linkedIds = viaFunctions.flatMap((row) => (row.sessionId === null ? [] : [row.sessionId]));
  const linkedPublicIds = viaDeliveries.flatMap((row) => (row.publicId ? [row.publicId] : []));
  const sessions = await db
    .select({ id: chatSessions.id, publicId: chatSessions.publicId })
    .from(chatSessions)
    .where(
      and(
        eq(chatSessions.clientId, clientId),
        query.kind === "session"
          ? eq(chatSessions.publicId, query.value)
          : or(
              contactMatches(sql`${chatSessions.contactDetails}`, query),
              channelIdentityMatches(query),
              linkedIds.length > 0 ? inArray(chatSessions.id, linkedIds) : sql`false`,
              linkedPublicIds.length > 0 ? inArray(chatSessions.publicId, linkedPublicIds) : sql`false`,
            ),
      ),
    );
  const sessionIds = sessions.map((row) => row.id);
  const publicIds = sessions.map((row) => row.publicId);
  const functions = await db
    .select({ id: completedFunctions.id })
    .from(completedFunctions)
    .where(
      and(
        eq(completedFunctions.clientId, clientId),
        or(
          sessionIds.length > 0 ? inArray(completedFunctions.sessionId, sessionIds) : sql`false`,
          contactMatches(sql`${completedFunctions.clientDetails}`, query),
        ),
      ),
    );
  const deliveries = await db
    .select({ id: leadDeliveries.id })
    .from(leadDeliveries)
    .where(
      and(
        eq(leadDeliveries.clientId, clientId),
        or(
          publicIds.length > 0 ? inArray(sql`${leadDeliveries.payload} -> 'session' ->> 'id'`, publicIds) : sql`false`,
          contactMatches(sql`(${leadDeliveries.payload} -> 'contact')`, query),
        ),
      ),
    );
  return { sessionIds, functionIds: functions.map((row) => row.id), deliveryIds: deliveries.map((row) => row.id) };
}

export type VisitorCounts = {
  sessions: number;
  messages: number;
  images: number;
  functions: number;
  deliveries: number;
};

/**
 * Everything stored about one visitor of a client: their sessions (contact details, address,
 * browser) with the messages and the images' names, their completed functions and the lead
 * deliveries that carried their details. The images' content stays out: only name, type and size.
 */
export async function findVisitorData(db: Database, clientId: number, query: VisitorQuery) {
  const ids = await findVisitorIds(db, clientId, query);
  const sessions = ids.sessionIds.length
    ? await db
        .select({
          id: chatSessions.id,
          publicId: chatSessions.publicId,
          channel: chatSessions.channel,
          channelUserId: chatSessions.channelUserId,
          channelUserName: chatSessions.channelUserName,
          startedAt: chatSessions.startedAt,
          lastMessageAt: chatSessions.lastMessageAt,
          userIp: chatSessions.userIp,
          userAgent: chatSessions.userAgent,
          contactDetails: chatSessions.contactDetails,
        })
        .from(chatSessions)
        .where(inArray(chatSessions.id, ids.sessionIds))
        .orderBy(desc(chatSessions.lastMessageAt))
    : [];
  const messageRows = ids.sessionIds.length
    ? await db
        .select({
          id: messages.id,
          sessionId: messages.sessionId,
          createdAt: messages.createdAt,
          userMessage: messages.userMessage,
          aiResponse: messages.aiResponse,
        })
        .from(messages)
        .where(inArray(messages.sessionId, ids.sessionIds))
        .orderBy(asc(messages.createdAt), asc(messages.id))
    : [];
  const images = messageRows.length
    ? await db
        .select({
          messageId: messageImages.messageId,
          name: messageImages.name,
          mime: messageImages.mime,
          size: messageImages.size,
        })
        .from(messageImages)
        .where(
          inArray(
            messageImages.messageId,
            messageRows.map((row) => row.id),
          ),
        )
    : [];
  const functions = ids.functionIds.length
    ? await db
        .select({
          functionType: completedFunctions.functionType,
          completedAt: completedFunctions.completedAt,
          clientDetails: completedFunctions.clientDetails,
        })
        .from(completedFunctions)
        .where(inArray(completedFunctions.id, ids.functionIds))
        .orderBy(asc(completedFunctions.completedAt))
    : [];
  const deliveries = ids.deliveryIds.length
    ? await db
        .select({
          channel: leadDeliveries.channel,
          event: leadDeliveries.event,
          status: leadDeliveries.status,
          createdAt: leadDeliveries.createdAt,
          payload: leadDeliveries.payload,
        })
        .from(leadDeliveries)
        .where(inArray(leadDeliveries.id, ids.deliveryIds))
        .orderBy(asc(leadDeliveries.createdAt))
    : [];
  const counts: VisitorCounts = {
    sessions: sessions.length,
    messages: messageRows.length,
    images: images.length,
    functions: functions.length,
    deliveries: deliveries.length,
  };
  return {
    counts,
    sessions: sessions.map(({ id, ...session }) => ({
      ...session,
      messages: messageRows
        .filter((message) => message.sessionId === id)
        .map(({ id: messageId, sessionId: _session, ...message }) => ({
          ...message,
          images: images
            .filter((image) => image.messageId === messageId)
            .map(({ messageId: _message, ...image }) => image),
        })),
    })),
    completedFunctions: functions,
    leadDeliveries: deliveries,
  };
}

export type VisitorData = Awaited<ReturnType<typeof findVisitorData>>;

/**
 * Erases the visitor: their sessions go (messages and images with them), their completed functions
 * stay for the bills without contact details, the lead deliveries that carried their details go.
 * The usage and analytics rollups keep their counts (migration 0016), so bills and analytics do not
 * change. Run inside a transaction: the rollup setting is local to it.
 */
export async function eraseVisitorData(db: Database, clientId: number, query: VisitorQuery): Promise<VisitorCounts> {
  const ids = await findVisitorIds(db, clientId, query);
  await db.execute(sql`select set_config('alex.keep_rollups', 'on', true)`);
  const [messageCount] = ids.sessionIds.length
    ? await db
        .select({ count: sql<number>`count(*)::int` })
        .from(messages)
        .where(inArray(messages.sessionId, ids.sessionIds))
    : [];
  const [imageCount] = ids.sessionIds.length
    ? await db
        .select({ count: sql<number>`count(*)::int` })
        .from(messageImages)
        .innerJoin(messages, eq(messages.id, messageImages.messageId))
        .where(inArray(messages.sessionId, ids.sessionIds))
    : [];
  if (ids.functionIds.length)
    await db
      .update(completedFunctions)
      .set({ clientDetails: {} })
      .where(inArray(completedFunctions.id, ids.functionIds));
  if (ids.deliveryIds.length) await db.delete(leadDeliveries).where(inArray(leadDeliveries.id, ids.deliveryIds));
  if (ids.sessionIds.length) await db.delete(chatSessions).where(inArray(chatSessions.id, ids.sessionIds));
  return {
    sessions: ids.sessionIds.length,
    messages: messageCount?.count ?? 0,
    images: imageCount?.count ?? 0,
    functions: ids.functionIds.length,
    deliveries: ids.deliveryIds.length,
  };
}

export async function recordPrivacyRequest(
  db: Database,
  request: {
    clientId: number;
    operatorId: number | null;
    action: PrivacyAction;
    searchKind: VisitorSearchKind;
    searchMasked: string;
    searchHash: string;
    counts: VisitorCounts;
  },
) {
  await db.insert(privacyRequests).values(request);
}

/** The client page's audit trail of visitors' data requests, newest first. */
export async function listPrivacyRequests(db: Database, clientId: number, limit: number) {
  return db
    .select({
      id: privacyRequests.id,
      action: privacyRequests.action,
      searchKind: privacyRequests.searchKind,
      searchMasked: privacyRequests.searchMasked,
      counts: privacyRequests.counts,
      createdAt: privacyRequests.createdAt,
      operator: personName,
    })
    .from(privacyRequests)
    .leftJoin(operators, eq(operators.id, privacyRequests.operatorId))
    .where(eq(privacyRequests.clientId, clientId))
    .orderBy(desc(privacyRequests.createdAt), desc(privacyRequests.id))
    .limit(limit);
}
