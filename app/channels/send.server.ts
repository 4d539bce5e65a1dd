import type { Database } from "#db/connection.ts";
import type { MessagingChannel, ReplyDeliveryFailure } from "#db/vocabulary.ts";
import { credentialsKey, decryptSecret } from "~/checks/credentials.server.ts";
import { findClientChannel, type ClientChannelRow } from "~/models/client-channel.server.ts";
import { logError } from "~/server/log.server.ts";
import { ChannelApiError, sendTelegramText, sendWhatsAppText, type CallOptions } from "./channel-apis.server.ts";

export type ChannelTarget = { clientId: number; channel: MessagingChannel; channelUserId: string };

/**
 * Sends a text through a connection already read: the assistant's replies, the greeting and the
 * operator's test message. The message's id as the channel gave it.
 */
export async function sendThroughConnection(
  connection: ClientChannelRow,
  channelUserId: string,
  text: string,
  options?: CallOptions,
): Promise<string | undefined> {
  const token = decryptSecret(credentialsKey(), connection.accessTokenEncrypted);
  if (!token) throw new Error(`The ${connection.channel} token of client ${connection.clientId} cannot be decrypted.`);
  return connection.channel === "whatsapp"
    ? sendWhatsAppText({ phoneNumberId: connection.accountId, token }, channelUserId, text, options)
    : sendTelegramText(token, channelUserId, text, options);
}

/** What became of a text sent to a channel's user: taken by the channel's API, or why not and its words. */
export type ChannelSendOutcome =
  { sent: true } | { sent: false; failure: ReplyDeliveryFailure; description: string | null };

function failureOf(error: unknown): ChannelSendOutcome {
  if (error instanceof NoConnection) return { sent: false, failure: "not_connected", description: null };
  if (error instanceof ChannelApiError) {
    const refusedToken = error.status === 401 || error.status === 403;
    return { sent: false, failure: refusedToken ? "token_refused" : "refused", description: error.description ?? null };
  }
  if (error instanceof DOMException && error.name === "TimeoutError") {
    return { sent: false, failure: "timeout", description: null };
  }
  return { sent: false, failure: "unreachable", description: null };
}

class NoConnection extends Error {}

/**
 * Sends a text to a messaging channel's user (an operator's reply, or the assistant's). A failure
 * (no connection any more, the API refusing) is logged, never thrown, and answered in the outcome:
 * the message is stored whatever the channel does with it, and the person who wrote it is told.
 */
export async function sendChannelText(db: Database, target: ChannelTarget, text: string): Promise<ChannelSendOutcome> {
  try {
    const connection = await findClientChannel(db, target.clientId, target.channel);
    if (!connection) throw new NoConnection(`Client ${target.clientId} has no ${target.channel} connection.`);
    await sendThroughConnection(connection, target.channelUserId, text);
    return { sent: true };
  } catch (error) {
    logError(error, { event: "channel_send_failed", clientId: target.clientId, channel: target.channel });
    return failureOf(error);
  }
}
