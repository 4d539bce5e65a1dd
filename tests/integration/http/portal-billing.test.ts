import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingRecords, messages } from "#db/schema.ts";
import { insertChatSession, insertClient, insertPerson, PERSON_PASSWORD } from "../../support/factories.ts";
import { sessionCookieOn, startServer, type RunningServer } from "../../support/server.ts";
import { readZip } from "../../support/zip.ts";

/**
 * A business's bills, usage and plugin in its portal, its owner's alone: its own
 * bills with the pay link of an unpaid one, this month's usage so far, and the plugin carrying its own
 * license key. Two businesses: nothing of the other ever shows.
 */
let server: RunningServer;
const bakery = { id: 0, licenseKey: "", pendingToken: "", paidToken: "" };
const garage = { id: 0, licenseKey: "", pendingToken: "" };
const PEOPLE = {
  owner: "olivia@bakery.example",
  staff: "sam@bakery.example",
};
const cookies = { owner: "", staff: "" };

beforeAll(async () => {
  server = await startServer(
    {},
    {
      prepareDatabase: async (db) => {
        const sunrise = await insertClient(db, {
          businessName: "Sunrise Bakery",
          monthlyFeeCents: 4900,
          createdAt: new Date("2024-06-01T00:00:00Z"),
        });
        const moonlight = await insertClient(db, {
          businessName: "Moonlight Garage",
          monthlyFeeCents: 7700,
          createdAt: new Date("2024-06-01T00:00:00Z"),
        });
        Object.assign(bakery, { id: sunrise.id, licenseKey: sunrise.licenseKey });
        Object.assign(garage, { id: moonlight.id, licenseKey: moonlight.licenseKey });
        const bills = await db
          .insert(billingRecords)
          .values([
            {
              clientId: bakery.id,
              billingPeriod: "2025-01",
              baseFeeCents: 4900,
              usageFeesCents: 1111,
              totalCents: 6011,
              status: "paid",
              paidAt: new Date("2025-02-03T10:00:00Z"),
            },
            {
              clientId: bakery.id,
              billingPeriod: "2025-02",
              baseFeeCents: 4900,
              usageFeesCents: 7445,
              totalCents: 12345,
              status: "pending",
            },
            {
              clientId: garage.id,
              billingPeriod: "2025-02",
              baseFeeCents: 7700,
              usageFeesCents: 91065,
              totalCents: 98765,
              status: "overdue",
            },
          ])
          .returning({ payToken: billingRecords.payToken });
        bakery.paidToken = bills[0]!.payToken;
        bakery.pendingToken = bills[1]!.payToken;
        garage.pendingToken = bills[2]!.payToken;

        // This month so far: the bakery 3 conversations, 1 article, 2 solutions; the garage 7 conversations.
        const now = new Date(Date.now() - 60_000);
        const sunriseSession = await insertChatSession(db, bakery.id);
        const moonlightSession = await insertChatSession(db, garage.id);
        const message = (
          sessionId: number,
          clientId: number,
          messageType: "conversation" | "article" | "solution",
          costCents: number,
        ) => ({
          sessionId,
          clientId,
          userMessage: "hello",
          messageType,
          costCents,
          createdAt: now,
        });
        await db
          .insert(messages)
          .values([
            ...Array.from({ length: 3 }, () => message(sunriseSession.id, bakery.id, "conversation", 5)),
            message(sunriseSession.id, bakery.id, "article", 50),
            ...Array.from({ length: 2 }, () => message(sunriseSession.id, bakery.id, "solution", 10)),
            ...Array.from({ length: 7 }, () => message(moonlightSession.id, garage.id, "conversation", 333)),
          ]);

        await insertPerson(db, { email: PEOPLE.owner, role: "business_owner", clientId: bakery.id });
        await insertPerson(db, { email: PEOPLE.staff, role: "business_staff", clientId: bakery.id });
      },
    },
  );
  cookies.owner = await sessionCookieOn(server, { username: PEOPLE.owner, password: PERSON_PASSWORD });
  cookies.staff = await sessionCookieOn(server, { username: PEOPLE.staff, password: PERSON_PASSWORD });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

function get(path: string, cookie: string) {
  return fetch(`${server.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
}

const expectNothingOfTheGarage = (text: string) => {
  for (const other of ["Moonlight Garage", garage.pendingToken, garage.licenseKey, "$987.65", "$77.00", "$23.31"]) {
    expect(text).not.toContain(other);
  }
};

describe("the portal's bills", () => {
  it("shows the business's own bills, with the pay link of the unpaid one alone", async () => {
    const response = await get("/portal/billing?lng=en", cookies.owner);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Past bills");
    expect(html).toContain("January 2025");
    expect(html).toContain("February 2025");
    expect(html).toContain("$123.45");
    expect(html).toContain("$60.11");
    expect(html).toContain("Pending");
    expect(html).toContain("Paid");
    expect(html).toContain(`href="/pay/${bakery.pendingToken}"`);
    expect(html).toContain('aria-label="Pay the bill for February 2025"');
    expect(html).not.toContain(bakery.paidToken);
    expectNothingOfTheGarage(html);
    // Nothing to change here: no bill to mark paid, no price to edit.
    expect(html).not.toContain('name="intent"');
    expect(html).not.toContain('name="recordId"');
  });

  it("shows this month's usage so far: conversations, articles, solutions and the amount", async () => {
    const html = await (await get("/portal/billing?lng=en", cookies.owner)).text();
    expect(html).toContain("This month&#x27;s usage so far");
    expect(html).toMatch(/Conversations<\/h3>[\s\S]*?<bdi>3<\/bdi>/);
    expect(html).toMatch(/Articles<\/h3>[\s\S]*?<bdi>1<\/bdi>/);
    expect(html).toMatch(/Solutions<\/h3>[\s\S]*?<bdi>2<\/bdi>/);
    // 3 × 5 + 50 + 2 × 10 cents of usage, on a $49.00 base fee.
    expect(html).toContain("$0.85");
    expect(html).toContain("$49.85");
    expectNothingOfTheGarage(html);
  });

  it("speaks Hebrew by default", async () => {
    const html = await (await get("/portal/billing", cookies.owner)).text();
    expect(html).toContain("חשבונות קודמים");
    expect(html).toContain("לתשלום");
  });

  it("reads a bad page number as the first page, and refuses a post", async () => {
    const response = await get("/portal/billing?lng=en&page=abc", cookies.owner);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`/pay/${bakery.pendingToken}`);
    const posted = await fetch(`${server.url}/portal/billing`, {
      method: "POST",
      headers: { Cookie: cookies.owner, Origin: server.url },
      body: new URLSearchParams({ intent: "markPaid", recordId: "1" }),
      redirect: "manual",
    });
    expect(posted.status).toBe(405);
  });
});

describe("the portal's plugin", () => {
  it("explains the install and shows the business's own license key", async () => {
    const response = await get("/portal/plugin?lng=en", cookies.owner);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Install steps");
    expect(html).toContain('href="/portal/plugin/download"');
    expect(html).toContain(bakery.licenseKey);
    expectNothingOfTheGarage(html);
    expect(await (await get("/portal/plugin", cookies.owner)).text()).toContain("שלבי ההתקנה");
  });

  it("downloads a ZIP carrying the business's own license key, whatever the address asks for", async () => {
    for (const path of [
      "/portal/plugin/download",
      `/portal/plugin/download?clientId=${garage.id}&licenseKey=${garage.licenseKey}`,
    ]) {
      const response = await get(path, cookies.owner);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/zip");
      expect(response.headers.get("Content-Disposition")).toBe(
        `attachment; filename="alex-ai-assistant-${bakery.id}.zip"`,
      );
      const entries = readZip(Buffer.from(await response.arrayBuffer()));
      const defaults = entries.find((entry) => entry.name.endsWith("includes/defaults.php"))!.data.toString("utf8");
      expect(defaults).toContain(`define( 'ALEX_AI_DEFAULT_LICENSE_KEY', '${bakery.licenseKey}' );`);
      expect(defaults).toContain(`define( 'ALEX_AI_DEFAULT_SERVER_URL', '${server.url}' );`);
      for (const entry of entries) expect(entry.data.toString("utf8"), entry.name).not.toContain(garage.licenseKey);
    }
  });
});

describe("the business's staff", () => {
  it("is refused the bills, the plugin and its download: off to the portal's forbidden page", async () => {
    for (const path of ["/portal/billing", "/portal/plugin", "/portal/plugin/download"]) {
      const response = await get(path, cookies.staff);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe("/portal/forbidden");
    }
  });
});
