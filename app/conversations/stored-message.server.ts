import type { Database } from "#db/connection.ts";
import { findMessageByClientMessageId, insertMessageImages, insertMessageOnce } from "~/models/message.server.ts";
import type { StoredPicture } from "~/pictures/picture-store.server.ts";
import type { ChatReply } from "./chat-contract.ts";

/** What the API answers for a message, and the last event of a streamed reply (app/conversations/chat-contract.ts). */
export type MessageReply = ChatReply;

/** A stored message's answer, as a request with its clientMessageId gets it again. */
export function replyOf(stored: {
  messageId: number;
  sessionPublicId: string;
  reply: string;
  messageType: string;
  costCents: number;
  role: string;
}): MessageReply {
  return {
    sessionId: stored.sessionPublicId,
    messageId: stored.messageId,
    reply: stored.reply,
    messageType: stored.messageType,
    cost: stored.costCents / 100,
    ...(stored.role === "visitor" ? { heldBy: true } : {}),
  };
}

/** Another request stored a message with the same clientMessageId first: this one's transaction rolls back. */
export class AlreadyAnswered extends Error {}

type MessageRow = Parameters<typeof insertMessageOnce>[1] & { createdAt: Date };

/**
 * Stores a message once per clientMessageId, with its pictures (their files, never their bytes);
 * a second one throws AlreadyAnswered.
 */
export async function storeMessageOnce(tx: Database, message: MessageRow, pictures: StoredPicture[]) {
  const messageId = await insertMessageOnce(tx, message);
  if (messageId === undefined) throw new AlreadyAnswered();
  await insertMessageImages(
    tx,
    pictures.map((picture) => ({
      messageId,
      clientId: message.clientId,
      createdAt: message.createdAt,
      name: picture.name,
      mime: picture.mime,
      size: picture.size,
      filePath: picture.file,
    })),
  );
  return messageId;
}

/** The answer the first request stored, for one that met AlreadyAnswered; without one, its error goes on. */
export async function replyOfFirstRequest(
  db: Database,
  { clientId, clientMessageId }: { clientId: number; clientMessageId: string },
  error: AlreadyAnswered,
): Promise<MessageReply> {
  const stored = await findMessageByClientMessageId(db, clientId, clientMessageId);
  if (!stored) throw error;
  return replyOf(stored);
}
