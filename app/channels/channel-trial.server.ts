import { randomBytes } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { Database } from "#db/connection.ts";
import type { MessagingChannel } from "#db/vocabulary.ts";
import { rawErrorOf } from "~/checks/check-errors.server.ts";
import { credentialsKey, decryptSecret } from "~/checks/credentials.server.ts";
import type { Explanation, ExplanationValue } from "~/checks/explanation.ts";
import { parseForm } from "~/components/ui/parse-form.ts";
import { findClientChannel, type ClientChannelRow } from "~/models/client-channel.server.ts";
import { admitUnderRateLimit, tooManyRequestsHeaders, type RateLimitRule } from "~/server/rate-limit.server.ts";
import {
  ChannelApiError,
  getTelegramBot,
  getTelegramWebhookInfo,
  getWhatsAppPhoneNumber,
} from "./channel-apis.server.ts";
import { checkChannelSchema, testMessageSchema, type TrialIntent } from "./channel-schema.ts";
import { telegramWebhookUrl, whatsappWebhookUrl } from "./channels-tab.server.ts";
import { sendThroughConnection } from "./send.server.ts";

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * An operator waits for the answer on the page, so each call to the channel gets 5 seconds (the
 * replies to visitors, sent in the background, get longer): a channel slower than that is reported
 * as not answering rather than holding the page.
 */
export const TRIAL_TIMEOUT_MS = 5000;

/**
 * Per person, every check and test message alike: enough to fix a setting and try again many times,
 * too few to use the page as a way to flood a chat or to spend the channel's own limits.
 */
export const CHANNEL_TRIAL_LIMIT: RateLimitRule = { limit: 20, windowMs: 10 * 60 * 1000 };

/** What a try found: good or not, in the reader's words (keys of `channels`), and the raw facts behind it. */
export type TrialOutcome = { ok: boolean; explanation: Explanation; details: Record<string, string | number> };

/** The action's answer to a try, shown on the card of its channel. */
export type ChannelTrialResult = {
  intent: TrialIntent;
  channel: MessagingChannel | null;
  result: SubmissionResult<string[]>;
  outcome: TrialOutcome | null;
};

type TrialContext = { db: Database; clientId: number; personId: number; origin: string; t: Translate };

const channels = (key: string, values?: Record<string, ExplanationValue>, raw?: string): Explanation => ({
  key,
  ns: "channels",
  ...(values ? { values } : {}),
  ...(raw ? { raw } : {}),
});

const channelOf = (formData: FormData): MessagingChannel | null => {
  const parsed = checkChannelSchema.safeParse({ channel: formData.get("channel") });
  return parsed.success ? parsed.data.channel : null;
};

/**
 * The cards' tries (`check-channel`, `send-test-message`): validated, counted against the person's
 * limit, then asked of the channel's own API, the answer coming back to the page in words.
 */
export async function handleChannelTrial(formData: FormData, intent: TrialIntent, context: TrialContext) {
  const channel = channelOf(formData);
  const answer = (result: SubmissionResult<string[]>, outcome: TrialOutcome | null = null) => ({
    channelTrial: { intent, channel, result, outcome } satisfies ChannelTrialResult,
  });
  const submission =
    intent === "check-channel"
      ? parseForm(formData, { schema: checkChannelSchema })
      : parseForm(formData, { schema: testMessageSchema });
  if (submission.status !== "success") return data(answer(submission.reply()), { status: 400 });
  const verdict = await admitUnderRateLimit(
    context.db,
    `channel-trial:person:${context.personId}`,
    CHANNEL_TRIAL_LIMIT,
  );
  if (verdict.limited) {
    return data(answer(submission.reply({ formErrors: ["trial.errors.tooMany"] })), {
      status: 429,
      headers: tooManyRequestsHeaders(verdict),
    });
  }
  const value: { channel: MessagingChannel; to?: string } = submission.value;
  const connection = await findClientChannel(context.db, context.clientId, value.channel);
  if (!connection) {
    return data(answer(submission.reply({ formErrors: ["trial.errors.notConnected"] })), { status: 400 });
  }
  const outcome =
    value.to !== undefined
      ? await sendTestMessage(connection, value.to, context.t("trial.testText", { ns: "channels" }))
      : connection.channel === "telegram"
        ? await checkTelegram(connection, context.origin)
        : await checkWhatsApp(connection, context.origin);
  return data(answer(submission.reply(), outcome));
}

const withTimeout = { timeoutMs: TRIAL_TIMEOUT_MS };

const tokenOf = (connection: ClientChannelRow) => decryptSecret(credentialsKey(), connection.accessTokenEncrypted);

/** A failed call in the operator's words: the token refused, the channel refusing, silent, or out of reach. */
function failureOf(channel: MessagingChannel, error: unknown, refusedKey: string): TrialOutcome {
  const name = { key: `trial.names.${channel}` };
  if (error instanceof ChannelApiError) {
    const raw = error.description ? `${error.message}: ${error.description}` : error.message;
    return {
      ok: false,
      explanation:
        error.status === 401
          ? channels(`trial.${channel}.tokenRefused`, undefined, raw)
          : channels(refusedKey, { description: error.description ?? error.message }, raw),
      details: { status: error.status ?? "—" },
    };
  }
  if (error instanceof DOMException && error.name === "TimeoutError") {
    return {
      ok: false,
      explanation: channels("trial.timeout", { channel: name, seconds: TRIAL_TIMEOUT_MS / 1000 }, error.message),
      details: {},
    };
  }
  return { ok: false, explanation: channels("trial.unreachable", { channel: name }, rawErrorOf(error)), details: {} };
}

