import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SALES_FLOW } from "#db/seed-content.ts";
import { insertKnowledgeEntries } from "~/models/knowledge-entry.server.ts";
import { createTraining } from "~/training/training.server.ts";
import { insertClient, insertPerson, PERSON_PASSWORD } from "../../support/factories.ts";
import { askAsNewVisitor, decodeToast, languageCookies } from "../../support/http.ts";
import { operatorCookieOn, sessionCookieOn, startServer, type RunningServer } from "../../support/server.ts";

/**
 * Knowledge gaps and answer sources over real HTTP: a question Alex cannot answer becomes a gap of
 * its client, grouped with the same question in other words; answering it in the FAQ marks the group
 * answered and the next visitor gets the answer; every reply shows what it was built from on the
 * session page, where an operator can mark it wrong.
 */
const RETURNS = { q: "Can I return a cake?", a: "Returns are accepted within 24 hours with the receipt." };
const PARKING = {
  topic: "Parking",
  url: "https://gap-bakery.example/parking",
  content: "Free parking behind the shop on Herzl street.",
};
const DELIVERY = {
  asked: ["אתם עושים משלוחים לחיפה?", "יש משלוח לחיפה?"],
  again: "האם אפשר לקבל משלוח לחיפה",
  answer: "כן, משלוח לחיפה מגיע תוך יומיים.",
};
const GLUTEN = {
  asked: "Do you bake sourdough bread?",
  again: "Is there sourdough?",
  answer: "Yes: sourdough every Friday morning.",
};

let server: RunningServer;
const ours = { id: 0, licenseKey: "" };
const theirs = { id: 0, licenseKey: "" };
const cookies = { operator: "", owner: "", otherOwner: "" };
const languages = { he: "", en: "" };

