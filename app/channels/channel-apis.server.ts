import type { Env } from "~/env.server.ts";
import { sniffImageType, type PictureMime } from "~/pictures/picture-store.server.ts";
import { MAX_IMAGE_BYTES } from "~/pictures/picture-limits.ts";

/**
 * The two messaging APIs we call: WhatsApp's Cloud API (Meta's Graph API) and Telegram's Bot API.
 * Their addresses come from the environment once at start-up (app/runtime.server.ts), because an
 * operator's reply (send.server.ts) is sent from outside any request.
 */
let apis: { whatsapp: string; telegram: string } | undefined;

export function configureChannelApis(env: Pick<Env, "WHATSAPP_GRAPH_URL" | "TELEGRAM_API_URL">) {
  apis = { whatsapp: env.WHATSAPP_GRAPH_URL.replace(/\/+$/, ""), telegram: env.TELEGRAM_API_URL.replace(/\/+$/, "") };
}

function apiBase(channel: "whatsapp" | "telegram") {
  if (!apis) throw new Error("The messaging channels' APIs were not configured at start-up.");
  return apis[channel];
}

const TIMEOUT_MS = 10_000;
/** Both APIs take at most 4,096 characters of text in one message. */
export const CHANNEL_TEXT_MAX_LENGTH = 4096;

export class ChannelApiError extends Error {
  constructor(
    message: string,
    /** The API's own description of the failure (Telegram's `description`, Meta's `error.message`). */
    readonly description: string | undefined,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** How long one call may take: the operator's tries (channel-trial.server.ts) wait less than a reply does. */
export type CallOptions = { timeoutMs?: number };

async function callJson(
  url: string,
  init: RequestInit,
  { timeoutMs = TIMEOUT_MS }: CallOptions = {},
): Promise<unknown> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const body = (await response.json().catch(() => undefined)) as
    { description?: unknown; error?: { message?: unknown } } | undefined;
  if (!response.ok) {
    const description = body?.description ?? body?.error?.message;
    throw new ChannelApiError(
      `${new URL(url).pathname.split("/").at(-1)}: HTTP ${response.status}`,
      stringOr(description),
      response.status,
    );
  }
  return body;
}

const stringOr = (value: unknown) => (typeof value === "string" ? value.slice(0, 300) : undefined);

/** A channel's picture as downloaded, before it is written to the pictures folder with its message. */
export type DownloadedImage = { name: string; mime: PictureMime; bytes: Buffer };

/** Downloads at most MAX_IMAGE_BYTES; an image we take (JPEG, PNG, WebP by its bytes) or undefined. */
async function downloadImage(url: string, headers: HeadersInit, name: string): Promise<DownloadedImage | undefined> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok || !response.body) return undefined;
  if (Number(response.headers.get("Content-Length") ?? 0) > MAX_IMAGE_BYTES) {
    await response.body.cancel();
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_IMAGE_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = Buffer.concat(chunks);
  const mime = sniffImageType(bytes);
  return mime && bytes.length > 0 ? { name, mime, bytes } : undefined;
}

// WhatsApp (Cloud API)

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Sends a text; the message's id as Meta gave it (`wamid.…`). */
export async function sendWhatsAppText(
  account: { phoneNumberId: string; token: string },
  to: string,
  text: string,
  options?: CallOptions,
): Promise<string | undefined> {
  const sent = (await callJson(
    `${apiBase("whatsapp")}/${encodeURIComponent(account.phoneNumberId)}/messages`,
    {
      method: "POST",
      headers: { ...bearer(account.token), "Content-Type": "application/json" },
      body: JSON.stringify({
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to,
        type: "text",
        text: { preview_url: false, body: text.slice(0, CHANNEL_TEXT_MAX_LENGTH) },
      }),
    },
    options,
  )) as { messages?: { id?: unknown }[] } | undefined;
  return stringOr(sent?.messages?.[0]?.id);
}

/**
 * The business phone number as Meta knows it, with where Meta sends its webhooks: the number's own
 * callback, else its business account's, else the app's (Meta's webhook overrides, in that order).
 */
