import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, knowledgeEntries, salesConfigs } from "#db/schema.ts";
import { eq } from "drizzle-orm";
import { saveWordPressConnection } from "~/models/wordpress-connection.server.ts";
import { inspectEmbeddedDatabase, startServer, TEST_ADMIN, type RunningServer } from "../../support/server.ts";
import { startTestSite, type TestSite } from "../../support/test-site.ts";
import { decodeToast } from "../../support/http.ts";

/**
 * The training, sales-config, scan and sync APIs on a server of their own: they change clients,
 * which the shared server's other tests read. Its clients: an untrained one, one whose website is
 * the local test site, one whose website is a stand-in of the plugin's HivePress REST route.
 */
let server: RunningServer;
let site: TestSite;
let hive: { url: string; server: Server; requests: { license: string | undefined; path: string; query: string }[] };
let cookie = "";
const ids = { untrained: 0, scanned: 0, hive: 0, hiveWrongKey: 0, hiveConnected: 0 };

/** Some hold a NUL (PostgreSQL refuses it in text) or another control: stored cleaned, like every typed field. */
const LISTINGS = [
  {
    id: 11,
    title: "Garden wedding venue",
    content: "Up to 300 guests,\u0000 kosher catering.",
    url: "https://venue.example/listing/garden",
    fields: { price: 120, location: "Haifa" },
  },
  {
    id: 12,
    title: "אולם אירועים בחיפה",
    content: "עד 200 אורחים.",
    url: "https://venue.example/listing/hall",
    fields: { price: "", region: "צפ\u0000ון" },
  },
  {
    id: 13,
    title: "DJ for\u0000 events\u0007",
    content: "",
    url: "https://venue.example/listing/dj\u0000",
    fields: [],
  },
];

beforeAll(async () => {
  site = await startTestSite();
  const requests: { license: string | undefined; path: string; query: string }[] = [];
  const hiveServer = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    // The plugin's listings route opens to the sync secret (these clients' secrets are their license keys' twins).
    const license = request.headers["x-alex-secret"] as string | undefined;
    requests.push({ license, path: url.pathname, query: url.search });
    if (url.searchParams.get("rest_route") !== "/alex/v1/listings") return response.writeHead(404).end();
    if (license !== "alex_hive_license" && license !== "alex_hive_store") {
      return response
        .writeHead(401, { "Content-Type": "application/json" })
        .end(JSON.stringify({ code: "alex_ai_license" }));
    }
    const page = Number(url.searchParams.get("page"));
    const listings = page === 1 ? LISTINGS.slice(0, 2) : LISTINGS.slice(2);
    response.writeHead(200, { "Content-Type": "application/json; charset=UTF-8" });
    response.end(JSON.stringify({ hivepress: true, listings, page, totalPages: 2 }));
  });
  await new Promise<void>((resolve) => hiveServer.listen(0, "127.0.0.1", resolve));
  hive = { url: `http://127.0.0.1:${(hiveServer.address() as AddressInfo).port}`, server: hiveServer, requests };

  server = await startServer(
    { SCANNER_ALLOW_HOSTS: "127.0.0.1" },
    {
      prepareDatabase: async (db) => {
        const base = { ownerEmail: "owner@example.com", businessType: "services" };
        const rows = await db
          .insert(clients)
          .values([
            {
              ...base,
              businessName: "Untrained Ltd",
              websiteDomain: "untrained.example",
              licenseKey: "alex_untrained",
            },
            { ...base, businessName: "Harbor Dental", websiteDomain: site.url, licenseKey: "alex_scanned" },
            {
              ...base,
              businessName: "Venue Finder",
              websiteDomain: hive.url,
              licenseKey: "alex_hive_license",
              pluginSecret: "alex_hive_license",
            },
            {
              ...base,
              businessName: "Wrong Key",
              websiteDomain: hive.url,
              licenseKey: "alex_other_license",
              pluginSecret: "alex_other_license",
            },
            // Its website is not where its WordPress lives: the operator connected the real address (in a folder).
            {
              ...base,
              businessName: "Venue Finder Store",
              websiteDomain: "venue-finder.example",
              licenseKey: "alex_hive_store",
              pluginSecret: "alex_hive_store",
            },
          ])
          .returning({ id: clients.id });
        [ids.untrained, ids.scanned, ids.hive, ids.hiveWrongKey, ids.hiveConnected] = rows.map((row) => row.id) as [
          number,
          number,
          number,
          number,
          number,
        ];
        await saveWordPressConnection(db, ids.hiveConnected, {
          siteUrl: `${hive.url}/store`,
          username: "admin",
          applicationPasswordEncrypted: null,
        });
      },
    },
  );
  const login = await fetch(`${server.url}/login`, {
    method: "POST",
    body: new URLSearchParams(TEST_ADMIN),
    redirect: "manual",
  });
  cookie = login.headers
    .getSetCookie()
    .find((value) => value.startsWith("alex_session="))!
    .split(";")[0]!;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await site?.close();
  await new Promise((resolve) => hive?.server.close(resolve));
});

