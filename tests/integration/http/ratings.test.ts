import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertClient, insertPerson, PERSON_PASSWORD } from "../../support/factories.ts";
import { operatorCookieOn, sessionCookieOn, startServer, type RunningServer } from "../../support/server.ts";

/**
 * "How did we do?" over real HTTP: the widget's rating endpoint keeps one rating a conversation and
 * refuses another client's session and bad input in the visitor's language; a low rating with a
 * comment is a knowledge gap; analytics, the sessions monitor and the portal show the ratings read
 * back from the rows the visitors wrote.
 */
let server: RunningServer;
const bakery = { id: 0, licenseKey: "" };
const florist = { id: 0, licenseKey: "" };
const cookies = { operator: "", owner: "" };
const languages = { he: "", en: "" };
/** The conversations the tests rate, opened through the chat API. */
const sessions = { loved: "", disliked: "", handedOver: "", unrated: "", rude: "" };
const RETURNS_QUESTION = "Can I return a cake after a week?";
const LOW_COMMENT = "It did not answer about returns";

beforeAll(async () => {
  server = await startServer(
    {},
    {
      prepareDatabase: async (db) => {
        const ours = await insertClient(db, { businessName: "Rating Bakery", businessType: "retail" });
        const theirs = await insertClient(db, { businessName: "Rating Florist", businessType: "retail" });
        Object.assign(bakery, { id: ours.id, licenseKey: ours.licenseKey });
        Object.assign(florist, { id: theirs.id, licenseKey: theirs.licenseKey });
        await insertPerson(db, { email: "owner@rating-bakery.example", role: "business_owner", clientId: ours.id });
      },
    },
  );
  cookies.operator = await operatorCookieOn(server);
  cookies.owner = await sessionCookieOn(server, {
    username: "owner@rating-bakery.example",
    password: PERSON_PASSWORD,
  });
  for (const language of ["he", "en"] as const) {
    const response = await fetch(`${server.url}/?lng=${language}`);
    languages[language] = response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("lng="))!
      .split(";")[0]!;
  }
  sessions.loved = await ask(bakery.licenseKey, "What are your opening hours?");
  sessions.disliked = await ask(bakery.licenseKey, RETURNS_QUESTION);
  sessions.handedOver = await ask(bakery.licenseKey, "Do you bake wedding cakes?");
  sessions.unrated = await ask(bakery.licenseKey, "Hello");
  sessions.rude = await ask(florist.licenseKey, "Do you sell roses?");
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

let visitors = 0;
/** A new visitor's question through the chat API: the session it opened. */
async function ask(licenseKey: string, message: string) {
  visitors += 1;
  const response = await fetch(`${server.url}/api/wordpress/messages`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      "X-Forwarded-For": `198.18.7.${visitors}`,
    },
    body: JSON.stringify({ license: licenseKey, sessionId: null, clientMessageId: randomUUID(), message }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessionId: string }).sessionId;
}