export async function getWhatsAppPhoneNumber(account: { phoneNumberId: string; token: string }, options?: CallOptions) {
  const fields = "display_phone_number,verified_name,webhook_configuration";
  const number = (await callJson(
    `${apiBase("whatsapp")}/${encodeURIComponent(account.phoneNumberId)}?fields=${fields}`,
    { headers: bearer(account.token) },
    options,
  )) as
    | {
        display_phone_number?: unknown;
        verified_name?: unknown;
        webhook_configuration?: { phone_number?: unknown; whatsapp_business_account?: unknown; application?: unknown };
      }
    | undefined;
  const callbacks = number?.webhook_configuration;
  return {
    displayPhoneNumber: stringOr(number?.display_phone_number),
    verifiedName: stringOr(number?.verified_name),
    callbackUrl:
      stringOr(callbacks?.phone_number) ??
      stringOr(callbacks?.whatsapp_business_account) ??
      stringOr(callbacks?.application),
  };
}

/**
 * A WhatsApp image: the media id gives a short-lived URL, downloaded with the same token. The token
 * goes only to an https address or to the Graph API's own origin (a stand-in in tests).
 */
export async function fetchWhatsAppImage(token: string, mediaId: string): Promise<DownloadedImage | undefined> {
  const base = apiBase("whatsapp");
  const media = (await callJson(`${base}/${encodeURIComponent(mediaId)}`, { headers: bearer(token) })) as {
    url?: unknown;
  };
  if (typeof media?.url !== "string" || !URL.canParse(media.url)) return undefined;
  const url = new URL(media.url);
  if (url.protocol !== "https:" && url.origin !== new URL(base).origin) return undefined;
  return downloadImage(url.href, bearer(token), `whatsapp-${mediaId}`);
}

// Telegram (Bot API)

const botUrl = (token: string, method: string) => `${apiBase("telegram")}/bot${token}/${method}`;

const postJson = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

/** Sends a text; the message's id in that chat. */
export async function sendTelegramText(
  token: string,
  chatId: string,
  text: string,
  options?: CallOptions,
): Promise<string | undefined> {
  const sent = (await callJson(
    botUrl(token, "sendMessage"),
    postJson({ chat_id: chatId, text: text.slice(0, CHANNEL_TEXT_MAX_LENGTH) }),
    options,
  )) as { result?: { message_id?: unknown } } | undefined;
  const id = sent?.result?.message_id;
  return typeof id === "number" ? String(id) : undefined;
}

/** The bot as Telegram knows its token (getMe): its @username. */
export async function getTelegramBot(token: string, options?: CallOptions) {
  const me = (await callJson(botUrl(token, "getMe"), postJson({}), options)) as
    { result?: { username?: unknown; first_name?: unknown } } | undefined;
  return { username: stringOr(me?.result?.username), name: stringOr(me?.result?.first_name) };
}

/** Where Telegram sends the bot's updates, how many wait, and its last failure to deliver one. */
export async function getTelegramWebhookInfo(token: string, options?: CallOptions) {
  const info = (await callJson(botUrl(token, "getWebhookInfo"), postJson({}), options)) as
    | {
        result?: {
          url?: unknown;
          pending_update_count?: unknown;
          last_error_date?: unknown;
          last_error_message?: unknown;
        };
      }
    | undefined;
  const result = info?.result;
  return {
    url: stringOr(result?.url) ?? "",
    pendingUpdateCount: typeof result?.pending_update_count === "number" ? result.pending_update_count : 0,
    lastErrorDate:
      typeof result?.last_error_date === "number" ? new Date(result.last_error_date * 1000).toISOString() : undefined,
    lastErrorMessage: stringOr(result?.last_error_message),
  };
}

/** A Telegram photo by its file id: getFile names its path, downloaded from the file address. */
export async function fetchTelegramImage(token: string, fileId: string): Promise<DownloadedImage | undefined> {
  const file = (await callJson(botUrl(token, "getFile"), postJson({ file_id: fileId }))) as {
    result?: { file_path?: unknown; file_size?: unknown };
  };
  const filePath = file?.result?.file_path;
  if (typeof filePath !== "string" || !/^[\w./-]{1,200}$/.test(filePath) || filePath.includes("..")) return undefined;
  if (typeof file.result?.file_size === "number" && file.result.file_size > MAX_IMAGE_BYTES) return undefined;
  return downloadImage(
    `${apiBase("telegram")}/file/bot${token}/${filePath}`,
    {},
    `telegram-${filePath.split("/").at(-1)}`,
  );
}

/** Points the bot's updates at our webhook, each carrying `secret`; only messages are asked for. */
export async function setTelegramWebhook(token: string, webhook: { url: string; secret: string }) {
  await callJson(
    botUrl(token, "setWebhook"),
    postJson({ url: webhook.url, secret_token: webhook.secret, allowed_updates: ["message"] }),
  );
}

export async function deleteTelegramWebhook(token: string) {
  await callJson(botUrl(token, "deleteWebhook"), postJson({}));
}
