import { rmSync } from "node:fs";
import { count, eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#db/connection.ts";
import {
  billingRecords,
  chatSessions,
  knowledgeGapGroups,
  messages,
  messageUsageDaily,
  testQuestions,
} from "#db/schema.ts";
import { SALES_FLOW } from "#db/seed-content.ts";
import { createTraining } from "~/training/training.server.ts";
import { insertClient, insertPerson, PERSON_PASSWORD } from "../../support/factories.ts";
import { decodeToast } from "../../support/http.ts";
import { startTestSite, type TestSite } from "../../support/test-site.ts";
import {
  inspectEmbeddedDatabase,
  operatorCookieOn,
  serverDatabases,
  sessionCookieOn,
  startServer,
  type RunningServer,
} from "../../support/server.ts";

/**
 * A business's own test questions over real HTTP, on the embedded database and on PostgreSQL: added
 * on the training page, run through the real assistant (the answer shown, and nothing billed, no
 * session, no message, no gap), run again by the worker after a training change, which the page then
 * reports as failing; the business's portal acts on its own questions only; the full client test
 * includes them.
 */
const FRIDAY = {
  q: "מתי אתם פתוחים ביום שישי?",
  open: "ביום שישי אנחנו פתוחים משמונה בבוקר עד 13:30.",
  changed: "ביום שישי אנחנו פתוחים משמונה בבוקר עד 14:00.",
  fact: "13:30",
};
const PARKING = { q: "Where can I park?", a: "Free parking behind the shop on Herzl street.", fact: "Herzl" };

type Clients = { bakery: number; florist: number; full: number };

/** The scanner may read the test site on 127.0.0.1 (tests/support/test-site.ts). */
const SCANNING = { SCANNER_ALLOW_HOSTS: "127.0.0.1" };
const WHITENING = { q: "How much is teeth whitening?", fact: "1,200 NIS" };

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await site?.close();
});

