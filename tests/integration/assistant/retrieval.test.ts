import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "#db/connection.ts";
import { generateLicenseKey } from "#db/license-key.ts";
import { clients, knowledgeEntries } from "#db/schema.ts";
import {
  backfillKnowledgeSearchText,
  insertKnowledgeEntries,
  searchKnowledge,
} from "~/models/knowledge-entry.server.ts";
import { FIXTURE_BUSINESSES, FIXTURE_QUESTIONS } from "../../fixtures/knowledge-base.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";

/** The share of questions whose best passage is the right one must stay at least this (measured: see the report line). */
const ACCURACY_BAR = 0.9;

async function seedFixture(db: Database) {
  const clientIds = new Map<string, number>();
  for (const business of FIXTURE_BUSINESSES) {
    const [client] = await db
      .insert(clients)
      .values({
        businessName: business.businessName,
        ownerEmail: `owner@${business.websiteDomain}`,
        websiteDomain: business.websiteDomain,
        businessType: business.businessType,
        licenseKey: generateLicenseKey(),
      })
      .returning({ id: clients.id });
    clientIds.set(business.businessName, client!.id);
    await insertKnowledgeEntries(
      db,
      business.passages.map((passage) => ({
        clientId: client!.id,
        topic: passage.topic,
        sourceUrl: passage.path === null ? null : `https://${business.websiteDomain}${passage.path}`,
        content: passage.content,
        origin: passage.origin,
      })),
    );
  }
  return clientIds;
}

describe.each(testDrivers)("knowledge retrieval on %s", (driver) => {
  let handle: DatabaseHandle;
  let clientIds: Map<string, number>;

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    clientIds = await seedFixture(handle.db);
  });
  afterAll(() => handle.close());

  const idOf = (business: string) => clientIds.get(business)!;

  it(`answers at least ${ACCURACY_BAR * 100}% of ${FIXTURE_QUESTIONS.length} Hebrew and English questions from the right passage`, async () => {
    const passages = FIXTURE_BUSINESSES.reduce((sum, business) => sum + business.passages.length, 0);
    expect(passages).toBeGreaterThanOrEqual(60);
    expect(FIXTURE_QUESTIONS.length).toBeGreaterThanOrEqual(30);

    const misses: string[] = [];
    for (const { business, question, expectedTopic } of FIXTURE_QUESTIONS) {
      const [best] = await searchKnowledge(handle.db, idOf(business), question);
      if (best?.topic !== expectedTopic)
        misses.push(`${question} -> ${best?.topic ?? "nothing"} (expected ${expectedTopic})`);
    }
    const accuracy = (FIXTURE_QUESTIONS.length - misses.length) / FIXTURE_QUESTIONS.length;
    console.info(
      `retrieval (${driver}): ${FIXTURE_QUESTIONS.length - misses.length}/${FIXTURE_QUESTIONS.length} ` +
        `= ${(accuracy * 100).toFixed(1)}% answered from the right passage over ${passages} passages` +
        (misses.length ? `\n  missed: ${misses.join("\n  missed: ")}` : ""),
    );
    expect(accuracy).toBeGreaterThanOrEqual(ACCURACY_BAR);
  });

  it("returns the passage with its source URL, and only the asking client's passages", async () => {
    const pizzeria = idOf("פיצה רומא");
    const passages = await searchKnowledge(handle.db, pizzeria, "כמה עולה המשלוח?");
    expect(passages[0]).toMatchObject({ topic: "דמי משלוח", sourceUrl: "https://pizza-roma.co.il/delivery" });
    expect(passages.length).toBeLessThanOrEqual(3);
    const allPizzeria = await handle.db
      .select({ id: knowledgeEntries.id, clientId: knowledgeEntries.clientId })
      .from(knowledgeEntries);
    const own = new Set(allPizzeria.filter((row) => row.clientId === pizzeria).map((row) => row.id));
    const everything = await searchKnowledge(handle.db, pizzeria, "שתל הלבנה plumbing משלוח", 50);
    expect(everything.every((passage) => own.has(passage.id))).toBe(true);
  });

  it("finds Hebrew through niqqud and attached prefixes on either side", async () => {
    const dentalId = idOf("מרפאת השיניים ד״ר כהן");
    const [pointed] = await searchKnowledge(handle.db, dentalId, "הַלְבָּנַת שִׁינַּיִם");
    expect(pointed?.topic).toBe("הלבנת שיניים");
    const [prefixed] = await searchKnowledge(handle.db, dentalId, "ובשתלים?");
    expect(prefixed?.topic).toBe("שתלים");
  });

  it("breaks ties by the older entry, the same way every time", async () => {
    const [client] = await handle.db
      .insert(clients)
      .values({
        businessName: "Twins",
        ownerEmail: "t@example.com",
        websiteDomain: "twins.example",
        businessType: "other",
        licenseKey: generateLicenseKey(),
      })
      .returning({ id: clients.id });
    const twin = { clientId: client!.id, sourceUrl: null, origin: "manual" as const, content: "Same words in both." };
    await insertKnowledgeEntries(handle.db, [
      { ...twin, topic: "First" },
      { ...twin, topic: "Second" },
    ]);
    for (let round = 0; round < 3; round++) {
      const found = await searchKnowledge(handle.db, client!.id, "same words");
      expect(found.map((passage) => passage.topic)).toEqual(["First", "Second"]);
      expect(found[0]!.score).toBe(found[1]!.score);
    }
  });

  it("returns nothing for a question with nothing to search, or nothing in common", async () => {
    expect(await searchKnowledge(handle.db, idOf("GreenFix Home Services"), "?!")).toEqual([]);
    expect(await searchKnowledge(handle.db, idOf("GreenFix Home Services"), "זברה")).toEqual([]);
  });

  it("fills the search text of entries written before it existed", async () => {
    const [client] = await handle.db
      .insert(clients)
      .values({
        businessName: "Old",
        ownerEmail: "o@example.com",
        websiteDomain: "old.example",
        businessType: "other",
        licenseKey: generateLicenseKey(),
      })
      .returning({ id: clients.id });
    await handle.db
      .insert(knowledgeEntries)
      .values({ clientId: client!.id, topic: "ההיסטוריה", content: "נוסדנו בשנת 1990", origin: "manual" });
    expect(await searchKnowledge(handle.db, client!.id, "היסטוריה")).toEqual([]);
    expect(await backfillKnowledgeSearchText(handle.db)).toBe(1);
    expect((await searchKnowledge(handle.db, client!.id, "היסטוריה"))[0]?.topic).toBe("ההיסטוריה");
    expect(await backfillKnowledgeSearchText(handle.db)).toBe(0);
  });
});
