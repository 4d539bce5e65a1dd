import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/connection.ts";
import { investmentInquiries } from "#db/schema.ts";
import { everyRow } from "~/lib/csv.server.ts";
import {
  countInvestmentInquiries,
  createInvestmentInquiry,
  listInvestmentInquiries,
} from "~/models/investment-inquiry.server.ts";
import { countContactLeads, createContactLead, listContactLeads } from "~/models/contact-lead.server.ts";
import {
  countNewsletterSubscribers,
  listNewsletterSubscribers,
  subscribeToNewsletter,
} from "~/models/newsletter-subscriber.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";

const inquiry = (name: string, createdAt?: Date) => ({
  name,
  email: `${name.toLowerCase().replace(/\s/g, ".")}@example.com`,
  phone: "",
  company: "",
  investmentAmount: "1m+",
  expertise: "",
  message: "",
  language: "en",
  ...(createdAt ? { createdAt } : {}),
});

describe.each(testDrivers)("lead lists (%s)", (driver) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("lists investment inquiries newest first and pages through rows that share a timestamp", async () => {
    const { db } = handle;
    const day = (days: number) => new Date(Date.UTC(2025, 0, days, 12));
    await db
      .insert(investmentInquiries)
      .values([inquiry("Oldest", day(1)), inquiry("Newest", day(9)), inquiry("Middle", day(5))]);
    // One transaction, one now(): five rows with the very same created_at, told apart by id.
    await db.transaction(async (tx) => {
      for (let index = 1; index <= 5; index++) await createInvestmentInquiry(tx, inquiry(`Tied ${index}`));
    });

    const names = (await listInvestmentInquiries(db)).map((row) => row.name);
    expect(names).toEqual(["Tied 5", "Tied 4", "Tied 3", "Tied 2", "Tied 1", "Newest", "Middle", "Oldest"]);
    expect(await countInvestmentInquiries(db)).toBe(8);

    const paged: string[] = [];
    for await (const row of everyRow(2, (afterId) => listInvestmentInquiries(db, { limit: 2, afterId })))
      paged.push(row.name);
    expect(paged).toEqual(names);
  });

  it("lists contact leads and newsletter subscribers newest first, with their counts", async () => {
    const { db } = handle;
    await createContactLead(db, {
      fullName: "First",
      phone: "050-0000001",
      email: "first@example.com",
      marketingConsent: true,
      language: "he",
    });
    await createContactLead(db, {
      fullName: "Second",
      phone: "050-0000002",
      email: "second@example.com",
      marketingConsent: false,
      language: "en",
    });
    await subscribeToNewsletter(db, "one@example.com", "he");
    await subscribeToNewsletter(db, "two@example.com", "en");

    expect((await listContactLeads(db)).map((lead) => lead.fullName)).toEqual(["Second", "First"]);
    expect(
      (await listContactLeads(db, { limit: 1, afterId: (await listContactLeads(db, { limit: 1 }))[0]!.id })).map(
        (lead) => lead.fullName,
      ),
    ).toEqual(["First"]);
    expect(await countContactLeads(db)).toBe(2);
    expect((await listNewsletterSubscribers(db)).map((subscriber) => subscriber.email)).toEqual([
      "two@example.com",
      "one@example.com",
    ]);
    expect(await countNewsletterSubscribers(db)).toBe(2);
  });
});
