import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SALES_FLOW } from "#db/seed-content.ts";
import { listKnowledgeEntries } from "~/models/knowledge-entry.server.ts";
import { createTraining } from "~/training/training.server.ts";
import { insertClient, insertPerson, PERSON_PASSWORD } from "../../support/factories.ts";
import { askAsNewVisitor, decodeToast, languageCookies } from "../../support/http.ts";
import { operatorCookieOn, sessionCookieOn, startServer, type RunningServer } from "../../support/server.ts";
import { startTestSite, type TestSite } from "../../support/test-site.ts";

/**
 * A business's people train their own Alex at /portal/training: every change lands on the session's
 * business only, in its history with the person's name, and Alex answers with it at once.
 */
const DELIVERY = { q: "Do you deliver?", a: "Yes, within Haifa only." };
const FIXED = "Yes, all over Israel, and free above 200 NIS.";
const PARKING = { q: "Is there parking?", a: "Street parking on Herzl." };

let server: RunningServer;
let site: TestSite;
const ours = { id: 0, licenseKey: "" };
const theirs = { id: 0, licenseKey: "", faqId: 0 };
const cookies = { staff: "", owner: "", otherOwner: "" };
/** The language cookies exactly as the server sets them (`?lng=`). */
const languages = { he: "", en: "" };

beforeAll(async () => {
  site = await startTestSite();
  server = await startServer(
    { SCANNER_ALLOW_HOSTS: "127.0.0.1" },
    {
      prepareDatabase: async (db) => {
        const bakery = await insertClient(db, {
          businessName: "Portal Training Bakery",
          websiteDomain: new URL(site.url).host,
        });
        const florist = await insertClient(db, { businessName: "Portal Training Florist" });
        for (const [client, faq] of [
          [bakery, DELIVERY],
          [florist, PARKING],
        ] as const)
          await createTraining(db, client.id, {
            businessType: "retail",
            businessInfo: "",
            knowledgeBase: { faq: [faq] },
            salesFlow: [...SALES_FLOW],
          });
        Object.assign(ours, { id: bakery.id, licenseKey: bakery.licenseKey });
        const [parking] = await listKnowledgeEntries(db, florist.id, "faq");
        Object.assign(theirs, { id: florist.id, licenseKey: florist.licenseKey, faqId: parking!.id });
        await insertPerson(db, {
          email: "staff@training-bakery.example",
          role: "business_staff",
          clientId: bakery.id,
          displayName: "Yossi Staff",
        });
        await insertPerson(db, {
          email: "owner@training-bakery.example",
          role: "business_owner",
          clientId: bakery.id,
          displayName: "Dana Owner",
        });
        await insertPerson(db, {
          email: "owner@training-florist.example",
          role: "business_owner",
          clientId: florist.id,
        });
      },
    },
  );
  const signIn = (username: string) => sessionCookieOn(server, { username, password: PERSON_PASSWORD });
  cookies.staff = await signIn("staff@training-bakery.example");
  cookies.owner = await signIn("owner@training-bakery.example");
  cookies.otherOwner = await signIn("owner@training-florist.example");
  Object.assign(languages, await languageCookies(server.url));
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await site?.close();
});

const page = async (path: string, cookie = cookies.staff, language: "he" | "en" = "en") => {
  const response = await fetch(`${server.url}${path}`, { headers: { Cookie: `${cookie}; ${languages[language]}` } });
  return { status: response.status, html: await response.text() };
};

