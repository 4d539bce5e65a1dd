import type { Database } from "#db/connection.ts";
import type { MessagingChannel } from "#db/vocabulary.ts";
import { credentialsKey, decryptSecret } from "~/checks/credentials.server.ts";
import { findClientChannel, type ClientChannelRow } from "~/models/client-channel.server.ts";
import { logError } from "~/server/log.server.ts";
import { sendTelegramText, sendWhatsAppText, type CallOptions } from "./channel-apis.server.ts";

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

/**
 * Sends a text to a messaging channel's user (an operator's reply, or the assistant's): true when
 * the channel's API took it. A failure (no connection any more, the API refusing) is logged, never
 * thrown: the message is stored whatever the channel does with it.
 */
export async function sendChannelText(db: Database, target: ChannelTarget, text: string): Promise<boolean> {
  try {
    const connection = await findClientChannel(db, target.clientId, target.channel);
    if (!connection) throw new Error(`Client ${target.clientId} has no ${target.channel} connection.`);
    await sendThroughConnection(connection, target.channelUserId, text);
    return true;
  } catch (error) {
    logError(error, { event: "channel_send_failed", clientId: target.clientId, channel: target.channel });
    return false;
  }
}
