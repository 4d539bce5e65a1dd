import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/connection.ts";
import { answerVisitor } from "~/assistant/assistant.server.ts";
import { insertKnowledgeEntries } from "~/models/knowledge-entry.server.ts";
import { createTraining, updateTraining } from "~/training/training.server.ts";
import { ANSWERABLE, BAKERY, UNANSWERABLE } from "../../fixtures/taught-knowledge.ts";
import { insertClient } from "../../support/factories.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";

/** The share of answerable questions whose reply carries the right fact must stay at least this. */
const ANSWERED_BAR = 0.9;
const HONEST = {
  he: "את התשובה לזה אני עדיין לא יודע. השאירו שם ומספר טלפון",
  en: "I don't know the answer to that yet. Leave your name and phone number",
};

describe.each(testDrivers)("the built-in responder answers from what the business taught, on %s", (driver) => {
  let handle: DatabaseHandle;
  let client: { id: number; businessName: string; businessType: string };

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    client = await insertClient(handle.db, { businessName: "Bakery", createdAt: new Date("2025-01-01T08:00:00Z") });
    await createTraining(handle.db, client.id, {
      businessType: "restaurant",
      businessInfo: BAKERY.training.businessInfo,
      knowledgeBase: { faq: BAKERY.training.faq },
    });
    await insertKnowledgeEntries(
      handle.db,
      BAKERY.pages.map((page) => ({
        clientId: client.id,
        topic: page.topic,
        content: page.content,
        sourceUrl: `https://${BAKERY.websiteDomain}${page.path}`,
        origin: "scan" as const,
      })),
    );
  });
  afterAll(() => handle.close());

  const ask = async (message: string) => {
    const answer = await answerVisitor(handle.db, undefined, {
      client,
      message,
      imageCount: 0,
      requestLanguage: "he",
      history: [],
      knownDetails: {},
      onDelta: () => {},
    });
    return answer;
  };

  it(`answers at least ${ANSWERED_BAR * 100}% of FAQ-only, business-information and page-only questions in both languages with the right fact, and every unanswerable one honestly`, async () => {
    const misses: string[] = [];
    for (const { question, expected, source } of ANSWERABLE) {
      const { reply } = await ask(question);
      if (!reply.includes(expected)) misses.push(`${question} (${source}) -> ${reply.split("\n")[0]}`);
    }
    const dishonest: string[] = [];
    for (const question of UNANSWERABLE) {
      const { reply, language } = await ask(question);
      if (!reply.startsWith(HONEST[language])) dishonest.push(`${question} -> ${reply.split("\n")[0]}`);
    }
    const answered = ANSWERABLE.length - misses.length;
    console.info(
      `taught knowledge (${driver}): ${answered}/${ANSWERABLE.length} = ${((answered / ANSWERABLE.length) * 100).toFixed(1)}% answered with the right fact; ` +
        `${UNANSWERABLE.length - dishonest.length}/${UNANSWERABLE.length} unanswerable questions got the honest reply` +
        [...misses.map((miss) => `\n  missed: ${miss}`), ...dishonest.map((miss) => `\n  not honest: ${miss}`)].join(
          "",
        ),
    );
    expect(answered / ANSWERABLE.length).toBeGreaterThanOrEqual(ANSWERED_BAR);
    expect(dishonest).toEqual([]);
  });

  it("answers the bakery's Friday hours, taught only in the FAQ, without a greeting before them", async () => {
    const { reply } = await ask("מה שעות הפתיחה ביום שישי?");
    expect(reply).toMatch(/^כן, ביום שישי פתוחים עד 14:00\./);
  });

  it("keeps in step when the training changes: a removed answer is gone, a new one is found", async () => {
    await updateTraining(handle.db, client.id, {
      knowledgeBase: { faq: [{ q: "פתוחים ביום שישי?", a: "ביום שישי פתוחים עד 13:00." }] },
      businessInfo: "",
    });
    expect((await ask("מה שעות הפתיחה ביום שישי?")).reply).toMatch(/^ביום שישי פתוחים עד 13:00\./);
    expect((await ask("Do you deliver?")).reply).toMatch(/^I don't know the answer to that yet\./);
    expect((await ask("What is your address?")).reply).not.toContain("הרצל 12");
    // The scanned pages are the scan's: the training leaves them alone.
    expect((await ask("How much is a birthday cake?")).reply).toContain("180 ₪");
  });
});
