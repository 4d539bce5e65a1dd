import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { PLUGIN_VERSION } from "~/plugin/plugin-zip.server.ts";
import { languageCookie, loginAsOperator, postForm, request, uniqueIp } from "../../support/http.ts";
import { readZip } from "../../support/zip.ts";

/**
 * A client's several sites (frame-ancestors, the message API's Origin check, the frame's own
 * explanation), its session limits and monthly ceiling as the settings page sets them, and the
 * plugin's calls to our server: the site check, the update check and the update's ZIP.
 */
let cookie: string;
let client: { id: number; licenseKey: string };

const DOMAIN = `bakery-${randomUUID().slice(0, 8)}.example`;
const STAGING = `https://staging.${DOMAIN}`;
const configPath = () => `/admin/clients/${client.id}/config?tab=general`;
const saveSites = (fields: Record<string, string>) =>
  postForm(configPath(), { intent: "sites", ...fields }, { headers: { Cookie: cookie } });

function chatUi(referer: string | null, lang = "en") {
  const headers: Record<string, string> = { "Sec-Fetch-Dest": "iframe" };
  if (referer) headers.Referer = referer;
  return request(`/api/wordpress/chat-ui?license=${client.licenseKey}&lang=${lang}`, { headers });
}

function postMessage(origin: string | null, { ip = uniqueIp(), lng = "en" } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json", "User-Agent": "sites-test" };
  if (origin) headers.Origin = origin;
  return request(`/api/wordpress/messages?lng=${lng}`, {
    method: "POST",
    ip,
    headers,
    body: JSON.stringify({ license: client.licenseKey, clientMessageId: randomUUID(), message: "Hello" }),
  });
}

beforeAll(async () => {
  cookie = await loginAsOperator();
  const created = await request("/api/clients", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify({
      businessName: "Sites Bakery",
      ownerEmail: "owner@bakery.example",
      websiteDomain: DOMAIN,
      businessType: "retail",
    }),
  });
  expect(created.status).toBe(201);
  client = (await created.json()) as typeof client;
});

