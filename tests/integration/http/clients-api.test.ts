import { beforeAll, describe, expect, it } from "vitest";
import { languageCookie, loginAsOperator, request } from "../../support/http.ts";

type ClientBody = {
  id: number;
  businessName: string;
  ownerEmail: string;
  websiteDomain: string;
  businessType: string;
  plan: string;
  status: string;
  licenseKey: string;
  monthlyFee: number;
  onboardingPaid: boolean;
  createdAt: string;
};
type ErrorBody = { error: string; fields: Record<string, string> };

let cookie: string;
beforeAll(async () => {
  cookie = await loginAsOperator();
});

const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(path, {
    method,
    headers: { Cookie: cookie, "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
const get = (path: string, headers: Record<string, string> = {}) =>
  request(path, { headers: { Cookie: cookie, ...headers } });

const newClient = (overrides: Record<string, unknown> = {}) => ({
  businessName: `Flowers ${Math.random().toString(36).slice(2, 8)}`,
  ownerEmail: "owner@flowers.example",
  websiteDomain: "https://Flowers.example/shop",
  businessType: "retail",
  ...overrides,
});

async function createClient(overrides: Record<string, unknown> = {}) {
  const response = await json("POST", "/api/clients", newClient(overrides));
  expect(response.status).toBe(201);
  return (await response.json()) as ClientBody;
}

describe("the client API", () => {
  it("is for operators only", async () => {
    for (const path of ["/api/clients", "/api/clients/1", "/api/clients/1/usage"]) {
      expect((await request(path)).status, path).toBe(401);
    }
    const post = await request("/api/clients", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(newClient()),
    });
    expect(post.status).toBe(401);
  });

  it("POST creates an active client: plan basic, status active, a fresh license key, the domain's host", async () => {
    const created = await createClient();
    expect(created).toMatchObject({
      plan: "basic",
      status: "active",
      websiteDomain: "flowers.example",
      monthlyFee: 50,
      onboardingPaid: false,
    });
    expect(created.licenseKey).toMatch(/^alex_[0-9a-f]{32}$/);
    const again = await createClient({ businessName: created.businessName });
    expect(again.licenseKey).not.toBe(created.licenseKey);

    const fetched = (await (await get(`/api/clients/${created.id}`)).json()) as ClientBody;
    expect(fetched).toEqual(created);
    const premium = await createClient({ plan: "premium" });
    expect(premium.plan).toBe("premium");
  });

  it("POST refuses bad input with 400 {error, fields}, a message per field, and writes nothing", async () => {
    const before = ((await (await get("/api/clients")).json()) as ClientBody[]).length;
    const response = await json("POST", "/api/clients", {
      businessName: "  ",
      ownerEmail: "not-an-email",
      websiteDomain: "",
      businessType: "",
      plan: "gold",
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error).toBe("Some fields are not valid.");
    expect(body.fields).toEqual({
      businessName: "Business name required",
      ownerEmail: "Invalid email address",
      websiteDomain: "Website domain required",
      businessType: "Business type required",
      plan: "The plan is basic, premium or enterprise.",
    });
    expect(((await (await get("/api/clients")).json()) as ClientBody[]).length).toBe(before);
  });

  it("cleans a name as every text is cleaned: a pasted tab becomes a space, a NUL and a bidi override go", async () => {
    const created = await json("POST", "/api/clients", newClient({ businessName: "Tab\there\u0000 \u202Eltd" }));
    expect(created.status).toBe(201);
    expect(((await created.json()) as ClientBody).businessName).toBe("Tab here ltd");
  });

  it("answers bad bodies with 400, 413, 415 and 405, in Hebrew for a Hebrew operator", async () => {
    const hebrew = `${cookie}; ${await languageCookie("he")}`;
    const missing = await json("POST", "/api/clients", {}, { Cookie: hebrew });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ErrorBody).fields.businessName).toBe("שם העסק נדרש");
    const notJson = await request("/api/clients", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: "{",
    });
    expect(notJson.status).toBe(400);
    const wrongType = await request("/api/clients", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "text/plain" },
      body: "x",
    });
    expect(wrongType.status).toBe(415);
    const array = await json("POST", "/api/clients", [newClient()]);
    expect(array.status).toBe(400);
    const huge = await json("POST", "/api/clients", newClient({ businessName: "x".repeat(20_000) }));
    expect(huge.status).toBe(413);
    const patch = await json("PATCH", "/api/clients", newClient());
    expect(patch.status).toBe(405);
  });

  it("GET lists every client, newest first, and searches name, e-mail, domain and license key", async () => {
    const created = await createClient({
      businessName: "Searchable 100%_Bakery",
      ownerEmail: "baker@oven.example",
      websiteDomain: "oven.example",
    });
    const all = (await (await get("/api/clients")).json()) as ClientBody[];
    expect(all[0]!.id).toBe(created.id);
    for (const q of ["100%_bak", "BAKER@OVEN", "oven.example", created.licenseKey.slice(5, 20)]) {
      const found = (await (await get(`/api/clients?q=${encodeURIComponent(q)}`)).json()) as ClientBody[];
      expect(
        found.map((client) => client.id),
        q,
      ).toEqual([created.id]);
    }
    expect(((await (await get("/api/clients?q=100%25x")).json()) as ClientBody[]).length).toBe(0);
    const suspended = (await (await get("/api/clients?status=suspended")).json()) as ClientBody[];
    expect(suspended.every((client) => client.status === "suspended")).toBe(true);
  });

  it("GET leaves the public demo's client out unless asked for with ?demo=show", async () => {
    const names = async (query: string) =>
      ((await (await get(`/api/clients${query}`)).json()) as { businessName: string }[]).map(
        (client) => client.businessName,
      );
    expect(await names("")).not.toContain("Alex AI (public demo)");
    expect(await names("?demo=show")).toContain("Alex AI (public demo)");
  });

  it("GET refuses an unknown status filter or an overlong search with 400 naming it, in the operator's language", async () => {
    const bogus = await get("/api/clients?status=bogus");
    expect(bogus.status).toBe(400);
    expect(await bogus.json()).toEqual({
      error: "Some fields are not valid.",
      fields: { status: "The status filter is all, active, suspended or cancelled." },
    });
    const hebrew = await get("/api/clients?status=bogus", { Cookie: `${cookie}; ${await languageCookie("he")}` });
    expect(hebrew.status).toBe(400);
    expect(((await hebrew.json()) as ErrorBody).error).toBe("חלק מהשדות אינם תקינים.");
    const long = await get(`/api/clients?q=${"x".repeat(101)}`);
    expect(long.status).toBe(400);
    expect(((await long.json()) as ErrorBody).fields).toEqual({
      q: "The search is too long (100 characters at most).",
    });
    expect((await get("/api/clients?status=all")).status).toBe(200);
  });

  it("GET and PUT answer 404 for an unknown or malformed id", async () => {
    for (const id of ["999999", "0", "-1", "abc", "1.5"]) {
      const got = await get(`/api/clients/${id}`);
      expect(got.status, id).toBe(404);
      expect(((await got.json()) as ErrorBody).error).toBe("Client not found");
      expect(got.headers.get("Cache-Control"), id).toBe("private, no-store");
      expect((await json("PUT", `/api/clients/${id}`, { status: "active" })).status, id).toBe(404);
      expect((await get(`/api/clients/${id}/usage`)).status, id).toBe(404);
    }
  });

  it("PUT changes the status alone, keeps it in the audit trail, and refuses an unknown status", async () => {
    const created = await createClient();
    const suspended = await json("PUT", `/api/clients/${created.id}`, { status: "suspended" });
    expect(suspended.status).toBe(200);
    expect(((await suspended.json()) as ClientBody).status).toBe("suspended");

    const unknown = await json("PUT", `/api/clients/${created.id}`, { status: "paused" });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as ErrorBody).fields).toEqual({
      status: "The status is active, suspended or cancelled.",
    });
    expect(((await (await get(`/api/clients/${created.id}`)).json()) as ClientBody).status).toBe("suspended");

    expect((await json("PUT", `/api/clients/${created.id}`, {})).status).toBe(400);
    // The page shows the trail: who, from, to.
    const page = await (await get(`/admin/clients/${created.id}?tab=settings`)).text();
    expect(page).toContain("operator");
    expect(page).toMatch(/Active[\s\S]*Suspended/);
  });

  it("PUT takes the whole client object back, ignoring its id, license key and dates", async () => {
    const created = await createClient();
    const response = await json("PUT", `/api/clients/${created.id}`, {
      ...created,
      id: 1,
      licenseKey: "alex_00000000000000000000000000000000",
      businessName: "Renamed",
      contactEmail: "desk@flowers.example",
      plan: "enterprise",
      monthlyFee: 75.5,
      onboardingPaid: true,
    });
    expect(response.status).toBe(200);
    const updated = (await response.json()) as ClientBody & { contactEmail: string };
    expect(updated).toMatchObject({
      id: created.id,
      licenseKey: created.licenseKey,
      businessName: "Renamed",
      plan: "enterprise",
      monthlyFee: 75.5,
      onboardingPaid: true,
      contactEmail: "desk@flowers.example",
    });
    const bad = await json("PUT", `/api/clients/${created.id}`, {
      ...created,
      ownerEmail: "x",
      monthlyFee: -1,
      onboardingPaid: "yes",
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as ErrorBody).fields).sort()).toEqual([
      "monthlyFee",
      "onboardingPaid",
      "ownerEmail",
    ]);
  });

  it("GET usage answers per day from the messages, for each period, and 400 for an unknown period", async () => {
    // The oldest client is a seeded one, with months of messages.
    const demo = ((await (await get("/api/clients")).json()) as ClientBody[]).at(-1)!;
    for (const period of ["week", "month", "quarter", "year", "all"]) {
      const response = await get(`/api/clients/${demo.id}/usage?period=${period}`);
      expect(response.status, period).toBe(200);
      const days = (await response.json()) as {
        date: string;
        conversations: number;
        articlesGenerated: number;
        solutions: number;
        totalCost: number;
      }[];
      for (const day of days) {
        expect(day.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(day.totalCost).toBeGreaterThanOrEqual(day.conversations + day.articlesGenerated + day.solutions);
      }
      expect(days.map((day) => day.date)).toEqual([...days.map((day) => day.date)].sort().reverse());
    }
    const all = (await (await get(`/api/clients/${demo.id}/usage`)).json()) as unknown[];
    const year = (await (await get(`/api/clients/${demo.id}/usage?period=year`)).json()) as unknown[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThanOrEqual(year.length);
    const bad = await get(`/api/clients/${demo.id}/usage?period=decade`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).fields.period).toBe("The period is week, month, quarter, year or all.");
  });
});
