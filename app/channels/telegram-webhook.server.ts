import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "#db/connection.ts";
import { credentialsKey, decryptSecret } from "~/checks/credentials.server.ts";
import { isLanguage } from "~/i18n/config.ts";
import { findChannelByAccount, takeChannelDelivery } from "~/models/client-channel.server.ts";
import { jsonAnswer, jsonError, type ApiText } from "~/server/json-api.server.ts";
import { parseJsonBytes } from "~/server/json-body.server.ts";
import { chatGreeting } from "~/widget/chat-ui.server.ts";
import { runAfterAnswer } from "./background.server.ts";
import { fetchTelegramImage } from "./channel-apis.server.ts";
import { answerChannelMessage, type ChannelServices } from "./inbound.server.ts";
import { sendThroughConnection } from "./send.server.ts";
import { telegramAccountIdSchema, telegramUpdateSchema, type TelegramUpdate } from "./webhook-schema.ts";

/** One update is one message with at most a photo's sizes: 256 KiB is plenty. */
export const TELEGRAM_BODY_LIMIT = 256 * 1024;

function secretMatches(expected: string, given: string) {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Compared against when no bot is connected, so an unknown account takes as long to refuse as a wrong secret. */
const NO_SECRET = randomBytes(32).toString("base64url");

/**
 * The bot this webhook is for, when the update carries its secret; a refusal otherwise (nothing read
 * yet). An unknown or disconnected bot is refused exactly as a wrong secret is, so the webhook does
 * not tell a stranger which bots are connected.
 */
export async function admitTelegramUpdate(
  db: Database,
  { accountId, secret, text }: { accountId: string; secret: string | null; text: ApiText },
) {
  const bot = telegramAccountIdSchema.safeParse(accountId);
  const found = bot.success ? await findChannelByAccount(db, "telegram", bot.data) : undefined;
  const connection = found?.enabled ? found : undefined;
  const matches = secretMatches(connection?.webhookSecret ?? NO_SECRET, secret ?? "");
  if (!connection || !matches) return { refusal: jsonError(403, text("webhook.secretRefused")) };
  return { connection };
}

type Connection = NonNullable<Awaited<ReturnType<typeof admitTelegramUpdate>>["connection"]>;

/**
 * An update from the bot's webhook, its secret already checked: taken once by update_id, answered
 * after the 200. `/start` gets the client's greeting in the user's language; a text or a photo (its
 * largest size) goes to the assistant; anything else (stickers, voice) is taken and left.
 */
export async function handleTelegramUpdate(
  db: Database,
  services: ChannelServices,
  { connection, body, text }: { connection: Connection; body: Buffer; text: ApiText },
) {
  const json = parseJsonBytes(body);
  const parsed = json.kind === "json" ? telegramUpdateSchema.safeParse(json.value) : undefined;
  if (!parsed?.success) return jsonError(400, text("webhook.invalid"));
  const update = parsed.data;
  const message = update.message;
  if (!message || (message.text === undefined && !message.photo?.length)) return jsonAnswer({ received: 0 });
  const externalId = String(update.update_id);
  if (!(await takeChannelDelivery(db, { channel: "telegram", clientId: connection.clientId, externalId })))
    return jsonAnswer({ received: 0 });
  const receivedAt = Date.now();
  runAfterAnswer(() => answerUpdate(db, services, connection, update, receivedAt), {
    event: "telegram_reply_failed",
    clientId: connection.clientId,
  });
  return jsonAnswer({ received: 1 });
}

async function answerUpdate(
  db: Database,
  services: ChannelServices,
  connection: Connection,
  update: TelegramUpdate,
  receivedAt: number,
) {
  const message = update.message!;
  const chatId = String(message.chat.id);
  const code = message.from?.language_code?.slice(0, 2).toLowerCase();
  const language = isLanguage(code) ? code : "he";
  if (message.text !== undefined && /^\/start(\s|@|$)/.test(message.text)) {
    await sendThroughConnection(connection, chatId, await chatGreeting(db, connection.clientId, language));
    return;
  }
  const largest = message.photo?.reduce((best, size) =>
    (size.file_size ?? size.width * size.height) > (best.file_size ?? best.width * best.height) ? size : best,
  );
  const token = decryptSecret(credentialsKey(), connection.accessTokenEncrypted);
  const image = largest && token ? await fetchTelegramImage(token, largest.file_id) : undefined;
  await answerChannelMessage(db, services, {
    connection,
    channelUserId: chatId,
    channelUserName: message.from?.username,
    externalId: String(update.update_id),
    text: message.text ?? message.caption ?? "",
    images: image ? [image] : [],
    receivedAt,
    language,
  });
}
