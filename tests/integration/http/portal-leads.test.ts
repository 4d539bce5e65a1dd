import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completedFunctions } from "#db/schema.ts";
import { parseCsv } from "../../support/csv.ts";
import { insertChatSession, insertClient, insertPerson, PERSON_PASSWORD } from "../../support/factories.ts";
import { sessionCookieOn, startServer, TEST_ADMIN, type RunningServer } from "../../support/server.ts";

/**
 * A business's leads and completed functions in its portal: its own alone, marked
 * handled by its people, exported by its owner. Two businesses: nothing of the other ever shows, and
 * the other's lead cannot be marked from here.
 */
let server: RunningServer;
const ids = { bakery: 0, garage: 0 };
const leads = { dana: "", yossi: "", noWayBack: "", other: "" };
const PEOPLE = {
  owner: { email: "olivia@bakery.example", displayName: "Olivia Owner" },
  staff: { email: "sam@bakery.example", displayName: "Sam Staff" },
  garageOwner: { email: "gil@garage.example", displayName: "Gil Garage" },
};
const cookies = { owner: "", staff: "", garageOwner: "", operator: "" };
/** What the other business's lead and function carry: none of it may appear in the bakery's portal. */
const OTHERS = ["Moonlight Garage", "Ofer Other", "0529999999", "ofer@other.example"];