/** A post of the training page's form, from its tab (a browser posts to the address it shows). */
const post = (fields: Record<string, string>, cookie = cookies.staff, language: "he" | "en" = "en") =>
  fetch(`${server.url}/portal/training?tab=${TAB_OF[fields.intent ?? ""] ?? "faq"}`, {
    method: "POST",
    headers: { Cookie: `${cookie}; ${languages[language]}`, Origin: server.url },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
const TAB_OF: Record<string, string> = { greeting: "greeting", info: "info", hours: "hours", scan: "scanner" };

/** The ids of the FAQ entries the page offers to fix, in its order. */
const faqIdsOn = (html: string) => [
  ...new Set([...html.matchAll(/name="faqId" value="(\d+)"/g)].map((match) => Number(match[1]))),
];

/** What Alex answers a new visitor of a business. */
const ask = async (licenseKey: string, message: string) =>
  (await askAsNewVisitor(licenseKey, message, server.url)).reply;

describe("the portal's training page", () => {
  it("shows the business's own FAQ, never another's", async () => {
    const { status, html } = await page("/portal/training");
    expect(status).toBe(200);
    expect(html).toContain("Questions and answers");
    expect(html).toContain(DELIVERY.a);
    expect(html).not.toContain(PARKING.a);
    expect(faqIdsOn(html)).not.toContain(theirs.faqId);
  });

  it("lets a staff member fix an answer, and Alex gives the new one at once", async () => {
    expect(await ask(ours.licenseKey, DELIVERY.q)).toContain(DELIVERY.a);
    const [faqId] = faqIdsOn((await page("/portal/training")).html);
    const saved = await post({ intent: "faqEdit", faqId: String(faqId), q: DELIVERY.q, a: FIXED });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/portal/training?tab=faq");
    expect(decodeToast(saved.headers.getSetCookie().find((cookie) => cookie.startsWith("alex_toast=")))).toMatchObject({
      message: "Answer saved",
    });
    const reply = await ask(ours.licenseKey, DELIVERY.q);
    expect(reply).toContain(FIXED);
    expect(reply).not.toContain(DELIVERY.a);
    const { html } = await page("/portal/training");
    expect(html).toContain(FIXED);
  });

  it("keeps every change in the history with the person who made it, in the portal and on the client page", async () => {
    const { html } = await page("/portal/training?tab=history");
    expect(html).toContain("Answer fixed");
    expect(html).toContain(DELIVERY.q);
    expect(html).toContain("by Yossi Staff");
    const hebrew = await page("/portal/training?tab=history", cookies.owner, "he");
    expect(hebrew.html).toContain("תשובה תוקנה");
    expect(hebrew.html).toContain("על ידי Yossi Staff");
    // The operators see it on the client page's training tab.
    const operator = await operatorCookieOn(server);
    const clientPage = await fetch(`${server.url}/admin/clients/${ours.id}?tab=training`, {
      headers: { Cookie: `${operator}; ${languages.en}` },
    });
    expect(clientPage.status).toBe(200);
    const clientHtml = await clientPage.text();
    expect(clientHtml).toContain("Training history");
    expect(clientHtml).toContain("by Yossi Staff");
    // The other business's history has none of it.
    const other = await page("/portal/training?tab=history", cookies.otherOwner);
    expect(other.html).toContain("Nothing has changed yet.");
    expect(other.html).not.toContain("Yossi Staff");
  });

  it("answers 404 to an FAQ id of another business, and changes nothing there", async () => {
    for (const fields of [
      { intent: "faqEdit", faqId: String(theirs.faqId), q: PARKING.q, a: "Taken over." },
      { intent: "faqRemove", faqId: String(theirs.faqId), confirmed: "yes" },
      { intent: "faqEdit", faqId: "not-an-id", q: PARKING.q, a: "Taken over." },
    ] as Record<string, string>[]) {
      const response = await post(fields);
      expect(response.status, JSON.stringify(fields)).toBe(404);
      expect(await response.text()).toContain("Page Not Found");
    }
    const theirPage = await page("/portal/training", cookies.otherOwner);
    expect(theirPage.html).toContain(PARKING.a);
    expect(faqIdsOn(theirPage.html)).toEqual([theirs.faqId]);
    expect(await ask(theirs.licenseKey, PARKING.q)).toContain(PARKING.a);
    expect((await page("/portal/training?tab=history", cookies.otherOwner)).html).toContain("Nothing has changed yet.");
  });

  it("refuses an empty answer or question with a 400 in the person's language, and saves nothing", async () => {
    const [faqId] = faqIdsOn((await page("/portal/training")).html);
    const hebrew = await post({ intent: "faqEdit", faqId: String(faqId), q: DELIVERY.q, a: "  " }, cookies.staff, "he");
    expect(hebrew.status).toBe(400);
    expect(await hebrew.text()).toContain("כתבו את התשובה לשאלה הזו");
    const english = await post({ intent: "faqAdd", q: "", a: "An answer without its question" });
    expect(english.status).toBe(400);
    expect(await english.text()).toContain("Write the question for this answer");
    const tooLong = await post({ intent: "faqAdd", q: "Long?", a: "x".repeat(1_201) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Too long");
    const unknown = await post({ intent: "nothing-of-ours" });
    expect(unknown.status).toBe(400);
    const { html } = await page("/portal/training");
    expect(html).toContain(FIXED);
    expect(html).not.toContain("An answer without its question");
  });

  it("adds an entry Alex then answers, and removes it only once confirmed", async () => {
    const question = { q: "Do you bake gluten-free bread?", a: "Every Friday, to order." };
    const added = await post({ intent: "faqAdd", ...question });
    expect(added.status).toBe(302);
    expect(await ask(ours.licenseKey, question.q)).toContain(question.a);
    const ids = faqIdsOn((await page("/portal/training")).html);
    expect(ids).toHaveLength(2);
    const asked = await post({ intent: "faqRemove", faqId: String(ids[1]) });
    expect(asked.status).toBe(200);
    const confirmation = await asked.text();
    expect(confirmation).toContain(`Remove the question`);
    expect(confirmation).toContain(question.q);
    expect(faqIdsOn((await page("/portal/training")).html)).toEqual(ids);
    const removed = await post({ intent: "faqRemove", faqId: String(ids[1]), confirmed: "yes" });
    expect(removed.status).toBe(302);
    const { html } = await page("/portal/training");
    expect(html).not.toContain(question.a);
    expect(faqIdsOn(html)).toHaveLength(1);
    const history = (await page("/portal/training?tab=history")).html;
    expect(history).toContain("Question added");
    expect(history).toContain("Question removed");
  });

  it("saves the greeting, the business information and the hours, each in the history", async () => {
    const greeting = await post({ intent: "greeting", greeting: "שלום! איך אפשר לעזור?", greetingEn: "Hi there!" });
    expect(greeting.status).toBe(302);
    expect(greeting.headers.get("Location")).toBe("/portal/training?tab=greeting");
    expect((await page("/portal/training?tab=greeting")).html).toContain("Hi there!");
    const info = await post(
      { intent: "info", businessInfo: "A family bakery on Herzl street since 1987." },
      cookies.owner,
    );
    expect(info.status).toBe(302);
    expect(await ask(ours.licenseKey, "Since when is the bakery open?")).toContain("since 1987");
    const week = Object.fromEntries(
      Array.from({ length: 7 }, (_, day) => [
        [`days[${day}].open`, "on"],
        [`days[${day}].opens`, "08:00"],
        [`days[${day}].closes`, "20:00"],
      ]).flat(),
    ) as Record<string, string>;
    const badHours = await post({ intent: "hours", ...week, "days[0].closes": "07:00" }, cookies.staff, "he");
    expect(badHours.status).toBe(400);
    expect(await badHours.text()).toContain("שעת הסגירה צריכה להיות אחרי שעת הפתיחה");
    expect((await post({ intent: "hours", ...week })).status).toBe(302);
    const history = (await page("/portal/training?tab=history")).html;
    expect(history).toContain("Greeting changed");
    expect(history).toContain("Business information changed");
    expect(history).toContain("by Dana Owner");
    expect(history).toContain("Opening hours changed");
  });

  it("scans the business's own pages, and refuses another site's", async () => {
    const elsewhere = await post({ intent: "scan", websiteUrls: "https://another-business.example/about" });
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain("Only pages of your business");
    const scanned = await post({ intent: "scan", websiteUrls: `${site.url}/en` });
    expect(scanned.status).toBe(302);
    expect(scanned.headers.get("Location")).toBe("/portal/training?tab=scanner");
    const scanner = (await page("/portal/training?tab=scanner")).html;
    expect(scanner).toContain("Teeth whitening");
    const history = (await page("/portal/training?tab=history")).html;
    expect(history).toContain("Site pages scanned");
    expect(history).toContain(`${site.url}/en`);
  });
});