describe("the settings page's sites and limits", () => {
  it("shows the website domain's origins and the defaults", async () => {
    const page = await (await request(configPath(), { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Sites and limits");
    expect(page).toContain(`https://www.${DOMAIN}`);
    expect(page).toMatch(
      /name="sessionsPerVisitorPerHour"[^>]*value="3"|value="3"[^>]*name="sessionsPerVisitorPerHour"/,
    );
    expect(page).toMatch(/name="monthlyUsageCeiling"[^>]*value="200"|value="200"[^>]*name="monthlyUsageCeiling"/);
    expect(page).toMatch(
      /name="sessionsPerAddressPerHour"[^>]*value="60"|value="60"[^>]*name="sessionsPerAddressPerHour"/,
    );
  });

  it("says what each session limit guards, in the operator's language", async () => {
    const english = await (await request(configPath(), { headers: { Cookie: cookie } })).text();
    expect(english).toContain("Counted first: one address with one browser");
    expect(english).toContain("a mobile carrier that puts many phones behind one address");
    const hebrew = await (
      await request(configPath(), { headers: { Cookie: `${cookie}; ${await languageCookie("he")}` } })
    ).text();
    expect(hebrew).toContain("נספר ראשון: כתובת אחת עם דפדפן אחד");
    expect(hebrew).toContain("חברה סלולרית ששמה טלפונים רבים מאחורי כתובת אחת");
  });

  it("refuses a line that is not a site, too many sites and bad limits with 400 in the operator's language, saving nothing", async () => {
    for (const [fields, message] of [
      [
        {
          allowedOrigins: "staging.shop.example\n*.shop.example",
          sessionsPerVisitorPerHour: "3",
          sessionsPerAddressPerHour: "10",
        },
        "is not a site",
      ],
      [
        {
          allowedOrigins: Array.from({ length: 21 }, (_, i) => `s${i}.shop.example`).join("\n"),
          sessionsPerVisitorPerHour: "3",
          sessionsPerAddressPerHour: "10",
        },
        "At most 20 sites",
      ],
      [{ allowedOrigins: "", sessionsPerVisitorPerHour: "0", sessionsPerAddressPerHour: "10" }, "At least 1"],
      [
        { allowedOrigins: "", sessionsPerVisitorPerHour: "5", sessionsPerAddressPerHour: "2" },
        "At least the limit per visitor",
      ],
      [
        {
          allowedOrigins: "",
          sessionsPerVisitorPerHour: "3",
          sessionsPerAddressPerHour: "10",
          monthlyUsageCeiling: "1.5",
        },
        "A whole number",
      ],
      [{ allowedOrigins: "", sessionsPerVisitorPerHour: "abc", sessionsPerAddressPerHour: "10" }, "Required"],
    ] as const) {
      const response = await saveSites(fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text()).toContain(message);
    }
    const hebrew = await postForm(
      configPath(),
      {
        intent: "sites",
        allowedOrigins: "ftp://x.example",
        sessionsPerVisitorPerHour: "3",
        sessionsPerAddressPerHour: "10",
      },
      { headers: { Cookie: `${cookie}; ${await languageCookie("he")}` } },
    );
    expect(hebrew.status).toBe(400);
    expect(await hebrew.text()).toContain("אחת השורות אינה אתר");
    expect((await chatUi(STAGING + "/")).status).toBe(403);
  });

  it("saves the sites normalized, and the limits", async () => {
    const response = await saveSites({
      allowedOrigins: `staging.${DOMAIN}/shop\nHTTP://127.0.0.1:8931/\nstaging.${DOMAIN}`,
      sessionsPerVisitorPerHour: "3",
      sessionsPerAddressPerHour: "10",
      monthlyUsageCeiling: "1",
    });
    expect(response.status).toBe(302);
    const page = await (await request(configPath(), { headers: { Cookie: cookie } })).text();
    expect(page).toContain(`${STAGING}\nhttp://127.0.0.1:8931</textarea>`);
  });
});

describe("the chat frame on the client's sites", () => {
  it("lets the website domain, its www. twin and the listed sites frame the chat", async () => {
    for (const referer of [
      `https://${DOMAIN}/about`,
      `https://www.${DOMAIN}/`,
      `${STAGING}/`,
      "http://127.0.0.1:8931/",
      null,
    ]) {
      const response = await chatUi(referer);
      expect(response.status, String(referer)).toBe(200);
      expect(response.headers.get("Content-Security-Policy")).toContain(
        `frame-ancestors 'self' https://${DOMAIN} http://${DOMAIN} https://www.${DOMAIN} http://www.${DOMAIN} ${STAGING} http://127.0.0.1:8931`,
      );
    }
  });

  it("explains to a site not on the list, in the site's language, why the chat does not open", async () => {
    const english = await chatUi("https://copycat.example/page");
    expect(english.status).toBe(403);
    expect(english.headers.get("Content-Security-Policy")).toContain("frame-ancestors *");
    const text = await english.text();
    expect(text).toContain("This site is not registered");
    expect(text).toContain("https://copycat.example");
    expect(text).not.toContain(client.licenseKey);
    const hebrew = await (await chatUi("https://copycat.example/page", "he")).text();
    expect(hebrew).toContain("האתר הזה אינו רשום");
    // Followed as a link from elsewhere, the chat opens as a page of its own.
    const link = await request(`/api/wordpress/chat-ui?license=${client.licenseKey}`, {
      headers: { "Sec-Fetch-Dest": "document", Referer: "https://mail.example/" },
    });
    expect(link.status).toBe(200);
  });
});

describe("the message API's origin check", () => {
  it("refuses a page of another site with 403 in the visitor's language, storing nothing", async () => {
    const english = await postMessage("https://copycat.example");
    expect(english.status).toBe(403);
    expect(await english.json()).toEqual({
      error: "This chat is not set up for this site. The site's owner can ask the Alex team to add it.",
    });
    const hebrew = await postMessage("https://copycat.example", { lng: "he" });
    expect(((await hebrew.json()) as { error: string }).error).toContain("אינו מוגדר לאתר הזה");
  });

  it("answers our own pages and the client's sites; the first conversation reaches the $1 ceiling", async () => {
    const first = await postMessage(STAGING);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ messageType: "conversation", cost: 1 });
    const next = await postMessage(null);
    // Another address, a new session: the month's charges are at the ceiling, so it waits.
    expect(next.status).toBe(429);
    const refused = (await next.json()) as { error: string };
    expect(refused.error).toBe("This chat has reached its limit for the month. Please contact the business directly.");
    expect(Number(next.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("shows the ceiling reached above every tab of the client page", async () => {
    for (const tab of ["overview", "settings"]) {
      const page = await (
        await request(`/admin/clients/${client.id}?tab=${tab}`, { headers: { Cookie: cookie } })
      ).text();
      expect(page).toContain("Monthly ceiling reached");
      expect(page).toContain("new conversations wait until next month");
    }
    const hebrew = await (
      await request(`/admin/clients/${client.id}`, { headers: { Cookie: `${cookie}; ${await languageCookie("he")}` } })
    ).text();
    expect(hebrew).toContain("התקרה החודשית הושגה");
  });
});

describe("the plugin's calls to our server", () => {
  it("tells the plugin whether its site is registered", async () => {
    const status = async (site: string, license = client.licenseKey) =>
      request(`/api/wordpress/site-status?license=${license}&site=${encodeURIComponent(site)}&lng=en`);
    expect(await (await status(`${STAGING}/`)).json()).toEqual({ site: STAGING, registered: true, active: true });
    expect(await (await status(`https://www.${DOMAIN}`)).json()).toMatchObject({ registered: true });
    expect(await (await status("https://copycat.example")).json()).toEqual({
      site: "https://copycat.example",
      registered: false,
      active: true,
    });
    const unknown = await status(STAGING, "alex_00000000000000000000000000000000");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "No client has this license key." });
    // Without a language, the public default: Hebrew.
    const hebrew = await request(`/api/wordpress/site-status?license=alex_wrong&site=${STAGING}`);
    expect(await hebrew.json()).toEqual({ error: "אין לקוח עם מפתח הרישיון הזה." });
    const bad = await status("javascript:alert(1)");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { site: expect.any(String) } });
    expect((await request("/api/wordpress/site-status", { method: "POST" })).status).toBe(405);
  });

  it("names the newest version and its ZIP, which carries the license but no secret", async () => {
    const update = await request(`/api/wordpress/plugin-update?license=${client.licenseKey}&version=1.0.0&lng=en`);
    expect(update.status).toBe(200);
    const body = (await update.json()) as { version: string; package: string; slug: string };
    expect(body).toMatchObject({
      slug: "alex-ai-assistant",
      version: PLUGIN_VERSION,
      requires: "6.1",
      requiresPhp: "7.4",
    });
    expect(body.package).toMatch(new RegExp(`/api/wordpress/plugin-package\\?license=${client.licenseKey}$`));
    // "View version details" shows these: the site's language, and the readme's changelog.
    expect(body).toMatchObject({
      description: expect.stringContaining("Alex, your AI employee"),
      changelog: expect.arrayContaining([
        { version: PLUGIN_VERSION, changes: expect.arrayContaining([expect.any(String)]) },
      ]),
    });
    const hebrew = (await (
      await request(`/api/wordpress/plugin-update?license=${client.licenseKey}&lng=he`)
    ).json()) as { description: string };
    expect(hebrew.description).toContain("העובד שלכם");
    const zip = await request(new URL(body.package).pathname + new URL(body.package).search);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("Content-Type")).toBe("application/zip");
    const defaults = readZip(Buffer.from(await zip.arrayBuffer())).find((entry) =>
      entry.name.endsWith("defaults.php"),
    )!;
    expect(defaults.data.toString("utf8")).toContain(`'${client.licenseKey}'`);
    expect(defaults.data.toString("utf8")).toContain("define( 'ALEX_AI_DEFAULT_SYNC_SECRET', '' );");
    for (const path of ["/api/wordpress/plugin-update", "/api/wordpress/plugin-package"]) {
      const unknown = await request(`${path}?license=alex_wrong&lng=en`);
      expect(unknown.status, path).toBe(404);
      expect(await unknown.json()).toEqual({ error: "No client has this license key." });
    }
  });

  it("gives the operator's ZIP a secret of its own, the same on every download", async () => {
    const secretOf = async () => {
      const zip = await request(`/api/download/plugin?clientId=${client.id}`, { headers: { Cookie: cookie } });
      const defaults = readZip(Buffer.from(await zip.arrayBuffer())).find((entry) =>
        entry.name.endsWith("defaults.php"),
      )!;
      return /ALEX_AI_DEFAULT_SYNC_SECRET', '([^']*)'/.exec(defaults.data.toString("utf8"))?.[1];
    };
    const secret = await secretOf();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secret).not.toBe(client.licenseKey);
    expect(await secretOf()).toBe(secret);
    // Never on the client's pages.
    for (const path of [
      `/admin/clients/${client.id}`,
      `/admin/clients/${client.id}/config?tab=api`,
      `/api/clients/${client.id}`,
    ]) {
      expect(await (await request(path, { headers: { Cookie: cookie } })).text(), path).not.toContain(secret!);
    }
  });
});

describe("new conversations behind one mobile carrier's address", () => {
  it("lets many phones start one each, and stops one phone at its own limit", async () => {
    const created = await request("/api/clients", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({
        businessName: "Carrier Bakery",
        ownerEmail: "owner@carrier-bakery.example",
        websiteDomain: `carrier-${DOMAIN}`,
        businessType: "retail",
      }),
    });
    const { licenseKey } = (await created.json()) as { licenseKey: string };
    const carrier = uniqueIp();
    const firstMessage = (browser: string) =>
      request("/api/wordpress/messages?lng=en", {
        method: "POST",
        ip: carrier,
        headers: { "Content-Type": "application/json", "User-Agent": browser },
        body: JSON.stringify({ license: licenseKey, clientMessageId: randomUUID(), message: "Hello" }),
      });
    // Fifteen phones on one address: the old limit of ten an address turned the last five away.
    const phones = [];
    for (let phone = 0; phone < 15; phone++) phones.push((await firstMessage(`Phone ${phone}`)).status);
    expect(phones).toEqual(Array(15).fill(200));
    // One of them starts two more (three in all), and a fourth is its own limit's to refuse.
    expect([(await firstMessage("Phone 0")).status, (await firstMessage("Phone 0")).status]).toEqual([200, 200]);
    const fourth = await firstMessage("Phone 0");
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { error: string }).error).toBe(
      "Too many new conversations from here in the last hour. Please try again later.",
    );
  });
});
