import { randomBytes } from "node:crypto";
import { parseForm } from "~/components/ui/parse-form.ts";
import { data } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import type { Database } from "#db/connection.ts";
import type { MessagingChannel } from "#db/vocabulary.ts";
import { credentialsKey, decryptSecret, encryptSecret } from "~/checks/credentials.server.ts";
import {
  deleteClientChannel,
  findClientChannel,
  listClientChannels,
  saveClientChannel,
  type ClientChannelRow,
} from "~/models/client-channel.server.ts";
import { logError } from "~/server/log.server.ts";
import { ChannelApiError, deleteTelegramWebhook, setTelegramWebhook } from "./channel-apis.server.ts";
import { disconnectSchema, TELEGRAM_TOKEN, telegramFormSchema, whatsappFormSchema } from "./channel-schema.ts";

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** Our webhooks' addresses, from our public origin (PUBLIC_URL, else the one the operator reached). */
export const whatsappWebhookUrl = (origin: string) => `${origin}/api/channels/whatsapp`;
export const telegramWebhookUrl = (origin: string, botId: string) => `${origin}/api/channels/telegram/${botId}`;

/** Ours, random: Meta's verify token or Telegram's secret_token (letters, digits, - and _ as Telegram allows). */
const generateChannelSecret = () => randomBytes(32).toString("base64url");

const decrypt = (stored: string | null) => (stored ? decryptSecret(credentialsKey(), stored) : undefined);
/** What the tab shows of a stored token: its last four characters, never more. */
const endingOf = (stored: string | null) => decrypt(stored)?.slice(-4) ?? null;

/** What the Channels tab shows: each connection's ids, the webhook address, and only the tokens' endings. */
export async function loadChannelsTab(db: Database, clientId: number, origin: string) {
  const rows = await listClientChannels(db, clientId);
  const whatsapp = rows.find((row) => row.channel === "whatsapp");
  const telegram = rows.find((row) => row.channel === "telegram");
  return {
    whatsapp: {
      webhookUrl: whatsappWebhookUrl(origin),
      connection: whatsapp
        ? {
            phoneNumberId: whatsapp.accountId,
            verifyToken: whatsapp.webhookSecret,
            tokenEnding: endingOf(whatsapp.accessTokenEncrypted),
            appSecretEnding: endingOf(whatsapp.appSecretEncrypted),
          }
        : null,
    },
    telegram: telegram
      ? {
          botId: telegram.accountId,
          webhookUrl: telegramWebhookUrl(origin, telegram.accountId),
          tokenEnding: endingOf(telegram.accessTokenEncrypted),
        }
      : null,
  };
}

export type ChannelsTabData = Awaited<ReturnType<typeof loadChannelsTab>>;

type ChannelsContext = { db: Database; clientId: number; origin: string; t: Translate };

/**
 * The tab's posts: connect WhatsApp (kept as given: Meta calls us once the operator pastes the
 * webhook address and verify token into its console), connect Telegram (saved only once Telegram
 * accepted our webhook, else its refusal in the operator's language), and disconnect (the row goes;
 * Telegram's webhook is removed too, a failure there only logged).
 */
export async function handleChannelsAction(formData: FormData, context: ChannelsContext) {
  const tabPath = `/admin/clients/${context.clientId}?tab=channels`;
  const tr = (key: string, values?: Record<string, unknown>) => context.t(key, { ns: "channels", ...values });
  switch (formData.get("intent")) {
    case "connect-whatsapp":
      return connectWhatsApp(formData, context, tabPath, tr);
    case "connect-telegram":
      return connectTelegram(formData, context, tabPath, tr);
    default: {
      const parsed = disconnectSchema.safeParse({ channel: formData.get("channel") });
      if (!parsed.success) return redirectWithError(tabPath, tr("errors.channelInvalid"));
      await disconnect(context.db, context.clientId, parsed.data.channel);
      return redirectWithSuccess(tabPath, tr(`tab.disconnected.${parsed.data.channel}`));
    }
  }
}