let raters = 0;
/** A rating posted from an address of its own (the endpoint limits each address), or from `address`. */
const rate = (body: unknown, language: "he" | "en" = "en", raw?: string, address?: string) => {
  raters += 1;
  return fetch(`${server.url}/api/wordpress/rating?lng=${language}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Forwarded-For": address ?? `198.18.${8 + Math.floor(raters / 250)}.${raters % 250}`,
    },
    body: raw ?? JSON.stringify(body),
  });
};

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

/** The HTML between two markers: one part of a page. */
const between = (html: string, start: string, end: string) => {
  const from = html.indexOf(start);
  expect(from).toBeGreaterThanOrEqual(0);
  return html.slice(from, html.indexOf(end, from));
};
/** The table row that names `name`, its tags stripped. */
const rowOf = (html: string, name: string) =>
  [...html.matchAll(/<tr[\s\S]*?<\/tr>/g)]
    .map((match) => match[0].replace(/<[^>]+>/g, " ").replace(/\s+/g, " "))
    .find((row) => row.includes(name));

describe("POST /api/wordpress/rating", () => {
  it("keeps a rating with its comment; the history then says the conversation is rated", async () => {
    const response = await rate({
      license: bakery.licenseKey,
      sessionId: sessions.loved,
      rating: 4,
      comment: "  Lovely, thank you  ",
    });
    expect(response.status).toBe(204);
    const history = await fetch(
      `${server.url}/api/wordpress/history?license=${bakery.licenseKey}&sessionId=${sessions.loved}`,
    );
    expect(((await history.json()) as { rated: boolean }).rated).toBe(true);
    const session = await page(`/admin/session/${sessions.loved}`, cookies.operator);
    expect(session.html).toContain("Rated 4 of 5");
    expect(session.html).toContain("Lovely, thank you");
  });

  it.each([
    ["en", "This conversation has already been rated. Thank you!"],
    ["he", "השיחה הזאת כבר דורגה. תודה!"],
  ] as const)(
    "refuses a second rating of the conversation with 409 (%s); the first stands",
    async (language, error) => {
      const again = await rate({ license: bakery.licenseKey, sessionId: sessions.loved, rating: 1 }, language);
      expect(again.status).toBe(409);
      expect(((await again.json()) as { error: string }).error).toBe(error);
      const session = await page(`/admin/session/${sessions.loved}`, cookies.operator);
      expect(session.html).toContain("Rated 4 of 5");
      expect(session.html).not.toContain("Rated 1 of 5");
    },
  );

  it.each([
    ["en", "This conversation was not found."],
    ["he", "השיחה לא נמצאה."],
  ] as const)("refuses another client's session with 404 (%s)", async (language, error) => {
    const response = await rate({ license: florist.licenseKey, sessionId: sessions.unrated, rating: 5 }, language);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toBe(error);
    const history = await fetch(
      `${server.url}/api/wordpress/history?license=${bakery.licenseKey}&sessionId=${sessions.unrated}`,
    );
    expect(((await history.json()) as { rated: boolean }).rated).toBe(false);
  });

  const invalid = {
    en: "Choose a rating from 1 to 5; a comment may have up to 500 characters.",
    he: "יש לבחור דירוג בין 1 ל־5; הערה יכולה להכיל עד 500 תווים.",
  };
  it.each([
    ["a rating of 0", { rating: 0 }],
    ["a rating of 6", { rating: 6 }],
    ["a rating of 2.5", { rating: 2.5 }],
    ["a rating as text", { rating: "5" }],
    ["no rating", {}],
    ["a comment of 501 characters", { rating: 3, comment: "א".repeat(501) }],
    ["a comment that is not text", { rating: 3, comment: { html: "<b>" } }],
    ["no license", { rating: 3, license: "" }],
  ])("refuses %s with 400 in Hebrew and English, storing nothing", async (_, fields) => {
    for (const language of ["he", "en"] as const) {
      const response = await rate({ license: bakery.licenseKey, sessionId: sessions.unrated, ...fields }, language);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(invalid[language]);
    }
    const history = await fetch(
      `${server.url}/api/wordpress/history?license=${bakery.licenseKey}&sessionId=${sessions.unrated}`,
    );
    expect(((await history.json()) as { rated: boolean }).rated).toBe(false);
  });

  it("refuses a body that is not JSON, or too large, with a 4xx", async () => {
    expect((await rate(null, "en", "rating=5")).status).toBe(400);
    const huge = await rate(null, "en", JSON.stringify({ comment: "x".repeat(10_000) }));
    expect(huge.status).toBe(413);
    expect((await fetch(`${server.url}/api/wordpress/rating`)).status).toBe(405);
  });

  it("answers an address past its limit with 429, like the other widget endpoints", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1)
      statuses.push((await rate({ license: bakery.licenseKey, rating: 9 }, "en", undefined, "198.18.30.1")).status);
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("makes a low rating with a comment a knowledge gap of its client", async () => {
    const response = await rate({
      license: bakery.licenseKey,
      sessionId: sessions.disliked,
      rating: 2,
      comment: LOW_COMMENT,
    });
    expect(response.status).toBe(204);
    const training = await page(`/admin/ai-training?clientId=${bakery.id}`, cookies.operator);
    expect(training.html).toContain(RETURNS_QUESTION);
  });
});

describe("ratings in analytics, the monitor and the portal", () => {
  beforeAll(async () => {
    // A person takes one conversation over: Alex did not answer it alone.
    expect(
      (await post(`/admin/session/${sessions.handedOver}`, { intent: "take-over" }, cookies.operator)).status,
    ).toBe(302);
    for (const [license, sessionId, rating, comment] of [
      [bakery.licenseKey, sessions.handedOver, 5, ""],
      [florist.licenseKey, sessions.rude, 1, "Nobody answered"],
    ] as const) {
      expect((await rate({ license, sessionId, rating, comment })).status).toBe(204);
    }
  });

  it("shows each client's average and count beside the share Alex answered alone, and per week", async () => {
    const { html } = await page("/admin/analytics?days=7", cookies.operator);
    const section = between(html, 'id="ratings-title"', 'id="lowest-rated"');
    // The bakery: 4, 2 and 5 of its four conversations, one of them taken over by a person.
    const ours = rowOf(section, "Rating Bakery");
    expect(ours).toContain("3.7 of 5");
    expect(ours).toMatch(/ 3 .*75%/);
    const theirs = rowOf(section, "Rating Florist");
    expect(theirs).toContain("1.0 of 5");
    expect(theirs).toMatch(/ 1 .*100%/);
    // This week: the four ratings of both clients.
    const week = rowOf(between(section, "Per week", "</table>"), "Week of");
    expect(week).toContain("3.0 of 5");
    expect(week).toMatch(/ 4 ?$/);
  });

  it("lists the lowest rated conversations first, each a link to its session, in Hebrew too", async () => {
    const { html } = await page("/admin/analytics?days=7", cookies.operator);
    const lowest = between(html, 'id="lowest-rated"', "</section>");
    const links = [...lowest.matchAll(/href="\/admin\/session\/([^"]+)"/g)].map((match) => match[1]);
    expect(links.slice(0, 2)).toEqual([sessions.rude, sessions.disliked]);
    expect(lowest).toContain("Nobody answered");
    expect(lowest).toContain('href="/admin/chat-sessions?rating=low&amp;period=all"');
    const hebrew = await page("/admin/analytics?days=7", cookies.operator, "he");
    expect(between(hebrew.html, 'id="ratings-title"', "</section>")).toContain("3.7 מתוך 5");
  });

  it("filters the monitor to the low ratings", async () => {
    const { html } = await page("/admin/chat-sessions?rating=low&period=all", cookies.operator);
    expect(html).toContain(sessions.rude.slice(0, 20));
    expect(html).toContain(sessions.disliked.slice(0, 20));
    expect(html).not.toContain(sessions.loved.slice(0, 20));
    expect(html).toContain("Rated 1 of 5");
  });

  it("shows the business its own conversations' ratings and filters its low ones", async () => {
    const all = await page("/portal/conversations?period=all", cookies.owner);
    expect(all.html).toContain("Rated 4 of 5");
    expect(all.html).toContain("Rated 2 of 5");
    expect(all.html).not.toContain("Rated 1 of 5");
    const low = await page("/portal/conversations?period=all&rating=low", cookies.owner);
    expect(low.html).toContain("Rated 2 of 5");
    expect(low.html).not.toContain("Rated 4 of 5");
    const conversation = await page(`/portal/conversations/${sessions.disliked}`, cookies.owner, "he");
    expect(conversation.html).toContain("דורגה 2 מתוך 5");
    expect(conversation.html).toContain(LOW_COMMENT);
    expect((await page(`/portal/conversations/${sessions.rude}`, cookies.owner)).status).toBe(404);
  });
});

describe("the quiet minutes setting", () => {
  const configPath = () => `/admin/clients/${bakery.id}/config`;
  it("is saved beside the hand-over settings and reaches the widget", async () => {
    const saved = await post(
      configPath(),
      { intent: "person", personButton: "on", personWaitMinutes: "5", ratingQuietMinutes: "25" },
      cookies.operator,
    );
    expect(saved.status).toBe(302);
    const widget = await (await fetch(`${server.url}/api/wordpress/chat-ui?license=${bakery.licenseKey}`)).text();
    expect(widget).toContain('"ratingQuietMinutes":25');
    expect(widget).toContain('"rating":"/api/wordpress/rating?lng=he"');
  });

  it.each([
    ["en", "A whole number of minutes from 1 to 1,440"],
    ["he", "מספר שלם של דקות בין 1 ל-1,440"],
  ] as const)("refuses 0 minutes with 400 (%s)", async (language, error) => {
    const refused = await post(
      configPath(),
      { intent: "person", personWaitMinutes: "5", ratingQuietMinutes: "0" },
      cookies.operator,
      language,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(error);
  });
});
