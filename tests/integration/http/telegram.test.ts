import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trainingConfigs } from "#db/schema.ts";
import { CHANNEL_WEBHOOK_LIMIT } from "~/channels/webhook-limit.server.ts";
import { insertClient } from "../../support/factories.ts";
import { sendMany } from "../../support/http.ts";
import { clientSessions, exportedSession, operatorCookies, until } from "../../support/channel-operator.ts";
import {
  sendTelegramUpdate,
  startFakeTelegram,
  telegramMessageUpdate,
  type FakeTelegram,
} from "../../support/fake-telegram.ts";
import { startServer, type RunningServer } from "../../support/server.ts";

/**
 * Telegram through a running server and a Bot API stand-in: the operator connects the bot (we set
 * its webhook), updates with the secret answered by the assistant, retries stored once, /start greets.
 */
const BOT_ID = "7012345678";
const TOKEN = `${BOT_ID}:AAHfakeTelegramBotTokenPart0123456789`;
const CHAT_ID = 555_000_111;
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** An address that sends more webhook calls than the limit allows in a minute. */
const LIMITED_ADDRESS = "203.0.113.90";

let server: RunningServer;
let telegram: FakeTelegram;
let cookies: Record<"en" | "he", string>;
let clientId = 0;
let secret = "";

beforeAll(async () => {
  telegram = await startFakeTelegram();
  telegram.addBot(TOKEN);
  server = await startServer(
    { TELEGRAM_API_URL: telegram.url, PUBLIC_URL: "https://alex.example" },
    {
      prepareDatabase: async (db) => {
        clientId = (await insertClient(db, { businessName: "Tg Bakery" })).id;
        await db.insert(trainingConfigs).values({
          clientId,
          businessType: "services",
          greeting: "ברוכים הבאים!",
          greetingEn: "Welcome to Tg Bakery!",
        });
      },
    },
  );
  cookies = await operatorCookies(server.url);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await telegram?.close();
});