async function connectWhatsApp(formData: FormData, { db, clientId }: ChannelsContext, tabPath: string, tr: Translate) {
  const submission = parseForm(formData, { schema: whatsappFormSchema });
  if (submission.status !== "success")
    return data({ channels: { form: "whatsapp" as const, result: submission.reply() } }, { status: 400 });
  const stored = await findClientChannel(db, clientId, "whatsapp");
  const { phoneNumberId, accessToken, appSecret } = submission.value;
  const accessTokenEncrypted = accessToken
    ? encryptSecret(credentialsKey(), accessToken)
    : stored?.accessTokenEncrypted;
  const appSecretEncrypted = appSecret ? encryptSecret(credentialsKey(), appSecret) : stored?.appSecretEncrypted;
  if (!accessTokenEncrypted || !appSecretEncrypted) {
    const reply = submission.reply({
      fieldErrors: {
        ...(accessTokenEncrypted ? {} : { accessToken: ["errors.accessTokenRequired"] }),
        ...(appSecretEncrypted ? {} : { appSecret: ["errors.appSecretRequired"] }),
      },
    });
    return data({ channels: { form: "whatsapp" as const, result: reply } }, { status: 400 });
  }
  const saved = await saveOrTaken(db, {
    clientId,
    channel: "whatsapp",
    accountId: phoneNumberId,
    accessTokenEncrypted,
    appSecretEncrypted,
    webhookSecret: stored?.webhookSecret ?? generateChannelSecret(),
  });
  if (!saved) {
    const reply = submission.reply({ fieldErrors: { phoneNumberId: ["errors.accountTaken"] } });
    return data({ channels: { form: "whatsapp" as const, result: reply } }, { status: 400 });
  }
  return redirectWithSuccess(tabPath, { message: tr("tab.whatsapp.saved"), description: tr("tab.whatsapp.savedHint") });
}

async function connectTelegram(
  formData: FormData,
  { db, clientId, origin }: ChannelsContext,
  tabPath: string,
  tr: Translate,
) {
  const submission = parseForm(formData, { schema: telegramFormSchema });
  if (submission.status !== "success")
    return data({ channels: { form: "telegram" as const, result: submission.reply() } }, { status: 400 });
  const stored = await findClientChannel(db, clientId, "telegram");
  const token = submission.value.botToken ?? decrypt(stored?.accessTokenEncrypted ?? null);
  if (!token) {
    const reply = submission.reply({ fieldErrors: { botToken: ["errors.botTokenRequired"] } });
    return data({ channels: { form: "telegram" as const, result: reply } }, { status: 400 });
  }
  const botId = TELEGRAM_TOKEN.exec(token)![1]!;
  const secret = generateChannelSecret();
  try {
    await setTelegramWebhook(token, { url: telegramWebhookUrl(origin, botId), secret });
  } catch (error) {
    const refused = error instanceof ChannelApiError;
    if (!refused) logError(error, { event: "telegram_set_webhook_failed", clientId });
    const message = refused
      ? tr("errors.telegramRefused", { description: error.description ?? error.message })
      : tr("errors.telegramUnreachable");
    const reply = submission.reply({ formErrors: [message] });
    return data({ channels: { form: "telegram" as const, result: reply } }, { status: 400 });
  }
  const saved = await saveOrTaken(db, {
    clientId,
    channel: "telegram",
    accountId: botId,
    accessTokenEncrypted: encryptSecret(credentialsKey(), token),
    appSecretEncrypted: null,
    webhookSecret: secret,
  });
  if (!saved) {
    const reply = submission.reply({ fieldErrors: { botToken: ["errors.accountTaken"] } });
    return data({ channels: { form: "telegram" as const, result: reply } }, { status: 400 });
  }
  return redirectWithSuccess(tabPath, { message: tr("tab.telegram.saved"), description: tr("tab.telegram.savedHint") });
}

/** Saves; false when another client already has this account (one client per phone number or bot). */
async function saveOrTaken(db: Database, values: Parameters<typeof saveClientChannel>[1]) {
  try {
    await saveClientChannel(db, values);
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === "object" &&
  error !== null &&
  ((error as { code?: unknown }).code === "23505" || isUniqueViolation((error as { cause?: unknown }).cause));

async function disconnect(db: Database, clientId: number, channel: MessagingChannel) {
  const stored: ClientChannelRow | undefined = await findClientChannel(db, clientId, channel);
  if (!stored) return;
  const token = channel === "telegram" ? decrypt(stored.accessTokenEncrypted) : undefined;
  if (token) {
    await deleteTelegramWebhook(token).catch((error: unknown) =>
      logError(error, { event: "telegram_delete_webhook_failed", clientId }),
    );
  }
  await deleteClientChannel(db, clientId, channel);
}