/** The test's own server with its clients, and a look at its database once the tests are done with it. */
async function startWithClients(database: (typeof serverDatabases)[number]) {
  const clients: Clients = { bakery: 0, florist: 0, full: 0 };
  const prepare = async (db: Database) => {
    const bakery = await insertClient(db, { businessName: "Test Questions Bakery", businessType: "retail" });
    const florist = await insertClient(db, { businessName: "Test Questions Florist", businessType: "retail" });
    const full = await insertClient(db, { businessName: "Test Questions Full", businessType: "retail" });
    await createTraining(db, bakery.id, {
      businessType: "retail",
      businessInfo: "",
      knowledgeBase: { faq: [{ q: FRIDAY.q, a: FRIDAY.open }] },
      salesFlow: [...SALES_FLOW],
    });
    await insertPerson(db, { email: "owner@tq-bakery.example", role: "business_owner", clientId: bakery.id });
    await insertPerson(db, { email: "staff@tq-florist.example", role: "business_staff", clientId: florist.id });
    await insertPerson(db, { email: "agent@tq-provider.example", role: "agent" });
    // A list already at its limit, written before any run.
    await db.insert(testQuestions).values(
      Array.from({ length: 50 }, (_, index) => ({
        clientId: full.id,
        question: `Question ${index + 1}?`,
        fact: "anything",
        runDueAt: null,
      })),
    );
    Object.assign(clients, { bakery: bakery.id, florist: florist.id, full: full.id });
  };

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (database === "embedded" || !serverUrl) {
    const server = await startServer(SCANNING, { prepareDatabase: prepare });
    return {
      server,
      clients,
      /** Stops the server, then reads its database. */
      finish: async <T>(inspect: (db: Database) => Promise<T>) => {
        await server.stop({ keepData: true });
        try {
          return await inspectEmbeddedDatabase(server.dataDir, inspect);
        } finally {
          rmSync(server.dataDir, { recursive: true, force: true });
        }
      },
    };
  }
  const name = `alex_tq_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await prepare(handle.db);
  const server = await startServer({
    ...SCANNING,
    DATABASE_URL: url.toString(),
    SESSION_SECRET: "a-test-questions-session-secret-0123456789",
    CREDENTIALS_KEY: "ab".repeat(32),
  });
  return {
    server,
    clients,
    finish: async <T>(inspect: (db: Database) => Promise<T>) => {
      try {
        await server.stop();
        return await inspect(handle.db);
      } finally {
        await handle.close();
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  };
}

describe.each(serverDatabases)("test questions (%s)", (database) => {
  let running: Awaited<ReturnType<typeof startWithClients>>;
  let server: RunningServer;
  let clients: Clients;
  const cookies = { operator: "", owner: "", staff: "", agent: "" };
  const languages = { he: "", en: "" };
  let stopped = false;

  beforeAll(async () => {
    running = await startWithClients(database);
    ({ server, clients } = running);
    cookies.operator = await operatorCookieOn(server);
    cookies.owner = await sessionCookieOn(server, { username: "owner@tq-bakery.example", password: PERSON_PASSWORD });
    cookies.staff = await sessionCookieOn(server, { username: "staff@tq-florist.example", password: PERSON_PASSWORD });
    cookies.agent = await sessionCookieOn(server, { username: "agent@tq-provider.example", password: PERSON_PASSWORD });
    for (const language of ["he", "en"] as const) {
      const response = await fetch(`${server.url}/?lng=${language}`);
      languages[language] = response.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith("lng="))!
        .split(";")[0]!;
    }
  }, 120_000);

  afterAll(async () => {
    if (!stopped) await running?.finish(async () => undefined);
  });

  const withLanguage = (cookie: string, language: "he" | "en") => `${cookie}; ${languages[language]}`;
  const page = async (path: string, cookie: string, language: "he" | "en" = "en") => {
    const response = await fetch(`${server.url}${path}`, { headers: { Cookie: withLanguage(cookie, language) } });
    return { status: response.status, html: await response.text() };
  };
  const post = (path: string, fields: Record<string, string>, cookie: string, language: "he" | "en" = "en") =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { Cookie: withLanguage(cookie, language), Origin: server.url },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const toastOf = (response: Response) =>
    decodeToast(response.headers.getSetCookie().find((cookie) => cookie.startsWith("alex_toast=")));
  const adminPage = () => `/admin/ai-training?clientId=${clients.bakery}`;
  const questionIdsOn = (html: string) => [
    ...new Set([...html.matchAll(/name="testQuestionId" value="(\d+)"/g)].map((match) => Number(match[1]))),
  ];
  /** The page as soon as it says `text`: the worker runs the questions a moment after a change. */
  async function pageSaying(path: string, cookie: string, language: "he" | "en", text: string) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const seen = await page(path, cookie, language);
      if (seen.html.includes(text) || Date.now() > deadline) return seen;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it("adds a question on the admin's training page and runs it: it passes, with the answer shown", async () => {
    const added = await post(
      "/admin/ai-training",
      { intent: "testAdd", clientId: String(clients.bakery), question: FRIDAY.q, fact: FRIDAY.fact },
      cookies.operator,
    );
    expect(added.status).toBe(302);
    expect(toastOf(added)).toMatchObject({ message: "Test question added" });

    const ran = await post(
      "/admin/ai-training",
      { intent: "testRun", clientId: String(clients.bakery) },
      cookies.operator,
    );
    expect(ran.status).toBe(302);
    expect(toastOf(ran)).toMatchObject({ message: "1 of 1 test questions pass" });

    const { html } = await page(adminPage(), cookies.operator);
    expect(html).toContain("Test questions");
    expect(html).toContain(`value="${FRIDAY.q}"`);
    expect(html).toContain("Passes");
    expect(html).toContain(FRIDAY.open);
    expect(html).not.toContain("now fail");
  });

  it("runs again after a training save: the answer lost its fact, and the page says one of one now fails", async () => {
    const saved = await post(
      "/admin/ai-training",
      {
        intent: "save",
        clientId: String(clients.bakery),
        businessType: "retail",
        tone: "friendly_professional",
        "faq[0].q": FRIDAY.q,
        "faq[0].a": FRIDAY.changed,
      },
      cookies.operator,
    );
    expect(saved.status).toBe(302);
    const english = await pageSaying(adminPage(), cookies.operator, "en", "1 of 1 test questions now fail");
    expect(english.html).toContain("1 of 1 test questions now fail");
    expect(english.html).toContain("Fails");
    expect(english.html).toContain(FRIDAY.changed);
    expect(english.html).toContain(`expected &quot;${FRIDAY.fact}&quot;`);
    const hebrew = await page(adminPage(), cookies.operator, "he");
    expect(hebrew.html).toContain("1 מתוך 1 שאלות הבדיקה נכשלות עכשיו");
    expect(hebrew.html).toContain("נכשלת");

    // The business sees the same on every tab of its portal's training page.
    const portal = await page("/portal/training?tab=faq", cookies.owner);
    expect(portal.status).toBe(200);
    expect(portal.html).toContain("1 of 1 test questions now fail");
  });

  it("lets the business add, run, change and delete its own questions from the portal", async () => {
    const added = await post(
      "/portal/training?tab=tests",
      { intent: "testAdd", question: PARKING.q, fact: PARKING.fact },
      cookies.owner,
    );
    expect(added.status).toBe(302);
    // Neither passes: Friday's hour changed, and the bakery never said where to park.
    const ran = await post("/portal/training?tab=tests", { intent: "testRun" }, cookies.owner);
    expect(toastOf(ran)).toMatchObject({ message: "0 of 2 test questions pass" });
    const { html } = await page("/portal/training?tab=tests", cookies.owner);
    expect(html).toContain(PARKING.q);
    const [friday, parking] = questionIdsOn(html);
    expect(friday).toBeDefined();
    expect(parking).toBeDefined();

    // Fixed to the fact the answer now holds: the run after the edit passes it.
    const edited = await post(
      "/portal/training?tab=tests",
      { intent: "testEdit", testQuestionId: String(friday), question: FRIDAY.q, fact: "14:00" },
      cookies.owner,
    );
    expect(edited.status).toBe(302);
    const rerun = await post("/portal/training?tab=tests", { intent: "testRun" }, cookies.owner);
    expect(toastOf(rerun)).toMatchObject({ message: "1 of 2 test questions pass" });

    const removed = await post(
      "/portal/training?tab=tests",
      { intent: "testRemove", testQuestionId: String(parking) },
      cookies.owner,
    );
    expect(removed.status).toBe(302);
    const after = await page("/portal/training?tab=tests", cookies.owner);
    expect(after.html).not.toContain(PARKING.q);
    expect(after.html).not.toContain("now fail");
  });

  it("refuses another business's question ids with a 404, and changes nothing", async () => {
    const { html } = await page("/portal/training?tab=tests", cookies.owner);
    const [friday] = questionIdsOn(html);
    for (const fields of <Record<string, string>[]>[
      { intent: "testEdit", testQuestionId: String(friday), question: "Hijacked?", fact: "x" },
      { intent: "testRemove", testQuestionId: String(friday) },
      { intent: "testEdit", testQuestionId: "not-a-number", question: "Q?", fact: "x" },
      { intent: "testRemove", testQuestionId: "999999999" },
    ]) {
      const response = await post("/portal/training?tab=tests", fields, cookies.staff);
      expect(response.status, JSON.stringify(fields)).toBe(404);
    }
    // Nor through the admin page naming another client.
    const wrongClient = await post(
      "/admin/ai-training",
      { intent: "testRemove", clientId: String(clients.florist), testQuestionId: String(friday) },
      cookies.operator,
    );
    expect(wrongClient.status).toBe(404);
    expect((await page("/portal/training?tab=tests", cookies.owner)).html).toContain(`value="${FRIDAY.q}"`);
    expect((await page("/portal/training?tab=tests", cookies.staff)).html).not.toContain(FRIDAY.q);
  });

  it("is open to the provider's agents, who may train, and to no business on the back-office", async () => {
    const byAgent = await post(
      "/admin/ai-training",
      { intent: "testRun", clientId: String(clients.bakery) },
      cookies.agent,
    );
    expect(byAgent.status).toBe(302);
    expect(toastOf(byAgent)).toMatchObject({ message: "1 of 1 test questions pass" });
    const byBusiness = await post(
      "/admin/ai-training",
      { intent: "testRun", clientId: String(clients.bakery) },
      cookies.staff,
    );
    // Sent to its portal before the action runs: no toast of a run.
    expect(byBusiness.status).toBe(302);
    expect(byBusiness.headers.get("Location")).toBe("/portal");
    expect(byBusiness.headers.getSetCookie().some((cookie) => cookie.startsWith("alex_toast="))).toBe(false);
  });

  it("refuses bad input with a 400 in the user's language", async () => {
    const cases = [
      { fields: { question: "", fact: "13:30" }, he: "יש לכתוב את השאלה.", en: "Write the question." },
      {
        fields: { question: "Open on Friday?", fact: "  " },
        he: "יש לכתוב מה התשובה חייבת לכלול.",
        en: "Write what the answer must hold.",
      },
      {
        fields: { question: "Open on Friday?", fact: "?!" },
        he: "העובדה צריכה לכלול אותיות או ספרות.",
        en: "The fact needs letters or digits.",
      },
      {
        fields: { question: "Open on Friday?", fact: "x".repeat(121) },
        he: "העובדה ארוכה מדי",
        en: "The fact is too long",
      },
      { fields: { question: "q".repeat(301), fact: "13:30" }, he: "השאלה ארוכה מדי", en: "The question is too long" },
    ];
    for (const { fields, he, en } of cases) {
      for (const [language, message] of [
        ["he", he],
        ["en", en],
      ] as const) {
        const response = await post(
          "/portal/training?tab=tests",
          { intent: "testAdd", ...fields },
          cookies.staff,
          language,
        );
        expect(response.status, `${language} ${JSON.stringify(fields)}`).toBe(400);
        expect(await response.text()).toContain(message);
      }
    }
    // At most 50 a client.
    for (const [language, message] of [
      ["he", "הרשימה מלאה: עד 50 שאלות בדיקה."],
      ["en", "The list is full: at most 50 test questions."],
    ] as const) {
      const full = await post(
        "/admin/ai-training",
        { intent: "testAdd", clientId: String(clients.full), question: "One more?", fact: "yes" },
        cookies.operator,
        language,
      );
      expect(full.status).toBe(400);
      expect(await full.text()).toContain(message);
    }
    expect((await page("/portal/training?tab=tests", cookies.staff)).html).toContain("No test questions yet");
  });

  it("runs them again after a page scan: a fact the scanned page holds now passes", async () => {
    const added = await post(
      "/portal/training?tab=tests",
      { intent: "testAdd", question: WHITENING.q, fact: WHITENING.fact },
      cookies.staff,
    );
    expect(added.status).toBe(302);
    const before = await pageSaying(
      "/portal/training?tab=tests",
      cookies.staff,
      "en",
      "1 of 1 test questions now fail",
    );
    expect(before.html).toContain("1 of 1 test questions now fail");

    const scanned = await fetch(`${server.url}/api/admin/clients/${clients.florist}/scan-websites`, {
      method: "POST",
      headers: { Cookie: cookies.operator, Origin: server.url, "Content-Type": "application/json" },
      body: JSON.stringify({ urls: [`${site.url}/en`] }),
    });
    expect(scanned.status).toBe(200);
    const after = await pageSaying("/portal/training?tab=tests", cookies.staff, "en", "Passes");
    expect(after.html).toContain("Passes");
    expect(after.html).toContain("1,200 NIS");
    expect(after.html).not.toContain("now fail");
  });

  it("is part of the client's full integration test", async () => {
    // The bakery's question fails again once its fact is the old hour.
    const { html } = await page("/portal/training?tab=tests", cookies.owner);
    const [friday] = questionIdsOn(html);
    await post(
      "/portal/training?tab=tests",
      { intent: "testEdit", testQuestionId: String(friday), question: FRIDAY.q, fact: FRIDAY.fact },
      cookies.owner,
    );
    const response = await fetch(`${server.url}/api/system/full-client-test/${clients.bakery}`, {
      method: "POST",
      headers: { Cookie: withLanguage(cookies.operator, "en"), Origin: server.url },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      tests: { test: string; success: boolean; message: string; data: unknown }[];
    };
    expect(body.tests.find((test) => test.test === "test_questions")).toMatchObject({
      success: false,
      message: "1 of 1 test questions fail.",
      data: { passed: 0, total: 1, failing: [{ question: FRIDAY.q, fact: FRIDAY.fact }] },
    });
  });

  it("billed nothing and made no session, message or knowledge gap", async () => {
    stopped = true;
    const counts = await running.finish(async (db) => {
      const of = async (
        table:
          | typeof chatSessions
          | typeof messages
          | typeof knowledgeGapGroups
          | typeof messageUsageDaily
          | typeof billingRecords,
      ) => {
        const [row] = await db.select({ count: count() }).from(table).where(eq(table.clientId, clients.bakery));
        return row!.count;
      };
      return {
        sessions: await of(chatSessions),
        messages: await of(messages),
        gaps: await of(knowledgeGapGroups),
        usage: await of(messageUsageDaily),
        bills: await of(billingRecords),
        questions: (await db.select().from(testQuestions).where(eq(testQuestions.clientId, clients.bakery))).length,
      };
    });
    expect(counts).toEqual({ sessions: 0, messages: 0, gaps: 0, usage: 0, bills: 0, questions: 1 });
  });
});
