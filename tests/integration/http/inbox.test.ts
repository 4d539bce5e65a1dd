import { randomUUID } from "node:crypto";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessHours } from "#db/schema.ts";
import { insertClient, insertPerson, PERSON_PASSWORD } from "../../support/factories.ts";
import { decodeToast, languageCookie, uniqueIp } from "../../support/http.ts";
import { mailTo, startMailbox, type Mailbox } from "../../support/mailbox.ts";
import { operatorCookieOn, sessionCookieOn, startServer, type RunningServer } from "../../support/server.ts";

/**
 * The inbox over real HTTP: a visitor's request for a person makes the conversation wait and gets a
 * true answer (nobody there, someone joining, closed until it opens), the business's owner is
 * e-mailed with a working link when nobody takes it, a person takes, assigns and closes it and the
 * visitor's next message reopens it, all in the hand-over log; a business sees only its own.
 */
const PEOPLE = {
  owner: "owner@inbox-bakery.example",
  staff: "staff@inbox-bakery.example",
  otherOwner: "owner@inbox-garage.example",
};
let server: RunningServer;
let smtp: Mailbox;
const mails: ParsedMail[] = [];
const clients = { bakery: { id: 0, license: "" }, garage: { id: 0, license: "" }, night: { id: 0, license: "" } };
const cookies = { operator: "", owner: "", staff: "", otherOwner: "" };
let staffId = 0;
let otherOwnerId = 0;

