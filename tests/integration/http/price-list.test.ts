import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "#db/connection.ts";
import { messageCostCents, PRICE_LIST } from "#db/price-list.ts";
import { chatSessions, completedFunctions, messages } from "#db/schema.ts";
import { MESSAGE_TYPES } from "#db/vocabulary.ts";
import { computeBills } from "~/billing/billing.server.ts";
import { periodOf } from "~/billing/periods.ts";
import { formatCents } from "~/lib/format.ts";
import { insertClient } from "../../support/factories.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { loginAsOperator, request } from "../../support/http.ts";

/** What a reader sees: tags and React's text separators removed, spaces folded. */
const visibleText = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .replace(/\u00a0/g, " ");
const price = (cents: number, language: "he" | "en") =>
  formatCents(cents, language, PRICE_LIST.currency).replace(/\s/g, " ");

describe("every page quotes db/price-list.ts", () => {
  it.each(["he", "en"] as const)("the landing page's pricing card, in %s", async (language) => {
    const text = visibleText(await (await request(`/?lng=${language}`)).text());
    expect(text).toContain(price(PRICE_LIST.monthlyFeeCents, language));
    expect(text).toContain(price(PRICE_LIST.perBillableMessageCents, language));
    expect(text).toContain(price(PRICE_LIST.installationListPriceCents, language));
    // The pricing card's example month: the fee and 100 conversations.
    expect(text).toContain(price(PRICE_LIST.monthlyFeeCents + 100 * PRICE_LIST.perBillableMessageCents, language));
  });

  it.each(["he", "en"] as const)("the billing and completed functions pages, in %s", async (language) => {
    const cookie = await loginAsOperator();
    const billing = visibleText(
      await (await request(`/admin/billing?lng=${language}`, { headers: { Cookie: cookie } })).text(),
    );
    expect(billing).toContain(price(PRICE_LIST.monthlyFeeCents, language));
    expect(billing).not.toContain("{{");
    const functions = visibleText(
      await (await request(`/admin/completed-functions?lng=${language}`, { headers: { Cookie: cookie } })).text(),
    );
    expect(functions).toContain(price(PRICE_LIST.perCompletedFunctionCents, language));
    expect(functions).not.toContain("{{");
  });
});

describe.each(testDrivers)("a bill and the stored prices agree with db/price-list.ts on %s", (driver) => {
  let handle: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("bills the monthly fee (the column's default) and each message at its price", async () => {
    const client = await insertClient(db, { businessName: "Pricecheck", createdAt: new Date("2026-01-05T10:00:00Z") });
    expect(client.monthlyFeeCents).toBe(PRICE_LIST.monthlyFeeCents);
    const [session] = await db
      .insert(chatSessions)
      .values({
        publicId: "sess_pricecheck",
        clientId: client.id,
        startedAt: new Date("2026-02-10T10:00:00Z"),
        lastMessageAt: new Date("2026-02-10T10:10:00Z"),
      })
      .returning();
    await db.insert(messages).values(
      MESSAGE_TYPES.map((messageType, index) => ({
        sessionId: session!.id,
        clientId: client.id,
        userMessage: "hi",
        messageType,
        costCents: messageCostCents(messageType),
        createdAt: new Date(Date.UTC(2026, 1, 10, 10, index)),
      })),
    );
    const [bill] = await computeBills(db, {
      period: periodOf(new Date("2026-02-10T10:00:00Z"), "Asia/Jerusalem"),
      timeZone: "Asia/Jerusalem",
      clientId: client.id,
    });
    expect(bill).toMatchObject({
      baseFeeCents: PRICE_LIST.monthlyFeeCents,
      usageFeesCents: 3 * PRICE_LIST.perBillableMessageCents,
      totalCents: PRICE_LIST.monthlyFeeCents + 3 * PRICE_LIST.perBillableMessageCents,
    });
    const [fn] = await db
      .insert(completedFunctions)
      .values({ clientId: client.id, sessionId: session!.id, functionType: "client_introduction_complete" })
      .returning();
    expect(fn!.profitCents).toBe(PRICE_LIST.perCompletedFunctionCents);
  });
});
