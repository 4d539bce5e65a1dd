import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savedReplies } from "#db/schema.ts";
import { addressedRequests } from "../../support/addressed-requests.ts";
import { insertClient, insertPerson, PERSON_PASSWORD } from "../../support/factories.ts";
import { sessionCookieOn, startServer, TEST_ADMIN, type RunningServer } from "../../support/server.ts";

/**
 * Saved replies through a running server: the team manages every client's and the shared ones at
 * /admin/saved-replies, a business its own at /portal/saved-replies (its client from the session,
 * never the form); refused input answers 400 in the person's language.
 */
let server: RunningServer;
const ids = { bakery: 0, florist: 0, shared: 0, floristReply: 0, bakeryReply: 0 };
const cookies = { team: "", teamHe: "", bakery: "", bakeryHe: "", florist: "" };
const ADMIN = "/admin/saved-replies";
const PORTAL = "/portal/saved-replies";

const { send, post } = addressedRequests(() => server.url);

async function page(path: string, cookie: string) {
  const response = await send(path, { cookie });
  expect(response.status).toBe(200);
  return response.text();
}

/** The id of the reply `/name` as its edit link on the list names it. */
function idOf(html: string, name: string) {
  const link = (html.match(/<a [^>]*>/g) ?? []).find((tag) =>
    new RegExp(`aria-label="(?:Edit|עריכה) /${name}"`).test(tag),
  );
  const id = link ? /edit=(\d+)/.exec(link)?.[1] : undefined;
  return id ? Number(id) : undefined;
}

