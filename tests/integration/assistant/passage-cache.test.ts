import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/connection.ts";
import { clients, knowledgeEntries } from "#db/schema.ts";
import { answerVisitor } from "~/assistant/assistant.server.ts";
import { findClientByLicenseKey } from "~/models/client.server.ts";
import { insertKnowledgeEntries, replaceKnowledgeEntries } from "~/models/knowledge-entry.server.ts";
import { insertClient } from "../../support/factories.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";

/**
 * A question asked again is answered from the search results kept in memory while the client's
 * knowledge is unchanged (app/assistant/passage-cache.server.ts), and never after a change: every
 * write to a client's knowledge gives it a new revision (migration 0043), and the message reads it.
 */
describe.each(testDrivers)("search results kept between messages, on %s", (driver) => {
  let handle: DatabaseHandle;
  let licenseKey: string;

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    ({ licenseKey } = await insertClient(handle.db, { businessName: "Cache Bakery" }));
  });
  afterAll(() => handle.close());

  const clientNow = async () => (await findClientByLicenseKey(handle.db, licenseKey))!;
  const ask = async (client: Awaited<ReturnType<typeof clientNow>>, message: string) =>
    (
      await answerVisitor(handle.db, undefined, {
        client,
        knowledgeRevision: client.knowledgeRevision,
        message,
        imageCount: 0,
        requestLanguage: "en",
        history: [],
        knownDetails: {},
        onDelta: () => {},
      })
    ).reply;

  it("answers from the knowledge as it is after each change, whoever made it", async () => {
    const empty = await clientNow();
    await insertKnowledgeEntries(handle.db, [
      {
        clientId: empty.id,
        topic: "Delivery",
        content: "Delivery across Haifa costs 20 shekels.",
        sourceUrl: null,
        origin: "manual",
      },
    ]);
    const first = await clientNow();
    expect(first.knowledgeRevision).not.toBe(empty.knowledgeRevision);
    expect(await ask(first, "How much is delivery?")).toContain("20 shekels");

    await replaceKnowledgeEntries(handle.db, { clientId: first.id, origin: "manual" }, [
      {
        clientId: first.id,
        topic: "Delivery",
        content: "Delivery across Haifa costs 35 shekels.",
        sourceUrl: null,
        origin: "manual",
      },
    ]);
    const second = await clientNow();
    expect(second.knowledgeRevision).not.toBe(first.knowledgeRevision);
    // The same words, asked another way, after the change: the new price.
    expect(await ask(second, "how much is DELIVERY")).toContain("35 shekels");
    // Under the revision read before the change, the question is still the one answered then: the
    // result was kept, and is used only by messages that read that revision.
    expect(await ask(first, "How much is delivery?")).toContain("20 shekels");

    // A change by hand in the database moves the revision too: it is the database's, not the writers'.
    await handle.db.delete(knowledgeEntries).where(eq(knowledgeEntries.clientId, first.id));
    const third = await clientNow();
    expect(third.knowledgeRevision).not.toBe(second.knowledgeRevision);
    expect(await ask(third, "How much is delivery?")).not.toMatch(/shekels/);
  });

  it("lets a client with knowledge be deleted with it", async () => {
    const gone = await insertClient(handle.db, { businessName: "Gone Bakery" });
    await insertKnowledgeEntries(handle.db, [
      { clientId: gone.id, topic: "Bread", content: "Sourdough daily.", sourceUrl: null, origin: "manual" },
    ]);
    await handle.db.delete(clients).where(eq(clients.id, gone.id));
    const left = await handle.db.select().from(knowledgeEntries).where(eq(knowledgeEntries.clientId, gone.id));
    expect(left).toEqual([]);
  });
});
