import { createHash } from "node:crypto";
import type { Database, LiveEventBus } from "#db/connection.ts";
import type { MessagingChannel } from "#db/vocabulary.ts";
import { modelSettingsFrom } from "~/assistant/assistant.server.ts";
import { MESSAGE_MAX_LENGTH } from "~/conversations/chat-contract.ts";
import { admissionTurns } from "~/conversations/admission-line.server.ts";
import { visitorMessageSchema } from "~/conversations/message-schema.ts";
import { recordHeldMessage } from "~/conversations/held-message.server.ts";
import { admitAddress, admitMessage } from "~/conversations/message-admission.server.ts";
import { replyToMessage } from "~/conversations/message-service.server.ts";
import { messageText } from "~/conversations/message-text.server.ts";
import type { Env } from "~/env.server.ts";
import type { Language } from "~/i18n/config.ts";
import { apiTextIn } from "~/server/json-api.server.ts";
import { findChannelChatSession } from "~/models/chat-session.server.ts";
import { findClientById } from "~/models/client.server.ts";
import type { ClientChannelRow } from "~/models/client-channel.server.ts";
import { forgetUnkeptPictures, overPictureLimit } from "~/pictures/pictures.server.ts";
import { picturesFolder, savePicture, type StoredPicture } from "~/pictures/picture-store.server.ts";
import { answerChannelRating } from "~/channels/channel-rating.server.ts";
import type { DownloadedImage } from "./channel-apis.server.ts";
import { sendThroughConnection } from "./send.server.ts";

/**
 * A user keeps their session while they keep writing: WhatsApp's customer service window, 24 hours
 * from their last message, is also how long a business may answer them freely. After it, a new session.
 */
