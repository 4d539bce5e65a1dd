import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Telegram's Bot API, answering as Telegram documents it ({ok, result} or
 * {ok: false, error_code, description}):
 * - POST /bot{token}/setWebhook, deleteWebhook, sendMessage, getFile, getMe, getWebhookInfo → recorded in `calls`
 * - GET /file/bot{token}/{file_path} → the file's bytes
 * - a token it does not know → 401 Unauthorized, as Telegram answers a revoked token
 * - sendMessage to a chat in `unknownChats` → 400 "chat not found", as for a person who never pressed Start
 * - any call with a token in `hanging` → no answer at all, as a Telegram that does not respond
 * And the updates Telegram posts to our webhook, with or without the secret token.
 */
export type TelegramCall = { method: string; token: string; body: Record<string, unknown> };

export type TelegramWebhookInfo = {
  url: string;
  pending_update_count: number;
  last_error_date?: number;
  last_error_message?: string;
};

export type FakeTelegram = {
  url: string;
  calls: TelegramCall[];
  /** The texts our server sent, in order. */
  sentTexts: () => { chatId: string; text: string }[];
  addBot: (token: string) => void;
  /** Forgets a token, as Telegram does once BotFather revokes it. */
  removeBot: (token: string) => void;
  addFile: (fileId: string, bytes: Buffer) => void;
  /** Each bot's webhook as getWebhookInfo reports it: setWebhook writes it, a test may change it. */
  webhooks: Map<string, TelegramWebhookInfo>;
  unknownChats: Set<string>;
  hanging: Set<string>;
  close: () => Promise<void>;
};

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startFakeTelegram({ port = 0 }: { port?: number } = {}): Promise<FakeTelegram> {
  const bots = new Set<string>();
  const files = new Map<string, Buffer>();
  const calls: TelegramCall[] = [];
  const webhooks = new Map<string, TelegramWebhookInfo>();
  const unknownChats = new Set<string>();
  const hanging = new Set<string>();
  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? "/", "http://fake").pathname;
      const download = /^\/file\/bot([^/]+)\/photos\/(.+)$/.exec(path);
      if (request.method === "GET" && download && bots.has(download[1]!) && files.has(download[2]!)) {
        response.writeHead(200, { "Content-Type": "application/octet-stream" });
        return response.end(files.get(download[2]!));
      }
      const call = /^\/bot([^/]+)\/(\w+)$/.exec(path);
      if (!call || request.method !== "POST")
        return send(response, 404, { ok: false, error_code: 404, description: "Not Found" });
      const [, token, method] = call as unknown as [string, string, string];
      if (hanging.has(token)) return;
      if (!bots.has(token)) return send(response, 401, { ok: false, error_code: 401, description: "Unauthorized" });
      const body = await readJson(request);
      calls.push({ method, token, body });
      switch (method) {
        case "setWebhook":
          webhooks.set(token, { url: String(body.url), pending_update_count: 0 });
          return send(response, 200, { ok: true, result: true, description: "Webhook was set" });
        case "deleteWebhook":
          webhooks.delete(token);
          return send(response, 200, { ok: true, result: true, description: "Webhook was deleted" });
        case "getMe":
          return send(response, 200, {
            ok: true,
            result: {
              id: Number(token.split(":")[0]),
              is_bot: true,
              first_name: "Bakery",
              username: `bakery_${token.split(":")[0]}_bot`,
            },
          });
        case "getWebhookInfo":
          return send(response, 200, {
            ok: true,
            result: webhooks.get(token) ?? { url: "", has_custom_certificate: false, pending_update_count: 0 },
          });
        case "sendMessage":
          if (unknownChats.has(String(body.chat_id)))
            return send(response, 400, { ok: false, error_code: 400, description: "Bad Request: chat not found" });
          return send(response, 200, {
            ok: true,
            result: { message_id: calls.length, chat: { id: Number(body.chat_id), type: "private" }, text: body.text },
          });
        case "getFile": {
          const fileId = String(body.file_id);
          if (!files.has(fileId))
            return send(response, 400, { ok: false, error_code: 400, description: "Bad Request: invalid file_id" });
          return send(response, 200, {
            ok: true,
            result: { file_id: fileId, file_size: files.get(fileId)!.length, file_path: `photos/${fileId}` },
          });
        }
        default:
          return send(response, 404, { ok: false, error_code: 404, description: "Not Found" });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    sentTexts: () =>
      calls
        .filter((call) => call.method === "sendMessage")
        .map((call) => ({ chatId: String(call.body.chat_id), text: String(call.body.text) })),
    addBot: (token) => bots.add(token),
    removeBot: (token) => bots.delete(token),
    addFile: (fileId, bytes) => files.set(fileId, bytes),
    webhooks,
    unknownChats,
    hanging,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A hanging call's connection stays open until it is cut.
        server.closeAllConnections();
      }),
  };
}

/** An update as Telegram sends one: a private chat's text, or photo sizes with a caption. */
export function telegramMessageUpdate({
  updateId,
  chatId,
  text,
  photoFileIds,
  languageCode = "he",
}: {
  updateId: number;
  chatId: number;
  text?: string;
  photoFileIds?: string[];
  languageCode?: string;
}) {
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: "private", first_name: "Dana" },
      from: { id: chatId, is_bot: false, first_name: "Dana", language_code: languageCode },
      ...(photoFileIds
        ? {
            photo: photoFileIds.map((fileId, index) => ({
              file_id: fileId,
              file_unique_id: `u${fileId}`,
              width: 90 * (index + 1),
              height: 90 * (index + 1),
            })),
            ...(text ? { caption: text } : {}),
          }
        : { text }),
    },
  };
}

/**
 * Posts an update to our bot webhook as Telegram does, with the secret token (null: without it), from
 * `from` when given (as the proxy in front of the server says it, X-Forwarded-For).
 */
export function sendTelegramUpdate(
  serverUrl: string,
  botId: string,
  secret: string | null,
  update: unknown,
  { from }: { from?: string } = {},
) {
  return fetch(`${serverUrl}/api/channels/telegram/${botId}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(secret ? { "X-Telegram-Bot-Api-Secret-Token": secret } : {}),
      ...(from ? { "X-Forwarded-For": from } : {}),
    },
    body: JSON.stringify(update),
  });
}
