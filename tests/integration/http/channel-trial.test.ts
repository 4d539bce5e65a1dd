import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANNEL_TRIAL_LIMIT } from "~/channels/channel-trial.server.ts";
import { insertClient, insertPerson, PERSON_PASSWORD } from "../../support/factories.ts";
import { operatorCookies } from "../../support/channel-operator.ts";
import { startFakeTelegram, type FakeTelegram } from "../../support/fake-telegram.ts";
import { startFakeWhatsApp, type FakeWhatsApp } from "../../support/fake-whatsapp.ts";
import { freePort, sessionCookieOn, startServer, type RunningServer } from "../../support/server.ts";

/**
 * Trying a connected channel from its card, through a running server and the two APIs' stand-ins:
 * the check asks Telegram (getMe, getWebhookInfo) or Meta (the phone number and its callback, and
 * our own verify handshake at our public address), the test message goes out as replies do, and
 * both answer in the operator's language, within 5 seconds, at most 20 times in 10 minutes.
 */
const BOT_ID = "7012345679";
const TOKEN = `${BOT_ID}:AAHtrialTelegramBotTokenPart0123456789`;
const PHONE_NUMBER_ID = "106540352242922";
const WA_TOKEN = "EAAtrialWhatsAppAccessToken0123456789";

let server: RunningServer;
let telegram: FakeTelegram;
let graph: FakeWhatsApp;
let cookies: Record<"en" | "he", string>;
let agentCookie = "";
let busyAdminCookie = "";
let clientId = 0;

beforeAll(async () => {
  telegram = await startFakeTelegram();
  telegram.addBot(TOKEN);
  graph = await startFakeWhatsApp({ token: WA_TOKEN });
  // No PUBLIC_URL: our public address is the one the operator reached, which the handshake can call.
  server = await startServer(
    { TELEGRAM_API_URL: telegram.url, WHATSAPP_GRAPH_URL: graph.url },
    {
      prepareDatabase: async (db) => {
        clientId = (await insertClient(db, { businessName: "Trial Bakery" })).id;
        await insertPerson(db, { email: "agent@trial.example", role: "agent" });
        await insertPerson(db, { email: "busy@trial.example", role: "admin" });
      },
    },
  );
  graph.addPhoneNumber(PHONE_NUMBER_ID, `${server.url}/api/channels/whatsapp`);
  cookies = await operatorCookies(server.url);
  agentCookie = await sessionCookieOn(server, { username: "agent@trial.example", password: PERSON_PASSWORD });
  busyAdminCookie = await sessionCookieOn(server, { username: "busy@trial.example", password: PERSON_PASSWORD });
  expect((await post("en", { intent: "connect-telegram", botToken: TOKEN })).status).toBe(302);
  expect((await connectWhatsApp(WA_TOKEN)).status).toBe(302);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await telegram?.close();
  await graph?.close();
});

