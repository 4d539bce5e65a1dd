import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertClient } from "../../support/factories.ts";
import { clientSessions, exportedSession, operatorCookies, until } from "../../support/channel-operator.ts";
import {
  sendTelegramUpdate,
  startFakeTelegram,
  telegramMessageUpdate,
  type FakeTelegram,
} from "../../support/fake-telegram.ts";
import { startServer, type RunningServer } from "../../support/server.ts";

/**
 * "How did we do?" on Telegram, through a running server and a Bot API stand-in: when a person closes
 * the conversation the user gets one short question; a lone digit right after is the rating, answered
 * with thanks and never sent to Alex; any other message, or a digit from someone never asked, is.
 */
const BOT_ID = "7012345679";
const TOKEN = `${BOT_ID}:AAHfakeTelegramBotTokenPart0123456780`;
const ASKED_CHAT = 555_000_201;
const OTHER_CHAT = 555_000_202;

let server: RunningServer;
let telegram: FakeTelegram;
let cookies: Record<"en" | "he", string>;
let clientId = 0;
let secret = "";
let updates = 0;

beforeAll(async () => {
  telegram = await startFakeTelegram();
  telegram.addBot(TOKEN);
  server = await startServer(
    { TELEGRAM_API_URL: telegram.url, PUBLIC_URL: "https://alex.example" },
    {
      prepareDatabase: async (db) => {
        clientId = (await insertClient(db, { businessName: "Tg Rating Bakery" })).id;
      },
    },
  );
  cookies = await operatorCookies(server.url);
  const connected = await fetch(`${server.url}/admin/clients/${clientId}?tab=channels`, {
    method: "POST",
    headers: { Cookie: cookies.en },
    body: new URLSearchParams({ intent: "connect-telegram", botToken: TOKEN }),
    redirect: "manual",
  });
  expect(connected.status).toBe(302);
  secret = String(telegram.calls.find((call) => call.method === "setWebhook")!.body.secret_token);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await telegram?.close();
});

/** A user's text through the webhook; resolves with the text the bot sent back. */
async function write(chatId: number, text: string) {
  updates += 1;
  const before = telegram.sentTexts().length;
  const update = telegramMessageUpdate({ updateId: updates, chatId, text, languageCode: "he" });
  expect((await sendTelegramUpdate(server.url, BOT_ID, secret, update)).status).toBe(200);
  return (await until(() => telegram.sentTexts()[before])).text;
}

const sessionPage = async (sessionId: string) =>
  (await fetch(`${server.url}/admin/session/${sessionId}`, { headers: { Cookie: cookies.en } })).text();

describe("a Telegram conversation's rating", () => {
  it("asks once when a person closes it, keeps a lone digit as the rating, and sends other messages to Alex", async () => {
    await write(ASKED_CHAT, "מה שעות הפתיחה שלכם?");
    const [session] = await clientSessions(server.url, cookies.en, clientId);
    const closed = await fetch(`${server.url}/admin/session/${session!.sessionId}`, {
      method: "POST",
      headers: { Cookie: cookies.en, Origin: server.url },
      body: new URLSearchParams({ intent: "close" }),
      redirect: "manual",
    });
    expect(closed.status).toBe(302);
    const question = await until(() =>
      telegram.sentTexts().find((sent) => sent.chatId === String(ASKED_CHAT) && sent.text.startsWith("איך היה")),
    );
    expect(question.text).toBe("איך היה השירות? השיבו במספר 1-5 (1 גרוע, 5 מצוין).");

    expect(await write(ASKED_CHAT, " 2 ")).toBe("תודה על הדירוג!");
    expect(await sessionPage(session!.sessionId)).toContain("Rated 2 of 5");
    // The digit is no question for Alex: the conversation holds the first question alone.
    const exported = await exportedSession(server.url, cookies.en, clientId, session!.sessionId);
    expect(exported.messages.map((message) => message.userMessage)).toEqual(["מה שעות הפתיחה שלכם?"]);

    // Rated already: the next digit is an ordinary message, answered by Alex, and the rating stands.
    expect(await write(ASKED_CHAT, "5")).not.toBe("תודה על הדירוג!");
    expect(await sessionPage(session!.sessionId)).toContain("Rated 2 of 5");
    const again = await exportedSession(server.url, cookies.en, clientId, session!.sessionId);
    expect(again.messages.map((message) => message.userMessage)).toContain("5");
    // Asked once: closing never sent the question twice.
    expect(telegram.sentTexts().filter((sent) => sent.text.startsWith("איך היה"))).toHaveLength(1);
  });

  it("sends a digit from a user who was never asked to Alex", async () => {
    await write(OTHER_CHAT, "שלום");
    expect(await write(OTHER_CHAT, "3")).not.toBe("תודה על הדירוג!");
    const sessions = await clientSessions(server.url, cookies.en, clientId);
    for (const { sessionId } of sessions) expect(await sessionPage(sessionId)).not.toContain("Rated 3 of 5");
  });
});
