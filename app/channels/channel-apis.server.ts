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
  ) {
    super(message);
  }
}

async function callJson(url: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const body = (await response.json().catch(() => undefined)) as
    { description?: unknown; error?: { message?: unknown } } | undefined;
  if (!response.ok) {
    const description = body?.description ?? body?.error?.message;
    throw new ChannelApiError(
      `${new URL(url).pathname.split("/").at(-1)}: HTTP ${response.status}`,
      stringOr(description),
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

export async function sendWhatsAppText(account: { phoneNumberId: string; token: string }, to: string, text: string) {
  await callJson(`${apiBase("whatsapp")}/${encodeURIComponent(account.phoneNumberId)}/messages`, {
    method: "POST",
    headers: { ...bearer(account.token), "Content-Type": "application/json" },
    body: JSON.stringify({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to,
      type: "text",
      text: { preview_url: false, body: text.slice(0, CHANNEL_TEXT_MAX_LENGTH) },
    }),
  });
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

export async function sendTelegramText(token: string, chatId: string, text: string) {
  await callJson(
    botUrl(token, "sendMessage"),
    postJson({ chat_id: chatId, text: text.slice(0, CHANNEL_TEXT_MAX_LENGTH) }),
  );
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
