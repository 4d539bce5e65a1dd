import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/connection.ts";
import { SALES_FLOW } from "#db/seed-content.ts";
import { DEMO_CLIENTS } from "#db/seed-data/clients.ts";
import type { Language } from "~/i18n/config.ts";
import { answerVisitor } from "~/assistant/assistant.server.ts";
import { insertKnowledgeEntries } from "~/models/knowledge-entry.server.ts";
import { createTraining, updateTraining } from "~/training/training.server.ts";
import {
  ANSWERABLE,
  BAKERY,
  SALON,
  SALON_ANSWERABLE,
  SALON_EXCERPT,
  SALON_UNANSWERABLE,
  UNANSWERABLE,
  type TaughtQuestion,
} from "../../fixtures/taught-knowledge.ts";
import { insertClient } from "../../support/factories.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";

/** The share of answerable questions whose reply carries the right fact must stay at least this, in each language. */
const ANSWERED_BAR = 0.9;
const HONEST = {
  he: "את התשובה לזה אני עדיין לא יודע. השאירו שם ומספר טלפון",
  en: "I don't know the answer to that yet. Leave your name and phone number",
};
/** The demo's restaurant, trained as the seed trains it: its kashrut answer once answered a table for four. */
const DEMO_RESTAURANT = DEMO_CLIENTS.find((client) => client.businessType === "restaurant")!;

type Client = { id: number; businessName: string; businessType: string };
type Taught = {
  businessName: string;
  businessType: string;
  training: { businessInfo: string; faq: readonly { q: string; a: string }[] };
  pages: readonly { topic: string; path: string; content: string }[];
};

describe.each(testDrivers)("the built-in responder answers from what the business taught, on %s", (driver) => {
  let handle: DatabaseHandle;
  let client: Client;
  let salon: Client;
  let restaurant: Client;

  async function teach(business: Taught, websiteDomain: string) {
    const taught = await insertClient(handle.db, {
      businessName: business.businessName,
      businessType: business.businessType,
      createdAt: new Date("2025-01-01T08:00:00Z"),
    });
    await createTraining(handle.db, taught.id, {
      businessType: business.businessType,
      businessInfo: business.training.businessInfo,
      knowledgeBase: { faq: business.training.faq },
      salesFlow: SALES_FLOW,
    });
    if (business.pages.length > 0)
      await insertKnowledgeEntries(
        handle.db,
        business.pages.map((page) => ({
          clientId: taught.id,
          topic: page.topic,
          content: page.content,
          sourceUrl: `https://${websiteDomain}${page.path}`,
          origin: "scan" as const,
        })),
      );
    return taught;
  }

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    client = await teach({ ...BAKERY, businessName: "Bakery", businessType: "restaurant" }, BAKERY.websiteDomain);
    salon = await teach(SALON, "salon.example");
    restaurant = await teach(
      {
        ...DEMO_RESTAURANT,
        pages: DEMO_RESTAURANT.knowledge.map((page) => ({ ...page, path: page.path ?? "/" })),
      },
      DEMO_RESTAURANT.websiteDomain,
    );
  });
  afterAll(() => handle.close());

  const ask = async (message: string, to: Client = client) =>
    answerVisitor(handle.db, undefined, {
      client: to,
      message,
      imageCount: 0,
      requestLanguage: "he",
      history: [],
      knownDetails: {},
      onDelta: () => {},
    });

  /** Each question's reply: whether it carries the fact, counted per language, and the misses named. */
  async function measure(questions: readonly TaughtQuestion[], unanswerable: readonly string[], to: Client) {
    const byLanguage: Record<Language, { asked: number; answered: number }> = {
      he: { asked: 0, answered: 0 },
      en: { asked: 0, answered: 0 },
    };
    const misses: string[] = [];
    for (const { question, expected, source } of questions) {
      const { reply, language } = await ask(question, to);
      byLanguage[language].asked++;
      if (reply.includes(expected)) byLanguage[language].answered++;
      else misses.push(`${question} (${source}) -> ${reply.split("\n")[0]}`);
    }
    const dishonest: string[] = [];
    for (const question of unanswerable) {
      const { reply, language } = await ask(question, to);
      if (!reply.startsWith(HONEST[language])) dishonest.push(`${question} -> ${reply.split("\n")[0]}`);
    }
    const share = ({ asked, answered }: { asked: number; answered: number }) =>
      `${answered}/${asked} = ${((answered / asked) * 100).toFixed(1)}%`;
    console.info(
      `taught knowledge of ${to.businessName} (${driver}): Hebrew ${share(byLanguage.he)}, English ${share(byLanguage.en)} answered with the right fact; ` +
        `${unanswerable.length - dishonest.length}/${unanswerable.length} unanswerable questions got the honest reply` +
        [...misses.map((miss) => `\n  missed: ${miss}`), ...dishonest.map((miss) => `\n  not honest: ${miss}`)].join(
          "",
        ),
    );
    for (const counts of Object.values(byLanguage))
      if (counts.asked > 0) expect(counts.answered / counts.asked).toBeGreaterThanOrEqual(ANSWERED_BAR);
    expect(dishonest).toEqual([]);
  }

  it(`answers at least ${ANSWERED_BAR * 100}% of FAQ-only, business-information and page-only questions in each language with the right fact, and every unanswerable one honestly`, async () => {
    await measure(ANSWERABLE, UNANSWERABLE, client);
  });

  it("answers a salon's questions from its own FAQ and business line, and says so when it has no answer rather than quoting another subject", async () => {
    await measure(SALON_ANSWERABLE, SALON_UNANSWERABLE, salon);
  });

  it("quotes the part of a long business line that answers, not the whole paragraph", async () => {
    const { reply } = await ask(SALON_EXCERPT.question, salon);
    expect(reply.split("\n")[0]).toBe(SALON_EXCERPT.quoted);
    expect(reply).not.toContain(SALON_EXCERPT.left);
  });

  it("tells the demo restaurant's visitor it does not know yet rather than answering a table for four with kashrut", async () => {
    const table = await ask("שלום, יש מקום לארבעה הערב?", restaurant);
    expect(table.reply).toMatch(new RegExp(`^${HONEST.he}`));
    expect(table.reply).not.toContain("הרבנות");
    const english = await ask("Hi, do you have a table for four tonight?", restaurant);
    expect(english.reply).toMatch(new RegExp(`^${HONEST.en}`));
    // What it was taught it still answers.
    expect((await ask("המסעדה כשרה?", restaurant)).reply).toMatch(/^כן, בהשגחת הרבנות המקומית\./);
    expect((await ask("יש חניה?", restaurant)).reply).toMatch(/^חניון ציבורי במרחק 50 מטר/);
  });

  it("ends with the sales step of the client's own kind of business, never a line about Alex", async () => {
    const parking = await ask("יש חניה?", salon);
    expect(parking.reply).not.toContain("רוצים שאסביר איך זה יעבוד אצלכם?");
    const second = await answerVisitor(handle.db, undefined, {
      client: salon,
      message: "יש חניה?",
      imageCount: 0,
      requestLanguage: "he",
      history: [{ userMessage: "שלום", aiResponse: "איך אפשר לעזור?", messageType: "conversation" }],
      knownDetails: {},
      onDelta: () => {},
    });
    expect(second.reply).toBe("יש חניה חינם ברחוב סוקולוב, ממש מול הסלון.\n\nרוצים לקבוע תור?");
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
