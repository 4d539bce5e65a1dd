import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#db/connection.ts";
import { clients } from "#db/schema.ts";
import { operatorCookies, until } from "../../support/channel-operator.ts";
import {
  sendTelegramUpdate,
  startFakeTelegram,
  telegramMessageUpdate,
  type FakeTelegram,
} from "../../support/fake-telegram.ts";
import { prepareLoadClients } from "../../support/message-load.ts";
import { startServer, type RunningServer } from "../../support/server.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
/** The server's line (app/conversations/admission-line.server.ts): this many admitted at once, the others wait 5 s at most. */
const ADMISSIONS_AT_ONCE = 8;
const BOT_ID = "7012345999";
const BOT_TOKEN = `${BOT_ID}:AAHfakeTelegramBotTokenPart9876543210`;
const TELEGRAM_CHAT_ID = 555_000_222;

/**
 * A crowd of new messages waits in line for its admission (the database work before an answer):
 * here the first eight are stuck on a locked table, so the next ones wait out their five seconds and
 * are told, in their language, that the server is busy, with nothing stored; once the table is free
 * the eight are answered. A Telegram message waits in the same line and is told the same by Telegram.
 * PostgreSQL only: the lock is taken from outside the server.
 */
describe.runIf(serverUrl)("the message API's admission line", () => {
  const name = `alex_admission_line_${process.pid}_${Date.now()}`;
  let admin: postgres.Sql;
  let server: RunningServer;
  let telegram: FakeTelegram;
  let license: string;
  let botSecret: string;
  const databaseUrl = new URL(serverUrl ?? "postgres://unused");
  databaseUrl.pathname = `/${name}`;

  beforeAll(async () => {
    admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const handle = await openDatabase({ url: databaseUrl.toString() });
    license = (await prepareLoadClients(handle.db))[0]!;
    const [client] = await handle.db.select({ id: clients.id }).from(clients).limit(1);
    await handle.close();
    telegram = await startFakeTelegram();
    telegram.addBot(BOT_TOKEN);
    server = await startServer({
      TELEGRAM_API_URL: telegram.url,
      PUBLIC_URL: "https://alex.example",
      DATABASE_URL: databaseUrl.toString(),
      SEED_DEMO: "false",
      AI_BASE_URL: "",
      AI_MODEL: "",
      SESSION_SECRET: "an-admission-line-session-secret-0123456789",
      CREDENTIALS_KEY: "cd".repeat(32),
    });
    const connected = await fetch(`${server.url}/admin/clients/${client!.id}?tab=channels`, {
      method: "POST",
      headers: { Cookie: (await operatorCookies(server.url)).en },
      body: new URLSearchParams({ intent: "connect-telegram", botToken: BOT_TOKEN }),
      redirect: "manual",
    });
    expect(connected.status).toBe(302);
    botSecret = String(telegram.calls.find((call) => call.method === "setWebhook")!.body.secret_token);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await telegram?.close();
    await admin?.unsafe(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  const post = (index: number, language: "en" | "he") =>
    fetch(`${server.url}/api/wordpress/messages?lng=${language}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.18.40.${index + 1}` },
      body: JSON.stringify({ license, clientMessageId: randomUUID(), message: `Do you deliver? (${index})` }),
    });

  it("tells those whose turn did not come that it is busy, and answers the others once it can", async () => {
    const locker = postgres(databaseUrl.toString(), { max: 1, onnotice: () => {} });
    try {
      const released = locker.begin(async (sql) => {
        // The address limit's table: every admission's first statement waits for it.
        await sql`lock table rate_limit_events in access exclusive mode`;
        const admitted = Array.from({ length: ADMISSIONS_AT_ONCE }, (_, index) => post(index, "en"));
        await waitForBlockedAdmissions(admin, name, ADMISSIONS_AT_ONCE);

        const askedAt = performance.now();
        const update = telegramMessageUpdate({ updateId: 1, chatId: TELEGRAM_CHAT_ID, text: "יש משלוחים?" });
        expect((await sendTelegramUpdate(server.url, BOT_ID, botSecret, update)).status).toBe(200);
        const [english, hebrew] = await Promise.all([post(20, "en"), post(21, "he")]);
        const waited = performance.now() - askedAt;
        expect(waited).toBeGreaterThan(4_500);
        expect(english.status).toBe(503);
        expect(english.headers.get("Retry-After")).toBe("5");
        expect(await english.json()).toEqual({
          error: "Many visitors are writing right now. Please try again in a few seconds.",
        });
        expect(hebrew.status).toBe(503);
        expect(await hebrew.json()).toEqual({ error: "הרבה מבקרים כותבים כרגע. נא לנסות שוב בעוד כמה שניות." });
        // The Telegram user, whose turn did not come either, hears the same on Telegram.
        expect(await until(() => telegram.sentTexts()[0])).toEqual({
          chatId: String(TELEGRAM_CHAT_ID),
          text: "הרבה מבקרים כותבים כרגע. נא לנסות שוב בעוד כמה שניות.",
        });
        return admitted;
      });
      const answers = await Promise.all(await released);
      expect(answers.map((answer) => answer.status)).toEqual(Array(ADMISSIONS_AT_ONCE).fill(200));
      for (const answer of answers)
        expect(((await answer.json()) as { reply: string }).reply.length).toBeGreaterThan(0);
      // The two told it was busy left nothing behind: only the eight answered are stored.
      const [stored] = await locker`select count(*)::int as count from messages`;
      expect(stored!.count).toBe(ADMISSIONS_AT_ONCE);
    } finally {
      await locker.end();
    }
  }, 40_000);
});

/** Waits until `count` of the server's statements wait for the lock. */
async function waitForBlockedAdmissions(admin: postgres.Sql, database: string, count: number) {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    const [row] = await admin`
      select count(*)::int as waiting from pg_stat_activity
      where datname = ${database} and wait_event_type = 'Lock'`;
    if (row!.waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${count} admissions never reached the locked table`);
}