beforeAll(async () => {
  server = await startServer(
    {},
    {
      prepareDatabase: async (db) => {
        ids.bakery = (await insertClient(db, { businessName: "Sunrise Bakery" })).id;
        ids.garage = (await insertClient(db, { businessName: "Moonlight Garage" })).id;
        const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
        const dana = await insertChatSession(db, ids.bakery, {
          contactDetails: { clientName: "Dana Levi", phone: "0501234567" },
          lastMessageAt: at(30),
        });
        leads.dana = dana.publicId;
        leads.yossi = (
          await insertChatSession(db, ids.bakery, {
            contactDetails: { clientName: "Yossi Cohen", email: "yossi@bakery-visitor.example" },
            lastMessageAt: at(10),
          })
        ).publicId;
        // A name alone is no way back: not a lead.
        leads.noWayBack = (
          await insertChatSession(db, ids.bakery, { contactDetails: { clientName: "Nameonly Visitor" } })
        ).publicId;
        const other = await insertChatSession(db, ids.garage, {
          contactDetails: { clientName: "Ofer Other", phone: "0529999999", email: "ofer@other.example" },
        });
        leads.other = other.publicId;
        await db.insert(completedFunctions).values([
          {
            clientId: ids.bakery,
            sessionId: dana.id,
            functionType: "client_introduction_complete",
            clientDetails: { clientName: "Dana Levi", phone: "0501234567" },
          },
          {
            clientId: ids.garage,
            sessionId: other.id,
            functionType: "client_introduction_complete",
            clientDetails: { clientName: "Ofer Other", phone: "0529999999" },
          },
        ]);
        await insertPerson(db, { ...PEOPLE.owner, role: "business_owner", clientId: ids.bakery });
        await insertPerson(db, { ...PEOPLE.staff, role: "business_staff", clientId: ids.bakery });
        await insertPerson(db, { ...PEOPLE.garageOwner, role: "business_owner", clientId: ids.garage });
      },
    },
  );
  for (const person of ["owner", "staff", "garageOwner"] as const) {
    cookies[person] = await sessionCookieOn(server, { username: PEOPLE[person].email, password: PERSON_PASSWORD });
  }
  cookies.operator = await sessionCookieOn(server, TEST_ADMIN);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

function get(path: string, cookie: string) {
  return fetch(`${server.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
}

function post(path: string, cookie: string, fields: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: server.url },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

async function csvOf(response: Response) {
  return parseCsv((await response.text()).replace(/^\uFEFF/, ""));
}

const expectNoneOfTheOthers = (text: string) => {
  for (const other of OTHERS) expect(text).not.toContain(other);
};

describe("the portal's leads", () => {
  it("lists the business's own leads, in Hebrew by default and in English, never another's", async () => {
    const hebrew = await get("/portal/leads", cookies.staff);
    expect(hebrew.status).toBe(200);
    const hebrewHtml = await hebrew.text();
    expect(hebrewHtml).toContain("<h1");
    expect(hebrewHtml).toContain("מבקרים שהשאירו ל-Alex דרך לחזור אליהם");
    expect(hebrewHtml).toContain("Dana Levi");
    expect(hebrewHtml).toContain("Yossi Cohen");
    expect(hebrewHtml).not.toContain("Nameonly Visitor");
    expectNoneOfTheOthers(hebrewHtml);

    const english = await (await get("/portal/leads?lng=en", cookies.owner)).text();
    expect(english).toContain("Visitors who left Alex a way to reach them");
    expect(english).toContain("2 leads match");
    expect(english).toContain(`href="/portal/conversations/${leads.dana}"`);
    expectNoneOfTheOthers(english);
  });

  it("searches and filters the business's leads; another business's name finds nothing", async () => {
    const dana = await (await get("/portal/leads?lng=en&q=dana", cookies.owner)).text();
    expect(dana).toContain("Dana Levi");
    expect(dana).not.toContain("Yossi Cohen");
    const byMail = await (await get("/portal/leads?lng=en&q=bakery-visitor", cookies.owner)).text();
    expect(byMail).toContain("Yossi Cohen");
    expect(byMail).not.toContain("Dana Levi");
    const other = await (await get("/portal/leads?lng=en&q=Ofer", cookies.owner)).text();
    expect(other).toContain("No lead matches these filters.");
    expectNoneOfTheOthers(other);
  });

  it("shows the export to the owner and not to the staff", async () => {
    const owner = await (await get("/portal/leads?lng=en", cookies.owner)).text();
    expect(owner).toContain('href="/portal/leads/export/all"');
    const staff = await (await get("/portal/leads?lng=en", cookies.staff)).text();
    expect(staff).not.toContain("/portal/leads/export/");
  });

  it("marks a lead handled by the business's person, and not handled again", async () => {
    const marked = await post("/portal/leads?lng=en&handled=all", cookies.staff, {
      intent: "markHandled",
      lead: leads.dana,
    });
    expect(marked.status).toBe(302);
    expect(marked.headers.get("Location")).toBe("/portal/leads?lng=en&handled=all");

    const handled = await (await get("/portal/leads?lng=en&handled=handled", cookies.owner)).text();
    expect(handled).toContain("Dana Levi");
    expect(handled).toContain("Sam Staff");
    expect(handled).not.toContain("Yossi Cohen");
    const open = await (await get("/portal/leads?lng=en&handled=unhandled", cookies.owner)).text();
    expect(open).toContain("Yossi Cohen");
    expect(open).not.toContain("Dana Levi");

    const rows = await csvOf(await get("/portal/leads/export/handled?lng=en", cookies.owner));
    expect(rows[0]).toContain("Handled by");
    expect(rows.slice(1).map((row) => [row[1], row.at(-1)])).toEqual([["Dana Levi", "Sam Staff"]]);

    const reopened = await post("/portal/leads?lng=en", cookies.owner, { intent: "markUnhandled", lead: leads.dana });
    expect(reopened.status).toBe(302);
    const none = await (await get("/portal/leads?lng=en&handled=handled", cookies.owner)).text();
    expect(none).toContain("No lead matches these filters.");
  });

  it("answers 404 for another business's lead, or a conversation that is no lead, and changes nothing", async () => {
    for (const lead of [leads.other, leads.noWayBack, "sess_no_such_session"]) {
      const response = await post("/portal/leads?lng=en", cookies.owner, { intent: "markHandled", lead });
      expect(response.status, lead).toBe(404);
      expect(await response.text(), lead).toContain("This lead no longer exists.");
    }
    const garage = await (await get("/portal/leads?lng=en&handled=handled", cookies.garageOwner)).text();
    expect(garage).toContain("No lead matches these filters.");
    const garageOpen = await (await get("/portal/leads?lng=en", cookies.garageOwner)).text();
    expect(garageOpen).toContain("Ofer Other");
    expect(garageOpen).toContain("Not handled");
    expect(garageOpen).not.toContain("Dana Levi");
  });

  it("refuses a post it cannot read with a 400 and a message in the person's language", async () => {
    for (const fields of <Record<string, string>[]>[
      { intent: "nonsense", lead: leads.dana },
      { intent: "markHandled", lead: "<script>" },
      { intent: "markHandled" },
    ]) {
      const english = await post("/portal/leads?lng=en", cookies.staff, fields);
      expect(english.status, JSON.stringify(fields)).toBe(400);
      expect(await english.text()).toContain("This request could not be read.");
    }
    const hebrew = await post("/portal/leads?lng=he", cookies.staff, { intent: "nonsense", lead: leads.dana });
    expect(hebrew.status).toBe(400);
    expect(await hebrew.text()).toContain("לא הצלחנו לקרוא את הבקשה");
  });
});

describe("the portal's leads CSV", () => {
  it("carries the business's own leads, every one, and no other's", async () => {
    const response = await get("/portal/leads/export/all?lng=en", cookies.owner);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(response.headers.get("Content-Disposition")).toMatch(
      /attachment; filename="leads-all-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const text = await response.clone().text();
    expectNoneOfTheOthers(text);
    const rows = await csvOf(response);
    expect(rows[0]!.slice(0, 4)).toEqual(["Date", "Name", "Phone", "E-mail"]);
    expect(
      rows
        .slice(1)
        .map((row) => row[1])
        .sort(),
    ).toEqual(["Dana Levi", "Yossi Cohen"]);
    const dana = rows.find((row) => row[1] === "Dana Levi")!;
    expect(dana[2]).toBe("0501234567");
    expect(dana).toContain(leads.dana);
  });

  it("keeps the page's search, in Hebrew by default", async () => {
    const rows = await csvOf(await get("/portal/leads/export/all?q=yossi", cookies.owner));
    expect(rows[0]![0]).toBe("תאריך");
    expect(rows.slice(1).map((row) => row[1])).toEqual(["Yossi Cohen"]);
  });

  it("answers an unknown list with a 404 and a message, and a post with a 405", async () => {
    const response = await get("/portal/leads/export/everything?lng=en", cookies.owner);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("There is no such list of leads.");
    const posted = await post("/portal/leads/export/all", cookies.owner, {});
    expect(posted.status).toBe(405);
  });

  it("refuses the staff: off to the portal's forbidden page", async () => {
    for (const path of ["/portal/leads/export/all", "/portal/completed-functions/export"]) {
      const response = await get(path, cookies.staff);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe("/portal/forbidden");
    }
  });

  it("names the business's person in the access log", async () => {
    await get("/portal/leads/export/unhandled", cookies.owner).then((response) => response.text());
    let rows: string[][] = [];
    for (let tries = 0; tries < 50; tries++) {
      rows = await csvOf(await get(`/admin/clients/${ids.bakery}/access-log-export?lng=en`, cookies.operator));
      if (rows.some((row) => row[2] === "Exported leads")) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(rows.some((row) => row[1] === PEOPLE.owner.email && row[2] === "Exported leads")).toBe(true);
    expect(rows.some((row) => row[1] === PEOPLE.staff.email && row[2] === "Viewed leads")).toBe(true);
  });
});

describe("the portal's completed functions", () => {
  it("lists the business's own, whatever client the address names", async () => {
    for (const path of [
      "/portal/completed-functions?lng=en",
      `/portal/completed-functions?lng=en&clientId=${ids.garage}`,
    ]) {
      const response = await get(path, cookies.staff);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html).toContain("Completed functions");
      expect(html).toContain("Dana Levi");
      expectNoneOfTheOthers(html);
      // The provider's profit is not the business's to see.
      expect(html).not.toContain("Profit");
    }
    const hebrew = await (await get("/portal/completed-functions", cookies.staff)).text();
    expect(hebrew).toContain("פונקציות שהושלמו");
  });

  it("exports the business's own to its owner, without the provider's columns", async () => {
    const response = await get(`/portal/completed-functions/export?lng=en&clientId=${ids.garage}`, cookies.owner);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const text = await response.clone().text();
    expectNoneOfTheOthers(text);
    const rows = await csvOf(response);
    expect(rows[0]).not.toContain("Client");
    expect(rows[0]).not.toContain("Profit");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain("Dana Levi");
    expect(rows[1]).toContain(leads.dana);
  });

  it("shows the export link to the owner alone", async () => {
    const owner = await (await get("/portal/completed-functions?lng=en", cookies.owner)).text();
    expect(owner).toContain('href="/portal/completed-functions/export"');
    const staff = await (await get("/portal/completed-functions?lng=en", cookies.staff)).text();
    expect(staff).not.toContain("/portal/completed-functions/export");
  });
});