const tokenUnreadable = (): TrialOutcome => ({
  ok: false,
  explanation: channels("trial.tokenUnreadable"),
  details: {},
});

/**
 * Telegram: the token names a bot (getMe), and the bot's updates come to the webhook address we set
 * for it (getWebhookInfo). Updates waiting while the last delivery failed mean they do not reach us.
 */
async function checkTelegram(connection: ClientChannelRow, origin: string): Promise<TrialOutcome> {
  const token = tokenOf(connection);
  if (!token) return tokenUnreadable();
  let bot: Awaited<ReturnType<typeof getTelegramBot>>;
  let webhook: Awaited<ReturnType<typeof getTelegramWebhookInfo>>;
  try {
    [bot, webhook] = await Promise.all([
      getTelegramBot(token, withTimeout),
      getTelegramWebhookInfo(token, withTimeout),
    ]);
  } catch (error) {
    return failureOf("telegram", error, "trial.telegram.refused");
  }
  const expected = telegramWebhookUrl(origin, connection.accountId);
  const username = bot.username ? `@${bot.username}` : connection.accountId;
  const details = {
    bot: username,
    webhook: webhook.url || "—",
    expected,
    pendingUpdates: webhook.pendingUpdateCount,
    ...(webhook.lastErrorMessage ? { lastError: webhook.lastErrorMessage } : {}),
    ...(webhook.lastErrorDate ? { lastErrorAt: webhook.lastErrorDate } : {}),
  };
  if (!webhook.url) return { ok: false, explanation: channels("trial.telegram.noWebhook", { bot: username }), details };
  if (webhook.url !== expected) {
    return {
      ok: false,
      explanation: channels("trial.telegram.webhookElsewhere", { bot: username, url: webhook.url }),
      details,
    };
  }
  if (webhook.lastErrorMessage && webhook.pendingUpdateCount > 0) {
    return {
      ok: false,
      explanation: channels(
        "trial.telegram.deliveryFailing",
        { bot: username, count: webhook.pendingUpdateCount },
        webhook.lastErrorMessage,
      ),
      details,
    };
  }
  return { ok: true, explanation: channels("trial.telegram.ok", { bot: username }), details };
}

/**
 * WhatsApp: the token reads the phone number on the Graph API, with where Meta sends its webhooks,
 * and our own webhook answers Meta's handshake at our public address with this client's verify token.
 */
async function checkWhatsApp(connection: ClientChannelRow, origin: string): Promise<TrialOutcome> {
  const token = tokenOf(connection);
  if (!token) return tokenUnreadable();
  const expected = whatsappWebhookUrl(origin);
  const [number, handshake] = await Promise.all([
    getWhatsAppPhoneNumber({ phoneNumberId: connection.accountId, token }, withTimeout).catch((error: unknown) =>
      failureOf("whatsapp", error, "trial.whatsapp.refused"),
    ),
    verifyOurHandshake(expected, connection.webhookSecret),
  ]);
  if ("ok" in number) return number;
  const label = [number.displayPhoneNumber, number.verifiedName].filter(Boolean).join(" · ") || connection.accountId;
  const details = {
    number: label,
    callbackUrl: number.callbackUrl ?? "—",
    expected,
    handshake: handshake.detail,
  };
  if (number.callbackUrl && number.callbackUrl !== expected) {
    return {
      ok: false,
      explanation: channels("trial.whatsapp.webhookElsewhere", { number: label, url: number.callbackUrl }),
      details,
    };
  }
  if (!handshake.ok) {
    return {
      ok: false,
      explanation: channels("trial.whatsapp.handshakeFailed", { url: expected }, handshake.detail),
      details,
    };
  }
  return {
    ok: true,
    explanation: channels(number.callbackUrl ? "trial.whatsapp.ok" : "trial.whatsapp.callbackUnknown", {
      number: label,
      url: expected,
    }),
    details,
  };
}

/**
 * Meta's handshake as Meta makes it, from outside: a GET of our public webhook address with the
 * verify token and a challenge, which must come back as it went. It fails when the public address
 * does not reach this server or the token is not the one stored.
 */
async function verifyOurHandshake(webhookUrl: string, verifyToken: string) {
  const challenge = randomBytes(12).toString("hex");
  const url = new URL(webhookUrl);
  url.search = new URLSearchParams({
    "hub.mode": "subscribe",
    "hub.verify_token": verifyToken,
    "hub.challenge": challenge,
  }).toString();
  try {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(TRIAL_TIMEOUT_MS) });
    const body = (await response.text()).slice(0, 300);
    if (response.status === 200 && body === challenge) return { ok: true, detail: "200: the challenge came back" };
    return { ok: false, detail: `${response.status}: ${body || response.statusText}` };
  } catch (error) {
    return { ok: false, detail: rawErrorOf(error) };
  }
}

/** The test message goes out through the code every reply takes (send.server.ts), with the trial's timeout. */
async function sendTestMessage(connection: ClientChannelRow, to: string, text: string): Promise<TrialOutcome> {
  if (!tokenOf(connection)) return tokenUnreadable();
  try {
    const messageId = await sendThroughConnection(connection, to, text, withTimeout);
    return {
      ok: true,
      explanation: channels("trial.sent", { to, id: messageId ?? "—" }),
      details: { to, messageId: messageId ?? "—" },
    };
  } catch (error) {
    return failureOf(connection.channel, error, `trial.${connection.channel}.sendRefused`);
  }
}