const tabPath = () => `/admin/clients/${clientId}?tab=channels`;
const postTab = (language: "en" | "he", fields: Record<string, string>) =>
  fetch(`${server.url}${tabPath()}`, {
    method: "POST",
    headers: { Cookie: cookies[language] },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
const sessions = () => clientSessions(server.url, cookies.en, clientId);
const textUpdate = (updateId: number, text: string, languageCode = "he") =>
  telegramMessageUpdate({ updateId, chatId: CHAT_ID, text, languageCode });

describe("the Channels tab's Telegram form", () => {
  it("refuses a malformed token, and shows Telegram's refusal, in the operator's language", async () => {
    const english = await postTab("en", { intent: "connect-telegram", botToken: "not a token" });
    expect(english.status).toBe(400);
    expect(await english.text()).toContain("The bot token is not valid");
    const revoked = await postTab("he", {
      intent: "connect-telegram",
      botToken: `${BOT_ID}:AAHrevokedTokenPart0123456789abcdef`,
    });
    expect(revoked.status).toBe(400);
    expect(await revoked.text()).toContain("טלגרם סירב להגדרת ה-webhook: Unauthorized");
  });

  it("sets the bot's webhook with a secret and shows only the token's ending", async () => {
    expect((await postTab("en", { intent: "connect-telegram", botToken: TOKEN })).status).toBe(302);
    const set = telegram.calls.find((call) => call.method === "setWebhook")!;
    expect(set.body).toMatchObject({
      url: `https://alex.example/api/channels/telegram/${BOT_ID}`,
      allowed_updates: ["message"],
    });
    secret = String(set.body.secret_token);
    expect(secret).toMatch(/^[\w-]{32,}$/);
    const page = await (await fetch(`${server.url}${tabPath()}`, { headers: { Cookie: cookies.en } })).text();
    expect(page).toContain(`Connected: bot ${BOT_ID}`);
    expect(page).toContain(`…${TOKEN.slice(-4)}`);
    expect(page).not.toContain(TOKEN);
    expect(page).not.toContain(secret);
  });
});

describe("POST /api/channels/telegram/{botId}", () => {
  it("refuses a missing or wrong secret and an unknown bot alike, with 403, and stores nothing", async () => {
    const refusal = { error: "The webhook's secret token is missing or does not match." };
    const missing = await sendTelegramUpdate(server.url, BOT_ID, null, textUpdate(1, "hi"));
    const wrong = await sendTelegramUpdate(server.url, BOT_ID, "guessed-secret", textUpdate(1, "hi"));
    // Nothing tells a stranger which bots are connected: an unknown one is refused in the same words.
    const unknown = await sendTelegramUpdate(server.url, "123", secret, textUpdate(1, "hi"));
    for (const response of [missing, wrong, unknown]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(refusal);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await sessions()).toEqual([]);
    expect(telegram.sentTexts()).toEqual([]);
  });

  it("greets /start with the client's greeting", async () => {
    expect((await sendTelegramUpdate(server.url, BOT_ID, secret, textUpdate(10, "/start", "en"))).status).toBe(200);
    expect(await until(() => telegram.sentTexts()[0])).toEqual({
      chatId: String(CHAT_ID),
      text: "Welcome to Tg Bakery!",
    });
  });

  it("answers a text once however often Telegram delivers it", async () => {
    expect((await sendTelegramUpdate(server.url, BOT_ID, secret, textUpdate(11, "How much is a cake?"))).status).toBe(
      200,
    );
    const reply = await until(() => telegram.sentTexts()[1]);
    expect((await sendTelegramUpdate(server.url, BOT_ID, secret, textUpdate(11, "How much is a cake?"))).status).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(telegram.sentTexts()).toHaveLength(2);
    const [session] = await sessions();
    expect(session).toMatchObject({ messageCount: 1 });
    const stored = await exportedSession(server.url, cookies.en, clientId, session!.sessionId);
    expect(stored.messages[0]).toMatchObject({ userMessage: "How much is a cake?", aiResponse: reply.text });
  });

  it("takes the largest size of a photo through getFile", async () => {
    telegram.addFile("large", TINY_PNG);
    const photo = telegramMessageUpdate({
      updateId: 12,
      chatId: CHAT_ID,
      photoFileIds: ["small", "large"],
      text: "this",
    });
    expect((await sendTelegramUpdate(server.url, BOT_ID, secret, photo)).status).toBe(200);
    await until(() => telegram.sentTexts()[2]);
    expect(telegram.calls.filter((call) => call.method === "getFile").map((call) => call.body.file_id)).toEqual([
      "large",
    ]);
    const [session] = await sessions();
    const stored = await exportedSession(server.url, cookies.en, clientId, session!.sessionId);
    expect(stored.messages[1]!.images).toHaveLength(1);
  });

  it("refuses a body too large (413) and an unreadable one (400)", async () => {
    expect((await sendTelegramUpdate(server.url, BOT_ID, secret, textUpdate(13, "x".repeat(300 * 1024)))).status).toBe(
      413,
    );
    expect((await sendTelegramUpdate(server.url, BOT_ID, secret, { update_id: "x" })).status).toBe(400);
  });

  it("disconnecting removes the webhook; the bot's updates are then refused", async () => {
    expect((await postTab("en", { intent: "disconnect-channel", channel: "telegram" })).status).toBe(302);
    expect(telegram.calls.at(-1)?.method).toBe("deleteWebhook");
    expect((await sendTelegramUpdate(server.url, BOT_ID, secret, textUpdate(14, "hi"))).status).toBe(403);
  });

  it("limits each address before any work: past the limit a 429 with Retry-After, nothing looked up", async () => {
    // A guesser's calls, each refused on its malformed bot id alone, fill the address's minute.
    await sendMany(CHANNEL_WEBHOOK_LIMIT.limit, () =>
      sendTelegramUpdate(server.url, "not-a-bot", null, textUpdate(19, "hi"), { from: LIMITED_ADDRESS }),
    );
    const limited = await sendTelegramUpdate(server.url, BOT_ID, secret, textUpdate(20, "hi"), {
      from: LIMITED_ADDRESS,
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ error: expect.stringMatching(/too many/i) });
    // An unknown bot from there is refused the same way, before anything is looked up.
    const unknown = await sendTelegramUpdate(server.url, "123", null, textUpdate(21, "hi"), { from: LIMITED_ADDRESS });
    expect(unknown.status).toBe(429);
  });
});
