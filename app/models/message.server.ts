import { and, asc, count, desc, eq, gt, gte, inArray, max, min, or, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { chatSessions, messageImages, messages, operators } from "#db/schema.ts";
import type { ReplyDeliveryFailure } from "#db/vocabulary.ts";
import { personName } from "./operator.server.ts";

// The message API's reads and writes of messages.

const storedReplyColumns = {
  messageId: messages.id,
  sessionPublicId: chatSessions.publicId,
  reply: messages.aiResponse,
  messageType: messages.messageType,
  costCents: messages.costCents,
  role: messages.role,
};

/** The message a client's widget already sent with this id, as it was answered. */
export async function findMessageByClientMessageId(db: Database, clientId: number, clientMessageId: string) {
  const [stored] = await db
    .select(storedReplyColumns)
    .from(messages)
    .innerJoin(chatSessions, eq(chatSessions.id, messages.sessionId))
    .where(and(eq(messages.clientId, clientId), eq(messages.clientMessageId, clientMessageId)))
    .limit(1);
  return stored;
}

/** The session's latest exchanges, oldest first: the conversation the assistant continues. */
export async function listRecentSessionExchanges(db: Database, sessionId: number, limit: number) {
  const rows = await db
    .select({
      userMessage: messages.userMessage,
      aiResponse: messages.aiResponse,
      messageType: messages.messageType,
      role: messages.role,
    })
    .from(messages)
    .where(eq(messages.sessionId, sessionId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

export async function countSessionMessagesSince(db: Database, sessionId: number, since: Date) {
  const [row] = await db
    .select({ messages: count() })
    .from(messages)
    .where(and(eq(messages.sessionId, sessionId), gt(messages.createdAt, since)));
  return row?.messages ?? 0;
}

export async function countClientMessagesSince(db: Database, clientId: number, since: Date) {
  const [row] = await db
    .select({ messages: count() })
    .from(messages)
    .where(and(eq(messages.clientId, clientId), gt(messages.createdAt, since)));
  return row?.messages ?? 0;
}

/** What a client's messages since then cost: its usage charges (conversations, articles, solutions). */
export async function sumClientChargesSince(db: Database, clientId: number, since: Date) {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${messages.costCents}), 0)`.mapWith(Number) })
    .from(messages)
    .where(and(eq(messages.clientId, clientId), gte(messages.createdAt, since)));
  return row?.cents ?? 0;
}

/** Whether the session's conversation ($1, its first AI reply) was already billed. */
export async function sessionHasConversationMessage(db: Database, sessionId: number) {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.sessionId, sessionId), eq(messages.messageType, "conversation")))
    .limit(1);
  return row !== undefined;
}

/** Inserts the message unless the client already has one with its clientMessageId; returns its id, or undefined then. */
export async function insertMessageOnce(db: Database, message: typeof messages.$inferInsert) {
  const [inserted] = await db
    .insert(messages)
    .values(message)
    .onConflictDoNothing({ target: [messages.clientId, messages.clientMessageId] })
    .returning({ id: messages.id });
  return inserted?.id;
}

export async function insertMessageImages(db: Database, images: (typeof messageImages.$inferInsert)[]) {
  if (images.length > 0) await db.insert(messageImages).values(images);
}

/** The picture bytes a session's, or all of a client's sessions', messages stored since then. */
export async function sumPictureBytesSince(
  db: Database,
  of: { sessionId: number } | { clientId: number },
  since: Date,
) {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${messageImages.size}), 0)::bigint` })
    .from(messages)
    .innerJoin(messageImages, eq(messageImages.messageId, messages.id))
    .where(
      and(
        "sessionId" in of ? eq(messages.sessionId, of.sessionId) : eq(messages.clientId, of.clientId),
        gt(messages.createdAt, since),
      ),
    );
  return Number(row?.bytes ?? 0);
}

/** The picture files a message refers to. */
export async function listPictureFilesOfMessage(db: Database, messageId: number) {
  const rows = await db
    .select({ file: messageImages.filePath })
    .from(messageImages)
    .where(eq(messageImages.messageId, messageId));
  return rows.map((row) => row.file).filter((file) => file !== null);
}