function post(
  language: "en" | "he",
  fields: Record<string, string>,
  cookie = cookies[language],
  headers: Record<string, string> = {},
) {
  return fetch(`${server.url}/admin/clients/${clientId}?tab=channels`, {
    method: "POST",
    headers: { Cookie: cookie, ...headers },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

const connectWhatsApp = (accessToken: string) =>
  post("en", {
    intent: "connect-whatsapp",
    phoneNumberId: PHONE_NUMBER_ID,
    accessToken,
    appSecret: "trialAppSecret0123456789",
  });

/** The page's answer as the operator reads it: its text without tags, entities decoded. */
async function answered(response: Response) {
  const html = await response.text();
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

const check = (channel: "telegram" | "whatsapp", language: "en" | "he" = "en") =>
  post(language, { intent: "check-channel", channel });
const sendTest = (channel: "telegram" | "whatsapp", to: string, language: "en" | "he" = "en") =>
  post(language, { intent: "send-test-message", channel, to });

describe("checking a Telegram bot", () => {
  it("says the bot answers and sends its messages here, in the operator's language", async () => {
    const english = await check("telegram");
    expect(english.status).toBe(200);
    const page = await answered(english);
    expect(page).toContain(`The bot @bakery_${BOT_ID}_bot answers, and Telegram sends its messages to this server.`);
    expect(page).toContain(`${server.url}/api/channels/telegram/${BOT_ID}`);
    const hebrew = await answered(await check("telegram", "he"));
    // The bot's name is isolated, so its Latin letters and @ keep their order in the Hebrew sentence.
    expect(hebrew).toContain(`הבוט \u2068@bakery_${BOT_ID}_bot\u2069 עונה, וטלגרם שולח את ההודעות שלו לשרת הזה.`);
    expect(telegram.calls.filter((call) => call.method === "getWebhookInfo")).toHaveLength(2);
  });

  it("says when Telegram sends the bot's messages elsewhere, or cannot deliver them here", async () => {
    const ours = telegram.webhooks.get(TOKEN)!;
    telegram.webhooks.set(TOKEN, { url: "https://other.example/hook", pending_update_count: 0 });
    try {
      const page = await answered(await check("telegram"));
      expect(page).toContain("Telegram sends its messages elsewhere (https://other.example/hook)");
      expect(page).toContain("Save the token again to point it back here.");
      telegram.webhooks.set(TOKEN, {
        ...ours,
        pending_update_count: 3,
        last_error_date: Math.floor(Date.now() / 1000),
        last_error_message: "Connection timed out",
      });
      const failing = await answered(await check("telegram"));
      expect(failing).toContain("Telegram could not deliver to it lately and 3 messages are waiting");
      expect(failing).toContain("Connection timed out");
    } finally {
      telegram.webhooks.set(TOKEN, ours);
    }
  });

  it("says when Telegram no longer knows the token", async () => {
    const other = `${BOT_ID}:AAHtrialTelegramBotTokenPartReplaced0`;
    telegram.addBot(other);
    // Connected with a token Telegram then forgets, as when BotFather revokes it.
    expect((await post("en", { intent: "connect-telegram", botToken: other })).status).toBe(302);
    telegram.removeBot(other);
    try {
      const response = await check("telegram");
      expect(response.status).toBe(200);
      const page = await answered(response);
      expect(page).toContain("Telegram does not know this token: it was revoked or replaced in BotFather.");
      expect(page).toMatch(/(getMe|getWebhookInfo): HTTP 401: Unauthorized/);
    } finally {
      expect((await post("en", { intent: "connect-telegram", botToken: TOKEN })).status).toBe(302);
    }
  });

  it("gives up after 5 seconds when Telegram does not answer", async () => {
    telegram.hanging.add(TOKEN);
    try {
      const started = Date.now();
      const page = await answered(await check("telegram", "he"));
      expect(Date.now() - started).toBeLessThan(8000);
      expect(page).toContain("Telegram לא ענה תוך 5 שניות.");
    } finally {
      telegram.hanging.delete(TOKEN);
    }
  }, 20_000);
});

describe("checking a WhatsApp number", () => {
  it("reads the number's callback from Meta and passes our own verify handshake", async () => {
    const page = await answered(await check("whatsapp"));
    expect(page).toContain(
      "The number +1 555-078-3881 · Bakery answers, Meta sends its messages to this server, and our webhook passes Meta's verification.",
    );
    expect(page).toContain("200: the challenge came back");
  });

  it("says when Meta sends the number's messages elsewhere, or refuses the token", async () => {
    graph.addPhoneNumber(PHONE_NUMBER_ID, "https://old-bot.example/webhook");
    try {
      const page = await answered(await check("whatsapp"));
      expect(page).toContain("but Meta sends its messages to https://old-bot.example/webhook, not to this server.");
    } finally {
      graph.addPhoneNumber(PHONE_NUMBER_ID, `${server.url}/api/channels/whatsapp`);
    }
    expect((await connectWhatsApp("EAAexpiredWhatsAppAccessToken012345")).status).toBe(302);
    try {
      const page = await answered(await check("whatsapp", "he"));
      expect(page).toContain("Meta סירבה לאסימון הגישה: פג תוקפו או שהוא בוטל.");
      expect(page).toContain("Invalid OAuth access token.");
    } finally {
      expect((await connectWhatsApp(WA_TOKEN)).status).toBe(302);
    }
  });

  it("says when Meta's handshake at our public address does not reach this server", async () => {
    // The operator came through a proxy whose address leads nowhere: the handshake is made there.
    const nowhere = `127.0.0.1:${await freePort()}`;
    graph.addPhoneNumber(PHONE_NUMBER_ID, `http://${nowhere}/api/channels/whatsapp`);
    try {
      const response = await post("en", { intent: "check-channel", channel: "whatsapp" }, cookies.en, {
        "X-Forwarded-Host": nowhere,
      });
      const page = await answered(response);
      expect(page).toContain(
        `Meta's verification of our webhook fails at http://${nowhere}/api/channels/whatsapp: that address does not reach this server`,
      );
      expect(page).toContain("ECONNREFUSED");
    } finally {
      graph.addPhoneNumber(PHONE_NUMBER_ID, `${server.url}/api/channels/whatsapp`);
    }
  });
});

describe("sending a test message", () => {
  it("goes out through the channel, in the operator's language, with the message's id", async () => {
    const page = await answered(await sendTest("telegram", "555000111"));
    const sent = telegram.sentTexts().at(-1)!;
    expect(sent).toEqual({ chatId: "555000111", text: "A test message from Alex: this channel works." });
    expect(page).toMatch(/Sent to 555000111: the channel took the message \(its id: \d+\)\./);
    await sendTest("whatsapp", "+972 50-123-4567", "he");
    expect(graph.sent.at(-1)).toEqual({
      phoneNumberId: PHONE_NUMBER_ID,
      to: "972501234567",
      text: "הודעת ניסיון מאלכס: הערוץ הזה עובד.",
    });
  });

  it("shows the channel's refusal in words", async () => {
    telegram.unknownChats.add("42");
    const refused = await answered(await sendTest("telegram", "42"));
    expect(refused).toContain(
      "Telegram refused the message: Bad Request: chat not found. The person must first open the bot",
    );
    graph.refusedRecipients.add("972509999999");
    const outside = await answered(await sendTest("whatsapp", "+972509999999"));
    expect(outside).toContain("WhatsApp refused the message: (#131047) Re-engagement message.");
    expect(outside).toContain("only someone who wrote to the business in the last 24 hours");
  });

  it("refuses a recipient that is not a number with 400, in Hebrew and in English, sending nothing", async () => {
    const before = graph.sent.length + telegram.sentTexts().length;
    const english = await sendTest("whatsapp", "call me");
    expect(english.status).toBe(400);
    expect(await answered(english)).toContain("Enter a phone number in international form, such as +972 50 123 4567.");
    const hebrew = await sendTest("whatsapp", "12", "he");
    expect(hebrew.status).toBe(400);
    expect(await answered(hebrew)).toContain("הזינו מספר טלפון בצורה בין־לאומית");
    const chat = await sendTest("telegram", "@someone");
    expect(chat.status).toBe(400);
    expect(await answered(chat)).toContain("A chat id is a number, such as 123456789");
    const unknown = await post("en", { intent: "check-channel", channel: "sms" });
    expect(unknown.status).toBe(400);
    expect(graph.sent.length + telegram.sentTexts().length).toBe(before);
  });
});

describe("who may try, and how often", () => {
  it("refuses a person without clients.manage before anything is asked", async () => {
    const calls = telegram.calls.length;
    const response = await post("en", { intent: "check-channel", channel: "telegram" }, agentCookie);
    expect(response.status).toBe(403);
    await response.body?.cancel();
    expect(telegram.calls.length).toBe(calls);
  });

  it(`allows ${CHANNEL_TRIAL_LIMIT.limit} tries per person in 10 minutes, then refuses with 429 in words`, async () => {
    for (let tried = 0; tried < CHANNEL_TRIAL_LIMIT.limit; tried++) {
      const response = await post("en", { intent: "check-channel", channel: "telegram" }, busyAdminCookie);
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
    const calls = telegram.calls.length;
    const refused = await post(
      "en",
      { intent: "send-test-message", channel: "telegram", to: "555000111" },
      busyAdminCookie,
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await answered(refused)).toContain("Too many tries: at most 20 in 10 minutes.");
    expect(telegram.calls.length).toBe(calls);
    // The limit is the person's: another operator still tries.
    expect((await check("telegram")).status).toBe(200);
  }, 30_000);
});