export const CHANNEL_SESSION_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * What answering a channel's message needs of the server: its settings, the back office's live
 * events, and its public origin (a lead's link to the conversation).
 */
export type ChannelServices = { env: Env; liveEvents: LiveEventBus; origin: string };

export type InboundMessage = {
  connection: ClientChannelRow;
  /** WhatsApp's wa_id or Telegram's chat id. */
  channelUserId: string;
  /** Telegram's username, when the user has one: kept with a new session, so a data request can name them by it. */
  channelUserName?: string;
  /** WhatsApp's message id or Telegram's update_id: one message, however often it is delivered. */
  externalId: string;
  text: string;
  images: DownloadedImage[];
  /** When the webhook reached the server (ms since the epoch). */
  receivedAt: number;
  /** The language the channel tells (Telegram's language_code), else Hebrew; the assistant follows the text's. */
  language: Language;
};

/**
 * The widget's clientMessageId for a channel's message: a UUID (version 8, RFC 9562) made from the
 * delivery's id, so a delivery that slipped past channel_deliveries is still stored once.
 */
function clientMessageIdOf(channel: MessagingChannel, clientId: number, externalId: string) {
  const hex = createHash("sha256").update(`${channel}:${clientId}:${externalId}`).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Answers a channel's message through the widget's message service (the same admission, in the
 * same line: licence, limits, ceiling; the same assistant, billing and completed functions), then
 * sends the reply. The user's channel identity stands for the widget's address: it is what the
 * per-minute limit counts, and the session's user_ip, so a visitor-data search by the number finds
 * them. Writing to the business on its own channel is the consent (docs/decisions/028-messaging-channels.md).
 */
export async function answerChannelMessage(
  db: Database,
  { env, liveEvents, origin }: ChannelServices,
  message: InboundMessage,
) {
  const { connection, channelUserId } = message;
  const channel = connection.channel;
  const send = async (text: string) => {
    await sendThroughConnection(connection, channelUserId, text);
  };
  const refusalText = async (key: string) => (await messageText(message.language))(`errors.${key}`);
  const address = `${channel}:${channelUserId}`;

  // The same line as the widget's messages: a flood on a channel waits its turn, and a message whose
  // turn does not come is told the server is busy, so its user knows to write again.
  const inAdmissionTurn = admissionTurns();
  const addressCheck = await inAdmissionTurn(() => admitAddress(db, address));
  if (!addressCheck.served) return send(await refusalText("busy"));
  if (addressCheck.value) return send(await refusalText(addressCheck.value.error));
  const client = await findClientById(db, connection.clientId);
  if (!client) return;
  const text =
    message.text.trim().slice(0, MESSAGE_MAX_LENGTH) ||
    (await apiTextIn(message.language, "channels"))("inbound.imageWithoutCaption");
  const visitor = { ip: address, userAgent: channel };
  // The answer to "How did we do? Reply 1-5" is the conversation's rating, not a question for Alex.
  const current = await findChannelChatSession(db, {
    clientId: client.id,
    channel,
    channelUserId,
    since: new Date(Date.now() - CHANNEL_SESSION_WINDOW_MS),
  });
  if (current) {
    const thanks = await answerChannelRating(
      db,
      { id: current.id, clientId: client.id },
      { text: message.text, hasImages: message.images.length > 0, language: message.language },
    );
    if (thanks) return send(thanks);
  }
  const admitted = await inAdmissionTurn(async () => {
    const session = await findChannelChatSession(db, {
      clientId: client.id,
      channel,
      channelUserId,
      since: new Date(Date.now() - CHANNEL_SESSION_WINDOW_MS),
    });
    const parsed = visitorMessageSchema.safeParse({
      license: client.licenseKey,
      sessionId: session?.publicId ?? null,
      clientMessageId: clientMessageIdOf(channel, client.id, message.externalId),
      message: text,
      consent: true,
    });
    if (!parsed.success) return undefined;
    const admission = await admitMessage(db, parsed.data, {
      timeZone: env.TZ_DISPLAY,
      visitor,
      // Not a browser: no Origin to check.
      origin: { header: null, self: "" },
    });
    return { input: parsed.data, admission };
  });
  if (!admitted.served) return send(await refusalText("busy"));
  if (!admitted.value) return send(await refusalText("message"));
  const { input, admission } = admitted.value;
  if (admission.kind === "refused") return send(await refusalText(admission.refusal.error));
  if (admission.kind === "replay") return send(admission.reply.reply);
  if (
    await overPictureLimit(
      db,
      { clientId: client.id, sessionId: admission.session?.id },
      message.images.map((image) => ({ size: image.bytes.length })),
    )
  )
    return send(await refusalText("tooManyPictures"));
  // A person holds the session: Alex stays silent, and the operator's reply reaches the user by the channel.
  const storeAndAnswer = async (images: StoredPicture[]) => {
    if (admission.session?.heldBy != null) {
      const held = await recordHeldMessage(db, {
        admission,
        input,
        images,
        mailEnabled: Boolean(env.SMTP_URL),
        liveEvents,
        receivedAt: message.receivedAt,
        channel,
        backOfficeOrigin: origin,
      });
      return held.messageId;
    }
    const reply = await replyToMessage(db, {
      admission,
      input,
      images,
      visitor,
      requestLanguage: message.language,
      modelSettings: modelSettingsFrom(env),
      timeZone: env.TZ_DISPLAY,
      consentNeeded: (await messageText(message.language))("consentNeeded", { business: client.businessName }),
      mailEnabled: Boolean(env.SMTP_URL),
      onDelta: () => {},
      visitorWaiting: () => true,
      channel: { channel, channelUserId, channelUserName: message.channelUserName ?? null },
      liveEvents,
      receivedAt: message.receivedAt,
      backOfficeOrigin: origin,
    });
    await send(reply.reply);
    return reply.messageId;
  };
  // The pictures are written with the message, and kept only if it is stored.
  const folder = picturesFolder(env);
  const images = await Promise.all(message.images.map((image) => savePicture(folder, image.bytes, image.name)));
  let messageId: number | undefined;
  try {
    messageId = await storeAndAnswer(images);
  } finally {
    await forgetUnkeptPictures(db, folder, images, messageId);
  }
}