beforeAll(async () => {
  server = await startServer(
    {},
    {
      prepareDatabase: async (db) => {
        const bakery = await insertClient(db, { businessName: "Gap Bakery", businessType: "retail" });
        const florist = await insertClient(db, { businessName: "Gap Florist", businessType: "retail" });
        await createTraining(db, bakery.id, {
          businessType: "retail",
          businessInfo: "",
          knowledgeBase: { faq: [RETURNS] },
          salesFlow: [...SALES_FLOW],
        });
        await insertKnowledgeEntries(db, [
          {
            clientId: bakery.id,
            topic: PARKING.topic,
            sourceUrl: PARKING.url,
            content: PARKING.content,
            origin: "scan",
          },
        ]);
        Object.assign(ours, { id: bakery.id, licenseKey: bakery.licenseKey });
        Object.assign(theirs, { id: florist.id, licenseKey: florist.licenseKey });
        await insertPerson(db, { email: "owner@gap-bakery.example", role: "business_owner", clientId: bakery.id });
        await insertPerson(db, { email: "owner@gap-florist.example", role: "business_owner", clientId: florist.id });
      },
    },
  );
  cookies.operator = await operatorCookieOn(server);
  cookies.owner = await sessionCookieOn(server, { username: "owner@gap-bakery.example", password: PERSON_PASSWORD });
  cookies.otherOwner = await sessionCookieOn(server, {
    username: "owner@gap-florist.example",
    password: PERSON_PASSWORD,
  });
  Object.assign(languages, await languageCookies(server.url));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const ask = (licenseKey: string, message: string) => askAsNewVisitor(licenseKey, message, server.url);

const page = async (path: string, cookie: string, language: "he" | "en" = "en") => {
  const response = await fetch(`${server.url}${path}`, { headers: { Cookie: `${cookie}; ${languages[language]}` } });
  return { status: response.status, html: await response.text() };
};

const post = (path: string, fields: Record<string, string>, cookie: string, language: "he" | "en" = "en") =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { Cookie: `${cookie}; ${languages[language]}`, Origin: server.url },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

const gapIdsOn = (html: string) => [...html.matchAll(/gap=(\d+)/g)].map((match) => Number(match[1]));
const toastOf = (response: Response) =>
  decodeToast(response.headers.getSetCookie().find((cookie) => cookie.startsWith("alex_toast=")));

describe("knowledge gaps", () => {
  it("keeps an unanswered question as a gap, grouped with the same question in other words", async () => {
    for (const question of DELIVERY.asked) {
      const { reply } = await ask(ours.licenseKey, question);
      expect(reply).not.toContain(DELIVERY.answer);
    }
    const { status, html } = await page(`/admin/ai-training?clientId=${ours.id}`, cookies.operator, "he");
    expect(status).toBe(200);
    expect(html).toContain("פערי ידע");
    expect(html).toContain(DELIVERY.asked[1]);
    expect(html).toContain("נשאלה 2 פעמים");
    expect(html).toContain("אין תשובה");
    expect(new Set(gapIdsOn(html)).size).toBe(1);
  });

  it("answers a gap in the FAQ: the group is answered and the next visitor gets the answer", async () => {
    const { html } = await page(`/admin/ai-training?clientId=${ours.id}`, cookies.operator);
    const [gapId] = gapIdsOn(html);
    const editor = await page(`/admin/ai-training?clientId=${ours.id}&gap=${gapId}`, cookies.operator);
    expect(editor.html).toContain(`name="gapId" value="${gapId}"`);
    expect(editor.html).toContain(`value="${DELIVERY.asked[1]}"`);
    const saved = await post(
      "/admin/ai-training",
      {
        intent: "save",
        clientId: String(ours.id),
        gapId: String(gapId),
        businessType: "retail",
        tone: "friendly_professional",
        "faq[0].q": RETURNS.q,
        "faq[0].a": RETURNS.a,
        "faq[1].q": DELIVERY.asked[1]!,
        "faq[1].a": DELIVERY.answer,
      },
      cookies.operator,
    );
    expect(saved.status).toBe(302);
    const after = await page(`/admin/ai-training?clientId=${ours.id}`, cookies.operator);
    expect(after.html).toContain("answered by the FAQ entry");
    expect(gapIdsOn(after.html)).not.toContain(gapId);
    const { reply } = await ask(ours.licenseKey, DELIVERY.again);
    expect(reply).toContain(DELIVERY.answer);
  });

  it("answers a gap from the portal's FAQ tab, for the business's own gaps only", async () => {
    await ask(ours.licenseKey, GLUTEN.asked);
    await ask(theirs.licenseKey, "Do you sell orchids in pots?");
    const gaps = await page("/portal/training?tab=gaps", cookies.owner);
    expect(gaps.status).toBe(200);
    expect(gaps.html).toContain(GLUTEN.asked);
    expect(gaps.html).not.toContain("orchids");
    const [gapId] = gapIdsOn(gaps.html);
    const theirGaps = await page("/portal/training?tab=gaps", cookies.otherOwner);
    expect(theirGaps.html).toContain("orchids");
    expect(theirGaps.html).not.toContain(GLUTEN.asked);
    // Another business's gap id fills nothing in.
    const [theirGapId] = gapIdsOn(theirGaps.html);
    expect((await page(`/portal/training?tab=faq&gap=${theirGapId}`, cookies.owner)).html).not.toContain("orchids");

    const form = await page(`/portal/training?tab=faq&gap=${gapId}`, cookies.owner);
    expect(form.html).toContain(`value="${GLUTEN.asked}"`);
    const added = await post(
      "/portal/training?tab=faq",
      { intent: "faqAdd", gapId: String(gapId), q: GLUTEN.asked, a: GLUTEN.answer },
      cookies.owner,
    );
    expect(added.status).toBe(302);
    const answered = await page("/portal/training?tab=gaps", cookies.owner);
    expect(answered.html).toContain("answered by the FAQ entry");
    expect((await ask(ours.licenseKey, GLUTEN.again)).reply).toContain(GLUTEN.answer);
  });

  it("keeps a reply the visitor found unhelpful as a gap", async () => {
    const { sessionId } = await ask(ours.licenseKey, RETURNS.q);
    const response = await fetch(`${server.url}/api/wordpress/feedback`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.18.10.1" },
      body: JSON.stringify({ license: ours.licenseKey, sessionId, helpful: false }),
    });
    expect(response.status).toBe(204);
    const { html } = await page("/portal/training?tab=gaps", cookies.owner);
    expect(html).toContain(RETURNS.q);
    expect(html).toContain("Not helpful");
  });
});

describe("answer sources", () => {
  it("shows under each reply the FAQ entry or page it was built from", async () => {
    const fromFaq = await ask(ours.licenseKey, "Can I return the cake I bought?");
    expect(fromFaq.reply).toContain(RETURNS.a);
    const faqPage = await page(`/admin/session/${fromFaq.sessionId}`, cookies.operator);
    expect(faqPage.html).toContain("Built from");
    expect(faqPage.html).toContain(`FAQ: ${RETURNS.q}`);
    expect(faqPage.html).toContain(`href="/admin/ai-training?clientId=${ours.id}#training-form-title"`);

    const fromPage = await ask(ours.licenseKey, "Where can I park?");
    expect(fromPage.reply).toContain(PARKING.content);
    const parkingPage = await page(`/admin/session/${fromPage.sessionId}`, cookies.operator, "he");
    expect(parkingPage.html).toContain(`עמוד: ${PARKING.topic}`);
    expect(parkingPage.html).toContain(`href="${PARKING.url}"`);
    const portal = await page(`/portal/conversations/${fromPage.sessionId}`, cookies.owner);
    expect(portal.html).toContain(`Page: ${PARKING.topic}`);
  });

  it("lets an operator mark a reply wrong: the question becomes a gap with the reply attached", async () => {
    const { sessionId, messageId, reply } = await ask(ours.licenseKey, "Where do I park near the bakery?");
    expect(reply).toContain(PARKING.content);
    const marked = await post(
      `/admin/session/${sessionId}`,
      { intent: "mark-wrong", messageId: String(messageId) },
      cookies.operator,
    );
    expect(marked.status).toBe(302);
    expect(toastOf(marked)).toMatchObject({ message: "Marked wrong: the question is now a knowledge gap." });
    expect((await page(`/admin/session/${sessionId}`, cookies.operator)).html).toContain("Marked wrong");
    const { html } = await page(`/admin/ai-training?clientId=${ours.id}`, cookies.operator);
    expect(html).toContain("Where do I park near the bakery?");
    expect(html).toContain("Marked wrong");
  });

  it("refuses a bad mark with a 4xx in the person's language, and another business's with a 404", async () => {
    const { sessionId } = await ask(ours.licenseKey, "Hello there");
    const bad = await post(
      `/admin/session/${sessionId}`,
      { intent: "mark-wrong", messageId: "abc" },
      cookies.operator,
      "he",
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("בחרו תשובה של Alex לסימון.");
    const foreignTurn = await ask(theirs.licenseKey, "Do you have tulips?");
    const elsewhere = await post(
      `/admin/session/${sessionId}`,
      { intent: "mark-wrong", messageId: String(foreignTurn.messageId) },
      cookies.operator,
    );
    expect(elsewhere.status).toBe(404);
    // A business's person reaches only its own conversations.
    const foreign = await post(
      `/portal/conversations/${foreignTurn.sessionId}`,
      { intent: "mark-wrong", messageId: String(foreignTurn.messageId) },
      cookies.owner,
    );
    expect(foreign.status).toBe(404);
  });
});