// The chat sessions monitor's reads of one session's messages.

/** Where a page of a session's messages ended: the next page starts after it. */
export type MessageCursor = { createdAt: Date; id: number };

/** A page of the session's messages, oldest first, after `cursor` (keyset paging walks the (session, created_at) index). */
export async function listSessionMessages(
  db: Database,
  sessionId: number,
  page: { limit: number; after?: MessageCursor },
) {
  const after = page.after;
  return db
    .select({
      id: messages.id,
      userMessage: messages.userMessage,
      aiResponse: messages.aiResponse,
      messageType: messages.messageType,
      costCents: messages.costCents,
      createdAt: messages.createdAt,
      role: messages.role,
      /** The operator who wrote an `operator` message (null once they are removed). */
      operatorName: personName,
      deliveredAt: messages.deliveredAt,
      deliveryFailure: messages.deliveryFailure,
      deliveryError: messages.deliveryError,
    })
    .from(messages)
    .leftJoin(operators, eq(operators.id, messages.operatorId))
    .where(
      and(
        eq(messages.sessionId, sessionId),
        after
          ? or(
              gt(messages.createdAt, after.createdAt),
              and(eq(messages.createdAt, after.createdAt), gt(messages.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(page.limit);
}

/** The session's messages counted and costed by type, with the first and last message times. */
export async function summarizeSessionMessages(db: Database, sessionId: number) {
  return db
    .select({
      messageType: messages.messageType,
      messages: count(),
      costCents: sql<number>`coalesce(sum(${messages.costCents}), 0)`.mapWith(Number),
      firstAt: min(messages.createdAt),
      lastAt: max(messages.createdAt),
    })
    .from(messages)
    .where(eq(messages.sessionId, sessionId))
    .groupBy(messages.messageType);
}

/** What is known of these messages' images, without their bytes. */
export async function listImagesOfMessages(db: Database, messageIds: number[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({
      id: messageImages.id,
      messageId: messageImages.messageId,
      name: messageImages.name,
      mime: messageImages.mime,
      size: messageImages.size,
    })
    .from(messageImages)
    .where(inArray(messageImages.messageId, messageIds))
    .orderBy(asc(messageImages.id));
}

/**
 * An image, only when it belongs to a message of this session: its file in the pictures folder, or
 * its bytes for one stored before pictures became files.
 */
export async function findSessionImage(db: Database, sessionId: number, imageId: number) {
  const [image] = await db
    .select({
      name: messageImages.name,
      mime: messageImages.mime,
      data: messageImages.data,
      filePath: messageImages.filePath,
    })
    .from(messageImages)
    .innerJoin(messages, eq(messages.id, messageImages.messageId))
    .where(and(eq(messageImages.id, imageId), eq(messages.sessionId, sessionId)))
    .limit(1);
  return image;
}

/** What became of an operator's reply on its way to the visitor: reached them at `at`, or why not. */
export type ReplyDeliveryRecord =
  { delivered: true; at: Date } | { delivered: false; failure: ReplyDeliveryFailure; error: string | null };

export async function recordReplyDelivery(db: Database, messageId: number, delivery: ReplyDeliveryRecord) {
  await db
    .update(messages)
    .set(
      delivery.delivered
        ? { deliveredAt: delivery.at, deliveryFailure: null, deliveryError: null }
        : { deliveredAt: null, deliveryFailure: delivery.failure, deliveryError: delivery.error },
    )
    .where(eq(messages.id, messageId));
}

/** The session's newest operator reply and what became of it on its way: the reply box's status line. */
export async function findLastOperatorReply(db: Database, sessionId: number) {
  const [row] = await db
    .select({
      id: messages.id,
      createdAt: messages.createdAt,
      deliveredAt: messages.deliveredAt,
      deliveryFailure: messages.deliveryFailure,
      deliveryError: messages.deliveryError,
    })
    .from(messages)
    .where(and(eq(messages.sessionId, sessionId), eq(messages.role, "operator")))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return row;
}