beforeAll(async () => {
  server = await startServer(
    {},
    {
      prepareDatabase: async (db) => {
        ids.bakery = (await insertClient(db, { businessName: "Crumb Bakery" })).id;
        ids.florist = (await insertClient(db, { businessName: "Petal Florist" })).id;
        await insertPerson(db, { email: "owner@crumb.example", role: "business_owner", clientId: ids.bakery });
        await insertPerson(db, { email: "staff@crumb.example", role: "business_staff", clientId: ids.bakery });
        await insertPerson(db, { email: "owner@petal.example", role: "business_owner", clientId: ids.florist });
        const inserted = await db
          .insert(savedReplies)
          .values([
            { clientId: null, name: "welcome", textHe: "שלום {visitor_name}", textEn: "Hi {visitor_name}" },
            { clientId: ids.florist, name: "roses", textEn: "Roses are in stock." },
            { clientId: ids.bakery, name: "bread", textHe: "לחם טרי כל בוקר." },
          ])
          .returning({ id: savedReplies.id });
        [ids.shared, ids.floristReply, ids.bakeryReply] = inserted.map((row) => row.id) as [number, number, number];
      },
    },
  );
  const language = async (lng: "en" | "he") =>
    (await send(`/?lng=${lng}`)).headers
      .getSetCookie()
      .find((value) => value.startsWith("lng="))!
      .split(";")[0]!;
  const [en, he] = [await language("en"), await language("he")];
  const team = await sessionCookieOn(server, TEST_ADMIN);
  cookies.team = `${team}; ${en}`;
  cookies.teamHe = `${team}; ${he}`;
  const person = (username: string) => sessionCookieOn(server, { username, password: PERSON_PASSWORD });
  cookies.bakery = `${await person("owner@crumb.example")}; ${en}`;
  cookies.bakeryHe = `${await person("staff@crumb.example")}; ${he}`;
  cookies.florist = `${await person("owner@petal.example")}; ${en}`;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("the team's saved replies", () => {
  it("adds, edits and deletes a client's reply and a shared one", async () => {
    const added = await post(ADMIN, cookies.team, {
      intent: "add",
      owner: String(ids.bakery),
      name: "Opening-Hours",
      textHe: "אנחנו פתוחים מ-8 עד 20.",
      textEn: "",
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(ADMIN);
    const shared = await post(ADMIN, cookies.team, {
      intent: "add",
      owner: "shared",
      name: "thanks",
      textEn: "Thanks!",
    });
    expect(shared.status).toBe(302);

    let html = await page(ADMIN, cookies.team);
    // Names are kept in lower case: what the reply box matches after `/`.
    const hours = idOf(html, "opening-hours")!;
    const thanks = idOf(html, "thanks")!;
    expect(hours).toBeGreaterThan(0);
    expect(html).toContain("אנחנו פתוחים מ-8 עד 20.");

    const edited = await post(ADMIN, cookies.team, {
      intent: "edit",
      replyId: String(hours),
      owner: String(ids.bakery),
      name: "hours",
      textHe: "אנחנו פתוחים מ-9 עד 21.",
      textEn: "We are open 9 to 21.",
    });
    expect(edited.status).toBe(302);
    html = await page(`${ADMIN}?client=${ids.bakery}`, cookies.team);
    expect(html).toContain("We are open 9 to 21.");
    // One client's list holds the shared replies too, and not another client's.
    expect(idOf(html, "thanks")).toBe(thanks);
    expect(html).not.toContain("Roses are in stock.");
    html = await page(`${ADMIN}?client=shared`, cookies.team);
    expect(html).not.toContain("We are open 9 to 21.");

    // Deleting asks first (the step without JavaScript), then deletes.
    const asked = await post(ADMIN, cookies.team, { intent: "delete", replyId: String(thanks) });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Delete the saved reply /thanks?");
    expect(idOf(await page(ADMIN, cookies.team), "thanks")).toBe(thanks);
    const deleted = await post(ADMIN, cookies.team, { intent: "delete", replyId: String(thanks), confirmed: "yes" });
    expect(deleted.status).toBe(302);
    expect(idOf(await page(ADMIN, cookies.team), "thanks")).toBeUndefined();
  });

  it("refuses a bad reply with 400 and the reason in the person's language", async () => {
    const cases = [
      [{ name: "", textEn: "x" }, "Give the reply a name.", "תנו לתשובה שם."],
      [
        { name: "two words", textEn: "x" },
        "Use one word: letters, digits, - or _, without spaces.",
        "השתמשו במילה אחת",
      ],
      [{ name: "empty", textHe: " ", textEn: "" }, "Write the text in Hebrew, in English, or both.", "כתבו את הטקסט"],
      [{ name: "welcome", textEn: "again" }, "There is already a reply with this name here.", "כבר יש כאן תשובה"],
      [{ name: "long", textEn: "x".repeat(5000) }, "A reply has at most", "תשובה יכולה להכיל עד"],
    ] as const;
    for (const [fields, english, hebrew] of cases) {
      for (const [cookie, text] of [
        [cookies.team, english],
        [cookies.teamHe, hebrew],
      ] as const) {
        const response = await post(ADMIN, cookie, { intent: "add", owner: "shared", ...fields });
        expect(response.status, JSON.stringify(fields)).toBe(400);
        expect(await response.text()).toContain(text);
      }
    }
    const unknownClient = await post(ADMIN, cookies.team, { intent: "add", owner: "999999", name: "x", textEn: "x" });
    expect(unknownClient.status).toBe(400);
    expect(await unknownClient.text()).toContain("Choose a client, or every client.");
  });

  it("answers 404 for a reply that does not exist", async () => {
    const response = await post(ADMIN, cookies.team, {
      intent: "edit",
      replyId: "999999",
      owner: "shared",
      name: "ghost",
      textEn: "boo",
    });
    expect(response.status).toBe(404);
  });
});

describe("a business's saved replies", () => {
  it("shows its own and the shared ones (read only), never another business's", async () => {
    const html = await page(PORTAL, cookies.bakery);
    expect(html).toContain("לחם טרי כל בוקר.");
    expect(html).toContain("Hi {visitor_name}");
    expect(html).toContain("Shared by Alex&#x27;s team · read only");
    expect(html).not.toContain("Roses are in stock.");
    expect(idOf(html, "bread")).toBe(ids.bakeryReply);
    expect(idOf(html, "welcome")).toBeUndefined();
  });

  it("adds to its own business whatever client the form names", async () => {
    const response = await post(PORTAL, cookies.bakery, {
      intent: "add",
      owner: String(ids.florist),
      clientId: String(ids.florist),
      name: "cakes",
      textEn: "Cakes to order, 48 hours ahead.",
    });
    expect(response.status).toBe(302);
    expect(idOf(await page(PORTAL, cookies.bakery), "cakes")).toBeGreaterThan(0);
    expect(await page(PORTAL, cookies.florist)).not.toContain("Cakes to order");
    expect(await page(`${ADMIN}?client=${ids.bakery}`, cookies.team)).toContain("Cakes to order");
    // Its names are its own: the florist's and the shared names are taken only there.
    const same = await post(PORTAL, cookies.bakery, { intent: "add", name: "roses", textEn: "Not our flowers." });
    expect(same.status).toBe(302);
  });

  it("cannot change or delete a shared reply or another business's", async () => {
    for (const replyId of [ids.shared, ids.floristReply]) {
      const edit = await post(PORTAL, cookies.bakery, {
        intent: "edit",
        replyId: String(replyId),
        name: "mine-now",
        textEn: "taken over",
      });
      expect(edit.status).toBe(404);
      const remove = await post(PORTAL, cookies.bakery, {
        intent: "delete",
        replyId: String(replyId),
        confirmed: "yes",
      });
      expect(remove.status).toBe(404);
    }
    expect(await page(PORTAL, cookies.bakery)).toContain("Hi {visitor_name}");
    expect(idOf(await page(PORTAL, cookies.florist), "roses")).toBe(ids.floristReply);
  });

  it("edits and deletes its own, and refuses bad input in Hebrew", async () => {
    for (const [fields, message] of [
      [{ name: "" }, "תנו לתשובה שם."],
      [{ name: "bread", textHe: " " }, "כתבו את הטקסט בעברית, באנגלית או בשתיהן."],
    ] as const) {
      const refused = await post(PORTAL, cookies.bakeryHe, {
        intent: "edit",
        replyId: String(ids.bakeryReply),
        ...fields,
      });
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).toContain(message);
      // The refused edit keeps its form open, with what was typed.
      expect(html).toContain("שמירה</button>");
    }
    const edited = await post(PORTAL, cookies.bakeryHe, {
      intent: "edit",
      replyId: String(ids.bakeryReply),
      name: "bread",
      textHe: "לחם טרי כל בוקר משש.",
    });
    expect(edited.status).toBe(302);
    const deleted = await post(PORTAL, cookies.bakery, {
      intent: "delete",
      replyId: String(ids.bakeryReply),
      confirmed: "yes",
    });
    expect(deleted.status).toBe(302);
    expect(await page(PORTAL, cookies.bakery)).not.toContain("לחם טרי");
  });

  it("keeps business people out of the team's page and the team's people out of the portal's", async () => {
    const business = await send(ADMIN, { cookie: cookies.bakery });
    expect(business.status).toBe(302);
    expect(business.headers.get("Location")).toMatch(/^\/portal/);
    const team = await send(PORTAL, { cookie: cookies.team });
    expect(team.status).toBe(302);
    expect(team.headers.get("Location")).not.toBe(PORTAL);
  });
});
