import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/connection.ts";
import { contactLeads, newsletterSubscribers } from "#db/schema.ts";
import { createContactLead } from "~/models/contact-lead.server.ts";
import { subscribeToNewsletter } from "~/models/newsletter-subscriber.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";

describe.each(testDrivers)("landing form models (%s)", (driver) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("stores a contact lead with its consent and language", async () => {
    const { id } = await createContactLead(handle.db, {
      fullName: "Noa Levi",
      phone: "050-123-4567",
      email: "noa@example.com",
      marketingConsent: true,
      language: "he",
    });
    const rows = await handle.db.select().from(contactLeads);
    expect(rows).toEqual([
      expect.objectContaining({ id, fullName: "Noa Levi", marketingConsent: true, language: "he" }),
    ]);
  });

  it("subscribes an address once, whatever its case", async () => {
    const first = await subscribeToNewsletter(handle.db, "Reader@Example.com", "en");
    expect(first.kind).toBe("subscribed");
    expect(await subscribeToNewsletter(handle.db, "reader@example.COM", "he")).toEqual({ kind: "already-subscribed" });
    const rows = await handle.db.select().from(newsletterSubscribers);
    expect(rows.map(({ email, language }) => ({ email, language }))).toEqual([
      { email: "Reader@Example.com", language: "en" },
    ]);
  });

  it("lets only one of two simultaneous sign-ups of an address in", async () => {
    const outcomes = await Promise.all([
      subscribeToNewsletter(handle.db, "race@example.com", "he"),
      subscribeToNewsletter(handle.db, "RACE@example.com", "he"),
    ]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(["already-subscribed", "subscribed"]);
  });
});