function call(
  path: string,
  init: {
    method?: string;
    json?: unknown;
    body?: string;
    contentType?: string;
    language?: "he" | "en";
    anonymous?: boolean;
  } = {},
) {
  const headers = new Headers();
  if (!init.anonymous) headers.set("Cookie", cookie);
  if (init.json !== undefined || init.body !== undefined)
    headers.set("Content-Type", init.contentType ?? "application/json");
  return fetch(`${server.url}${path}${init.language ? `?lng=${init.language}` : ""}`, {
    method: init.method ?? "GET",
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    redirect: "manual",
  });
}

/** On a connection of its own: the server answers before reading the body, which breaks the connection for what would follow it. */
function oversizePutStatus(path: string): Promise<number> {
  const body = JSON.stringify({ businessInfo: "x".repeat(600_000) });
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${server.url}${path}`, {
      method: "PUT",
      agent: false,
      headers: { Cookie: cookie, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
    });
    outgoing.once("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.once("error", reject);
    outgoing.end(body);
  });
}

const TRAINING = {
  businessType: "services",
  greeting: "שלום! איך אפשר לעזור?",
  tone: "formal",
  salesFlow: ["need identification", "solution presentation", "deal closing"],
  businessInfo: "Family dentistry in Haifa.",
  knowledgeBase: { hours: "8:00-18:00" },
  isActive: true,
};

describe("the operator guard", () => {
  it.each([
    ["GET", "/api/clients/1/training"],
    ["GET", "/api/clients/1/ai-training"],
    ["GET", "/api/admin/clients/1/sales-config"],
    ["POST", "/api/admin/clients/1/scan-websites"],
    ["POST", "/api/admin/sync-hive-data"],
  ])("%s %s answers 401 without an operator session", async (method, path) => {
    const response = await call(path, { method, anonymous: true, ...(method === "POST" ? { json: {} } : {}) });
    expect(response.status).toBe(401);
  });
});

describe("/api/clients/{id}/training and /ai-training", () => {
  it("creates with POST, reads, updates with PUT, and reads the AI-training view", async () => {
    const path = `/api/clients/${ids.untrained}/training`;
    expect((await call(path)).status).toBe(404);
    expect((await call(`/api/clients/${ids.untrained}/ai-training`)).status).toBe(404);
    expect((await call(path, { method: "PUT", json: { greeting: "Hi" } })).status).toBe(404);

    const created = await call(path, { method: "POST", json: TRAINING });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ ...TRAINING, clientId: ids.untrained });
    expect((await call(path, { method: "POST", json: TRAINING })).status).toBe(409);

    const updated = await call(path, { method: "PUT", json: { tone: "casual", greeting: "  Hello!  " } });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      tone: "casual",
      greeting: "Hello!",
      businessInfo: TRAINING.businessInfo,
    });

    const read = await call(`/api/clients/${ids.untrained}/ai-training`);
    expect(await read.json()).toEqual({ greeting: "Hello!", tone: "casual", businessInfo: TRAINING.businessInfo });
    expect(read.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("refuses bad input with 400 {error, fields} in the operator's language, and writes nothing", async () => {
    const path = `/api/clients/${ids.untrained}/training`;
    const before = await (await call(path)).json();
    const bad = await call(path, { method: "PUT", json: { tone: "grumpy", isActive: "yes", greeting: 42 } });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe("Some fields are not valid.");
    expect(Object.keys(body.fields).sort()).toEqual(["greeting", "isActive", "tone"]);
    expect(await (await call(path)).json()).toEqual(before);

    const hebrew = await call(path, { method: "PUT", json: { tone: "grumpy" }, language: "he" });
    expect(((await hebrew.json()) as { error: string }).error).toBe("חלק מהשדות אינם תקינים.");
    expect((await call(path, { method: "PUT", body: "{not json" })).status).toBe(400);
    expect(
      (await call(path, { method: "PUT", body: "tone=formal", contentType: "application/x-www-form-urlencoded" }))
        .status,
    ).toBe(415);
    expect(await oversizePutStatus(path)).toBe(413);
    expect((await call(path, { method: "DELETE" })).status).toBe(405);
  });

  it("answers 404 for an unknown or malformed client id", async () => {
    for (const id of ["999999", "abc", "0", "99999999999"]) {
      const response = await call(`/api/clients/${id}/training`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Client not found" });
    }
  });
});

describe("/api/admin/clients/{id}/sales-config", () => {
  it("answers the defaults for a client never saved, then saves what a PUT names", async () => {
    const path = `/api/admin/clients/${ids.untrained}/sales-config`;
    const defaults = (await (await call(path)).json()) as Record<string, unknown> & {
      alexCapabilities: Record<string, unknown>;
    };
    expect(defaults).toMatchObject({ salesStyle: "consultative", websiteUrls: "", knowledgeBase: [] });
    expect(defaults.alexCapabilities).toMatchObject({
      support: false,
      supportPrompt: "",
      payment: false,
      paymentPrompt: "",
    });

    const saved = await call(path, {
      method: "PUT",
      json: {
        businessName: "Untrained",
        salesStyle: "hybrid",
        alexCapabilities: { sales: true, salesPrompt: "Close politely." },
      },
    });
    expect(saved.status).toBe(200);
    const second = await call(path, { method: "PUT", json: { alexCapabilities: { support: true } } });
    const config = (await second.json()) as { salesStyle: string; alexCapabilities: Record<string, unknown> };
    expect(config.salesStyle).toBe("hybrid");
    expect(config.alexCapabilities).toMatchObject({ sales: true, salesPrompt: "Close politely.", support: true });
  });

  it("refuses an unknown sales style, an unknown field and a bad capability with 400", async () => {
    const path = `/api/admin/clients/${ids.untrained}/sales-config`;
    const style = await call(path, { method: "PUT", json: { salesStyle: "pushy" } });
    expect(style.status).toBe(400);
    expect(await style.json()).toEqual({
      error: "Unknown sales style: consultative, aggressive or hybrid",
      fields: { salesStyle: "Unknown sales style: consultative, aggressive or hybrid" },
    });
    const unknown = await call(path, { method: "PUT", json: { discount: 50 } });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { fields: Record<string, string> }).fields).toEqual({
      discount: "Unknown field",
    });
    const capability = await call(path, { method: "PUT", json: { alexCapabilities: { sales: "on", teleport: true } } });
    expect(capability.status).toBe(400);
    expect((await call(`/api/admin/clients/999999/sales-config`)).status).toBe(404);
    expect((await call(path, { method: "POST", json: {} })).status).toBe(405);
    const config = (await (await call(path)).json()) as { salesStyle: string };
    expect(config.salesStyle).toBe("hybrid");
  });
});

describe("POST /api/admin/clients/{id}/scan-websites", () => {
  it("scans each URL on its own and answers URL by URL", async () => {
    const response = await call(`/api/admin/clients/${ids.scanned}/scan-websites`, {
      method: "POST",
      json: { urls: [`${site.url}/en`, "", `${site.url}/to-private`, `${site.url}/he`, `${site.url}/brochure.pdf`] },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      success: boolean;
      error: string | null;
      extractedContent: { topic: string; url: string; content: string }[];
      results: { url: string; success: boolean; error?: string; topics?: number }[];
    };
    expect(body.success).toBe(true);
    expect(body.error).toBeNull();
    expect(body.results).toEqual([
      { url: `${site.url}/en`, success: true, topics: 3 },
      {
        url: `${site.url}/to-private`,
        success: false,
        error: "Refused: the address is private, loopback or link-local.",
      },
      { url: `${site.url}/he`, success: true, topics: 3 },
      { url: `${site.url}/brochure.pdf`, success: false, error: "Not an HTML page." },
    ]);
    expect(body.extractedContent.map((topic) => topic.topic)).toContain("שעות פתיחה");
    const config = (await (await call(`/api/admin/clients/${ids.scanned}/sales-config`)).json()) as {
      knowledgeBase: unknown[];
    };
    expect(config.knowledgeBase).toHaveLength(6);
  });

  it("says why in Hebrew when nothing could be scanned", async () => {
    const response = await call(`/api/admin/clients/${ids.scanned}/scan-websites`, {
      method: "POST",
      json: { urls: [`${site.url}/missing`] },
      language: "he",
    });
    expect(await response.json()).toMatchObject({
      success: false,
      error: "אף כתובת לא נסרקה.",
      results: [{ success: false, error: "האתר ענה HTTP 404." }],
    });
  });

  it("refuses bad input with 400 {error, fields} and an unknown client with 404", async () => {
    const path = `/api/admin/clients/${ids.scanned}/scan-websites`;
    for (const json of [
      {},
      { urls: [] },
      { urls: ["", " "] },
      { urls: "https://a.example" },
      { urls: ["javascript:alert(1)"] },
      { urls: Array(21).fill("https://a.example") },
    ]) {
      const response = await call(path, { method: "POST", json });
      expect(response.status, JSON.stringify(json)).toBe(400);
      const body = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(body.error).toBe("Some fields are not valid.");
      expect(Object.keys(body.fields).length).toBeGreaterThan(0);
    }
    expect(
      (await call("/api/admin/clients/999999/scan-websites", { method: "POST", json: { urls: ["https://a.example"] } }))
        .status,
    ).toBe(404);
    expect((await call(path)).status).toBe(405);
  });
});

describe("POST /api/admin/sync-hive-data", () => {
  it("reads every page of the plugin's listings with the license key into HivePress knowledge entries", async () => {
    const response = await call("/api/admin/sync-hive-data", { method: "POST", json: { clientId: ids.hive } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      listings: 3,
      message: "3 HivePress listings synced to the knowledge base.",
    });
    expect(
      hive.requests.filter((request) => request.license === "alex_hive_license").map((request) => request.query),
    ).toEqual(["?rest_route=%2Falex%2Fv1%2Flistings&page=1", "?rest_route=%2Falex%2Fv1%2Flistings&page=2"]);
    // A second sync replaces the first: still three entries.
    expect(
      (await call("/api/admin/sync-hive-data", { method: "POST", json: { clientId: String(ids.hive) } })).status,
    ).toBe(200);
  });

  it("reads the site the operator connected for the system checks, in its folder, rather than the website's domain", async () => {
    const before = hive.requests.length;
    const response = await call("/api/admin/sync-hive-data", { method: "POST", json: { clientId: ids.hiveConnected } });
    expect(response.status).toBe(200);
    expect(hive.requests.slice(before).map((request) => request.path)).toEqual(["/store/", "/store/"]);
  });

  it("answers the site's refusal with a clear message, in Hebrew too", async () => {
    const refused = await call("/api/admin/sync-hive-data", { method: "POST", json: { clientId: ids.hiveWrongKey } });
    expect(refused.status).toBe(502);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "Sync Failed: The site refused the license key: check the plugin's settings.",
    );
    const blocked = await call("/api/admin/sync-hive-data", {
      method: "POST",
      json: { clientId: ids.untrained },
      language: "he",
    });
    expect(blocked.status).toBe(502);
    expect(((await blocked.json()) as { error: string }).error).toMatch(/^הסנכרון נכשל: /);
  });

  it("syncs from the client page's button too, with or without JavaScript: back to the page with a toast", async () => {
    const toastOf = (response: Response) =>
      JSON.stringify(decodeToast(response.headers.getSetCookie().find((value) => value.startsWith("alex_toast="))));
    const done = await postPage(`/admin/clients/${ids.hive}?tab=overview`, { intent: "sync" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/admin/clients/${ids.hive}?tab=overview`);
    expect(toastOf(done)).toContain("Sync Complete");
    expect(toastOf(done)).toContain("3 HivePress listings synced to the knowledge base.");
    const failed = await postPage(`/admin/clients/${ids.hiveWrongKey}`, { intent: "sync" }, "he");
    expect(failed.status).toBe(302);
    expect(toastOf(failed)).toContain("הסנכרון נכשל");
    expect((await postPage("/admin/clients/999999", { intent: "sync" })).status).toBe(404);
  });

  it("refuses bad input with 400 and an unknown client with 404", async () => {
    expect((await call("/api/admin/sync-hive-data", { method: "POST", json: {} })).status).toBe(400);
    expect((await call("/api/admin/sync-hive-data", { method: "POST", json: { clientId: "abc" } })).status).toBe(400);
    expect((await call("/api/admin/sync-hive-data", { method: "POST", json: { clientId: 999999 } })).status).toBe(404);
    expect((await call("/api/admin/sync-hive-data")).status).toBe(405);
  });
});