async function visitorSays(license: string, message: string, sessionId: string | null = null) {
  const response = await fetch(`${server.url}/api/wordpress/messages`, {
    method: "POST",
    // Each visitor from an address of their own: the hourly limits on new conversations stay out of it.
    headers: { "Content-Type": "application/json", "X-Forwarded-For": uniqueIp() },
    body: JSON.stringify({ license, sessionId, clientMessageId: randomUUID(), message }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { sessionId: string; reply: string };
}

const page = (path: string, cookie: string) => fetch(`${server.url}${path}`, { headers: { Cookie: cookie } });
const post = (path: string, cookie: string, fields: Record<string, string>) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { Cookie: cookie },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
const waitingCount = async (path: string, cookie: string) =>
  ((await (await page(path, cookie)).json()) as { waiting: number }).waiting;

beforeAll(async () => {
  smtp = await startMailbox(mails);
  server = await startServer(
    { SMTP_URL: smtp.url, MAIL_FROM: "Alex <alex@alex.example>" },
    {
      prepareDatabase: async (db) => {
        // The bakery's owner hears of a wait at once: the test needs no five minutes.
        const bakery = await insertClient(db, { businessName: "Inbox Bakery", personWaitMinutes: 0 });
        const garage = await insertClient(db, { businessName: "Inbox Garage" });
        const night = await insertClient(db, { businessName: "Night Owl" });
        // Open one minute a day at 03:00: closed whenever the test runs (but that minute).
        await db.insert(businessHours).values({
          clientId: night.id,
          weekly: Array.from({ length: 7 }, () => ({ opens: "03:00", closes: "03:01" })),
          closedOnHolidays: false,
        });
        clients.bakery = { id: bakery.id, license: bakery.licenseKey };
        clients.garage = { id: garage.id, license: garage.licenseKey };
        clients.night = { id: night.id, license: night.licenseKey };
        await insertPerson(db, { email: PEOPLE.owner, role: "business_owner", clientId: bakery.id });
        staffId = (
          await insertPerson(db, {
            email: PEOPLE.staff,
            role: "business_staff",
            clientId: bakery.id,
            displayName: "Noa Staff",
          })
        ).id;
        otherOwnerId = (
          await insertPerson(db, { email: PEOPLE.otherOwner, role: "business_owner", clientId: garage.id })
        ).id;
      },
    },
  );
  cookies.operator = await operatorCookieOn(server);
  cookies.owner = await sessionCookieOn(server, { username: PEOPLE.owner, password: PERSON_PASSWORD });
  cookies.staff = await sessionCookieOn(server, { username: PEOPLE.staff, password: PERSON_PASSWORD });
  cookies.otherOwner = await sessionCookieOn(server, { username: PEOPLE.otherOwner, password: PERSON_PASSWORD });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe("asking for a person", () => {
  it("makes the conversation wait, says nobody is there now and asks how to reach the visitor", async () => {
    const before = await waitingCount("/portal/inbox/waiting", cookies.owner);
    const { sessionId, reply } = await visitorSays(clients.bakery.license, "אפשר לדבר עם נציג?");
    expect(reply).toContain("אין מי שפנוי");
    expect(reply).toContain("איך אפשר ליצור איתכם קשר");
    expect(await waitingCount("/portal/inbox/waiting", cookies.owner)).toBe(before + 1);
    const inbox = await (await page("/admin/inbox?state=waiting", cookies.operator)).text();
    expect(inbox).toContain(`/admin/session/${sessionId}`);
    const log = await (await page(`/admin/session/${sessionId}`, cookies.operator)).text();
    expect(log).toContain("The visitor asked for a person");
  });

  it("says someone joins now while a person of the business has a page open", async () => {
    const stream = new AbortController();
    const live = await fetch(`${server.url}/portal/live`, {
      headers: { Cookie: cookies.staff, Accept: "text/event-stream" },
      signal: stream.signal,
    });
    expect(live.status).toBe(200);
    try {
      await expect
        .poll(async () => (await visitorSays(clients.bakery.license, "Can I talk to a human?")).reply, {
          timeout: 5_000,
        })
        .toContain("someone will join this conversation in a moment");
    } finally {
      stream.abort();
    }
  });

  it("tells the visitor of a closed business when it opens", async () => {
    const { reply } = await visitorSays(clients.night.license, "I want to speak with a real person");
    expect(reply).toContain("We're closed right now.");
    expect(reply).toContain("when we open, ");
    expect(reply).toContain("How can they reach you?");
  });

  it("leaves a question that only mentions people to Alex", async () => {
    const before = await waitingCount("/admin/inbox/waiting", cookies.operator);
    await visitorSays(clients.garage.license, "How much is a service for 3 people?");
    expect(await waitingCount("/admin/inbox/waiting", cookies.operator)).toBe(before);
  });

  it("e-mails the business's owner, in its language, a link that opens the conversation", async () => {
    const { sessionId } = await visitorSays(clients.bakery.license, "נציג בבקשה");
    const mail = await mailTo(mails, PEOPLE.owner, { ms: 30_000 });
    expect(mail.subject).toContain("מחכה לנציג");
    const link = /https?:\/\/\S+\/portal\/conversations\/\S+/.exec(mail.text ?? "")?.[0];
    expect(link).toBeDefined();
    const opened = await fetch(link!.replace(/^https?:\/\/[^/]+/, server.url), { headers: { Cookie: cookies.owner } });
    expect(opened.status).toBe(200);
    await expect
      .poll(() => mails.some((each) => (each.text ?? "").includes(sessionId)), { timeout: 20_000 })
      .toBe(true);
  }, 40_000);
});

describe("working a conversation", () => {
  it("takes, assigns, closes and reopens it, each in the hand-over log", async () => {
    const { sessionId } = await visitorSays(clients.bakery.license, "I'd like to talk to a person, please.");
    const path = `/portal/conversations/${sessionId}`;
    expect((await post(path, cookies.owner, { intent: "take-over" })).status).toBe(302);
    expect(await (await page(`/portal/inbox?state=held`, cookies.owner)).text()).toContain(path);
    expect((await post(path, cookies.owner, { intent: "assign", assignee: String(staffId) })).status).toBe(302);
    expect(await (await page(`/portal/inbox?person=me`, cookies.staff)).text()).toContain(path);
    expect((await post(path, cookies.staff, { intent: "close" })).status).toBe(302);
    expect(await (await page(`/portal/inbox`, cookies.owner)).text()).not.toContain(path);
    expect(await (await page(`/portal/inbox?state=closed`, cookies.owner)).text()).toContain(path);
    await visitorSays(clients.bakery.license, "One more question", sessionId);
    expect(await (await page(`/portal/inbox?state=alex`, cookies.owner)).text()).toContain(path);
    const log = await (await page(`/admin/session/${sessionId}`, cookies.operator)).text();
    for (const line of [
      "The visitor asked for a person",
      "took over",
      "assigned it to Noa Staff",
      "Noa Staff closed the conversation",
      "The visitor wrote again: the conversation reopened",
    ])
      expect(log).toContain(line);
  });

  it("refuses bad input with a 4xx and changes nothing", async () => {
    const { sessionId } = await visitorSays(clients.bakery.license, "agent please");
    const path = `/portal/conversations/${sessionId}`;
    expect((await post(path, cookies.owner, { intent: "assign", assignee: "abc" })).status).toBe(400);
    // Another business's person is no colleague of this one.
    expect((await post(path, cookies.owner, { intent: "assign", assignee: String(otherOwnerId) })).status).toBe(400);
    expect((await post(path, cookies.owner, { intent: "shout" })).status).toBe(400);
    expect((await page("/admin/inbox?state=bogus", cookies.operator)).status).toBe(400);
    expect((await page("/portal/inbox?channel=fax", cookies.owner)).status).toBe(400);
    expect(await (await page(`/portal/inbox?state=waiting`, cookies.owner)).text()).toContain(path);
  });
});

describe("a business's inbox", () => {
  it("shows its own conversations only, whatever the address asks", async () => {
    const mine = await visitorSays(clients.bakery.license, "human please");
    const theirs = await visitorSays(clients.garage.license, "Can I speak to someone?");
    const garageInbox = await (await page(`/portal/inbox?clientId=${clients.bakery.id}`, cookies.otherOwner)).text();
    expect(garageInbox).toContain(theirs.sessionId);
    expect(garageInbox).not.toContain(mine.sessionId);
    expect(garageInbox).not.toContain("Inbox Bakery");
    expect(await waitingCount("/portal/inbox/waiting", cookies.otherOwner)).toBe(1);
    expect(
      (await post(`/portal/conversations/${mine.sessionId}`, cookies.otherOwner, { intent: "close" })).status,
    ).toBe(404);
    const adminInbox = await (await page(`/admin/inbox?clientId=${clients.garage.id}`, cookies.operator)).text();
    expect(adminInbox).toContain(theirs.sessionId);
    expect(adminInbox).not.toContain(mine.sessionId);
    // A business's person is no operator: the back-office's inbox is not theirs.
    const refused = await fetch(`${server.url}/admin/inbox`, {
      headers: { Cookie: cookies.owner },
      redirect: "manual",
    });
    expect([302, 403]).toContain(refused.status);
  });
});

describe("when a person steps in, set by the business's owner", () => {
  const chat = async () =>
    (await fetch(`${server.url}/api/wordpress/chat-ui?license=${clients.garage.license}&lang=en`)).text();
  const form = async (cookie: string) => {
    const html = await (await page("/portal/inbox", cookie)).text();
    return {
      button: /<input[^>]*name="personButton"[^>]*checked/.test(html),
      minutes: /<input[^>]*name="personWaitMinutes"[^>]*value="(\d+)"/.exec(html)?.[1],
    };
  };

  it("is saved from the owner's own inbox, and the chat follows", async () => {
    expect(await form(cookies.otherOwner)).toEqual({ button: true, minutes: "5" });
    expect(await chat()).toContain("Talk to a person");
    const saved = await post("/portal/inbox", cookies.otherOwner, {
      intent: "person",
      personWaitMinutes: "30",
      ratingQuietMinutes: "10",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/portal/inbox");
    expect(JSON.stringify(decodeToast(saved.headers.get("Set-Cookie") ?? ""))).toContain("הגדרות המעבר לנציג נשמרו");
    expect(await form(cookies.otherOwner)).toEqual({ button: false, minutes: "30" });
    expect(await chat()).not.toContain("Talk to a person");
  });

  it("refuses bad input in the owner's language and keeps nothing of it", async () => {
    const hebrew = `${cookies.otherOwner}; ${await languageCookie("he", server.url)}`;
    const bad = await post("/portal/inbox", hebrew, { intent: "person", personButton: "on", personWaitMinutes: "0" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("מספר שלם של דקות בין 1 ל-240");
    expect(await form(cookies.otherOwner)).toEqual({ button: false, minutes: "30" });
  });

  it("is the owner's alone: staff neither see nor post it, and no owner reaches another business's", async () => {
    expect(await (await page("/portal/inbox", cookies.staff)).text()).not.toContain('name="personWaitMinutes"');
    const refused = await post("/portal/inbox", cookies.staff, { intent: "person", personWaitMinutes: "9" });
    expect([refused.status, refused.headers.get("Location")]).toEqual([302, "/portal/forbidden"]);
    // The bakery's owner saves the bakery's settings, whatever the address names; the garage's stay.
    const own = await post(`/portal/inbox?clientId=${clients.garage.id}`, cookies.owner, {
      intent: "person",
      personButton: "on",
      personWaitMinutes: "7",
      ratingQuietMinutes: "10",
    });
    expect(own.status).toBe(302);
    expect(await form(cookies.owner)).toEqual({ button: true, minutes: "7" });
    expect(await form(cookies.otherOwner)).toEqual({ button: false, minutes: "30" });
  });
});