function postPage(path: string, fields: Record<string, string>, language?: "he" | "en") {
  return fetch(`${server.url}${path}${language ? `${path.includes("?") ? "&" : "?"}lng=${language}` : ""}`, {
    method: "POST",
    headers: { Cookie: cookie },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

describe("the settings page /admin/clients/{id}/config without JavaScript", () => {
  it("shows the sixteen tabs in order, in both languages, and 404 for an unknown client", async () => {
    const html = await (await call(`/admin/clients/${ids.untrained}/config`)).text();
    const labels = [...html.matchAll(/<a[^>]*href="[^"]*\?tab=(\w+)"/g)].map((match) => match[1]);
    expect(labels).toEqual([
      "general",
      "support",
      "sales",
      "retention",
      "functions",
      "b2c",
      "b2b",
      "public",
      "internal",
      "saas",
      "custom",
      "scanner",
      "api",
      "payment",
      "summary",
      "test",
    ]);
    expect(html).toContain("Client settings #");
    expect(html).toContain("Core Functions");
    const hebrew = await (await call(`/admin/clients/${ids.untrained}/config`, { language: "he" })).text();
    expect(hebrew).toContain("הגדרות לקוח #");
    expect(hebrew).toContain("סיכום זרימה");
    expect((await call("/admin/clients/999999/config")).status).toBe(404);
  });

  it("saves a capability's switch and prompt, and refuses a bad e-mail with a message saying so", async () => {
    const saved = await postPage(`/admin/clients/${ids.untrained}/config?tab=retention`, {
      intent: "capability",
      capability: "retention",
      enabled: "on",
      prompt: "Offer a loyalty discount before a customer leaves.",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/admin/clients/${ids.untrained}/config?tab=retention`);
    const config = (await (await call(`/api/admin/clients/${ids.untrained}/sales-config`)).json()) as {
      alexCapabilities: Record<string, unknown>;
    };
    expect(config.alexCapabilities).toMatchObject({
      retention: true,
      retentionPrompt: "Offer a loyalty discount before a customer leaves.",
    });

    const bad = await postPage(
      `/admin/clients/${ids.untrained}/config`,
      {
        intent: "details",
        businessName: "",
        contactEmail: "not-an-email",
        websiteDomain: "untrained.example",
        plan: "basic",
        status: "active",
      },
      "en",
    );
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Business name required");
    expect(html).toContain("Invalid email address");
  });

  it("turns the chat's 'talk to a person' button off, sets the owner's wait, and refuses minutes out of range", async () => {
    const personForm = async () => {
      const html = await (await call(`/admin/clients/${ids.untrained}/config`)).text();
      return {
        button: /<input[^>]*name="personButton"[^>]*checked/.test(html),
        minutes: /<input[^>]*name="personWaitMinutes"[^>]*value="(\d+)"/.exec(html)?.[1],
      };
    };
    expect(await personForm()).toEqual({ button: true, minutes: "5" });

    const saved = await postPage(`/admin/clients/${ids.untrained}/config`, {
      intent: "person",
      personWaitMinutes: "12",
      ratingQuietMinutes: "10",
    });
    expect(saved.status).toBe(302);
    expect(
      JSON.stringify(decodeToast(saved.headers.getSetCookie().find((value) => value.startsWith("alex_toast=")))),
    ).toContain("Hand-over settings saved");
    expect(saved.headers.get("Location")).toBe(`/admin/clients/${ids.untrained}/config`);
    expect(await personForm()).toEqual({ button: false, minutes: "12" });

    const bad = await postPage(
      `/admin/clients/${ids.untrained}/config`,
      { intent: "person", personButton: "on", personWaitMinutes: "0", ratingQuietMinutes: "10" },
      "he",
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("מספר שלם של דקות בין 1 ל-240");
    // Nothing of the refused post was kept: the button stays off, the wait 12 minutes.
    expect(await personForm()).toEqual({ button: false, minutes: "12" });
  });

  it("scans the listed URLs with a form post and shows each one's outcome", async () => {
    const response = await postPage(`/admin/clients/${ids.scanned}/config?tab=scanner`, {
      intent: "scan",
      websiteUrls: `${site.url}/he\n\n${site.url}/brochure.pdf`,
    });
    expect(response.status).toBe(302);
    const toast = JSON.stringify(
      decodeToast(response.headers.getSetCookie().find((cookie) => cookie.startsWith("alex_toast="))),
    );
    expect(toast).toContain("Website Scanning Complete");
    expect(toast).toContain("brochure.pdf");
    const config = (await (await call(`/api/admin/clients/${ids.scanned}/sales-config`)).json()) as {
      websiteUrls: string;
      knowledgeBase: { url: string }[];
    };
    expect(config.websiteUrls).toBe(`${site.url}/he\n${site.url}/brochure.pdf`);
    expect(config.knowledgeBase.filter((entry) => entry.url === `${site.url}/he`)).toHaveLength(3);
    const blank = await postPage(`/admin/clients/${ids.scanned}/config?tab=scanner`, {
      intent: "scan",
      websiteUrls: "  ",
    });
    expect(blank.status).toBe(400);
  });
});

describe("the AI training page /admin/ai-training without JavaScript", () => {
  it("asks for a client first, prefills the client's business type, then saves the FAQ rows", async () => {
    const none = await postPage(
      "/admin/ai-training",
      { intent: "save", clientId: "", businessType: "services", tone: "formal" },
      "he",
    );
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("נא לבחור לקוח קודם");

    // Not trained yet: the form starts from the client's own business type, with blank rows to fill in.
    const page = await (await call(`/admin/ai-training?clientId=${ids.scanned}`)).text();
    expect(page).toMatch(/<option value="services" selected="">/);
    expect(page).toContain('name="faq[2].q"');

    const saved = await postPage(`/admin/ai-training?clientId=${ids.scanned}`, {
      intent: "save",
      clientId: String(ids.scanned),
      businessType: "services",
      greeting: "Welcome to Harbor Dental!",
      tone: "energetic",
      businessInfo: "Open Sunday to Thursday.",
      "faq[0].q": "Do you take walk-ins?",
      "faq[0].a": "Yes, until noon.",
      "faq[1].q": "",
      "faq[1].a": "",
      "faq[2].q": "יש חניה?",
      "faq[2].a": "כן, מאחורי הבניין.",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/admin/ai-training?clientId=${ids.scanned}`);
    const training = (await (await call(`/api/clients/${ids.scanned}/training`)).json()) as Record<string, unknown>;
    expect(training).toMatchObject({
      greeting: "Welcome to Harbor Dental!",
      tone: "energetic",
      knowledgeBase: {
        faq: [
          { q: "Do you take walk-ins?", a: "Yes, until noon." },
          { q: "יש חניה?", a: "כן, מאחורי הבניין." },
        ],
      },
      salesFlow: ["need identification", "solution presentation", "deal closing"],
    });
    const reloaded = await (await call(`/admin/ai-training?clientId=${ids.scanned}`)).text();
    expect(reloaded).toContain('name="faq[1].q" value="יש חניה?"');
  });

  it("adds, moves and removes rows with plain posts, saving nothing; a half-filled row is refused", async () => {
    const path = `/admin/ai-training?clientId=${ids.scanned}`;
    const before = await (await call(`/api/clients/${ids.scanned}/training`)).json();
    const rows = {
      intent: "",
      clientId: String(ids.scanned),
      businessType: "services",
      tone: "formal",
      "faq[0].q": "First?",
      "faq[0].a": "One.",
      "faq[1].q": "Second?",
      "faq[1].a": "Two.",
    };
    const withIntent = (intent: unknown) => ({ ...rows, __intent__: JSON.stringify(intent) });

    const added = await postPage(
      path,
      withIntent({ type: "insert", payload: { name: "faq", defaultValue: { q: "", a: "" } } }),
    );
    expect(added.status).toBe(200);
    const addedHtml = await added.text();
    expect(addedHtml).toContain('name="faq[2].q"');
    expect(addedHtml).not.toContain('name="faq[3].q"');

    const moved = await (
      await postPage(path, withIntent({ type: "reorder", payload: { name: "faq", from: 1, to: 0 } }))
    ).text();
    expect(moved).toContain('name="faq[0].q" value="Second?"');
    expect(moved).toContain('name="faq[1].q" value="First?"');

    const removed = await (
      await postPage(path, withIntent({ type: "remove", payload: { name: "faq", index: 0 } }))
    ).text();
    expect(removed).toContain('name="faq[0].q" value="Second?"');
    expect(removed).not.toContain('name="faq[1].q"');
    expect(await (await call(`/api/clients/${ids.scanned}/training`)).json()).toEqual(before);

    const half = await postPage(path, { ...rows, intent: "save", "faq[1].a": "" }, "he");
    expect(half.status).toBe(400);
    expect(await half.text()).toContain("כתבו את התשובה לשאלה הזו");
    expect(await (await call(`/api/clients/${ids.scanned}/training`)).json()).toEqual(before);
  });

  it("keeps knowledge-base keys the API stored when the page saves its rows", async () => {
    const path = `/api/clients/${ids.scanned}/training`;
    expect(
      (await call(path, { method: "PUT", json: { knowledgeBase: { hours: "8:00-18:00", faq: "old text" } } })).status,
    ).toBe(200);
    // Text written before the rows existed shows as an answer waiting for its question.
    const page = await (await call(`/admin/ai-training?clientId=${ids.scanned}`)).text();
    expect(page).toMatch(/name="faq\[0\]\.a"[^>]*>old text<\/textarea>/);
    await postPage(`/admin/ai-training?clientId=${ids.scanned}`, {
      intent: "save",
      clientId: String(ids.scanned),
      businessType: "services",
      tone: "formal",
      "faq[0].q": "What did the old text say?",
      "faq[0].a": "old text",
    });
    const training = (await (await call(path)).json()) as { knowledgeBase: unknown };
    expect(training.knowledgeBase).toEqual({
      hours: "8:00-18:00",
      faq: [{ q: "What did the old text say?", a: "old text" }],
    });
  });

  it("answers a preview turn with the whole conversation so far, and refuses an empty question with 400", async () => {
    const path = `/admin/ai-training?clientId=${ids.scanned}`;
    const earlier = [{ question: "Hello there", answer: "Hi! How can I help?" }];
    const preview = await postPage(path, {
      intent: "preview",
      clientId: String(ids.scanned),
      message: "When are you open?",
      conversation: JSON.stringify(earlier),
    });
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain("Hello there");
    expect(html).toContain("Hi! How can I help?");
    expect(html).toContain("When are you open?");
    const empty = await postPage(
      path,
      { intent: "preview", clientId: String(ids.scanned), message: " ", conversation: "not json" },
      "en",
    );
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Required");
  });
});

describe("what the server wrote", () => {
  it("left the knowledge base as the last good sync made it", async () => {
    await server.stop({ keepData: true });
    const rows = await inspectEmbeddedDatabase(server.dataDir, (db) =>
      db
        .select({ topic: knowledgeEntries.topic, content: knowledgeEntries.content, origin: knowledgeEntries.origin })
        .from(knowledgeEntries)
        .where(eq(knowledgeEntries.clientId, ids.hive)),
    );
    expect(rows).toEqual([
      {
        topic: "Garden wedding venue",
        content: "Up to 300 guests, kosher catering.\nprice: 120\nlocation: Haifa",
        origin: "hivepress",
      },
      { topic: "אולם אירועים בחיפה", content: "עד 200 אורחים.\nregion: צפון", origin: "hivepress" },
      { topic: "DJ for events", content: "DJ for events", origin: "hivepress" },
    ]);
    const untrainedSales = await inspectEmbeddedDatabase(server.dataDir, (db) =>
      db.select().from(salesConfigs).where(eq(salesConfigs.clientId, ids.untrained)),
    );
    expect(untrainedSales[0]?.salesStyle).toBe("hybrid");
  });
});
