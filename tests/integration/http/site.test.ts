import { describe, expect, it } from "vitest";
import { languageCookie, loginAsOperator, request } from "../../support/http.ts";

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0] ?? "";

describe("languages", () => {
  it("serves the public site in Hebrew, right to left, whatever the browser asks", async () => {
    const response = await request("/", { headers: { "Accept-Language": "en-US,en;q=0.9" } });
    const html = await response.text();
    expect(htmlTag(html)).toContain('lang="he"');
    expect(htmlTag(html)).toContain('dir="rtl"');
  });

  it("serves the back-office in English by default, whatever the browser asks", async () => {
    const cookie = await loginAsOperator();
    const response = await request("/admin/dashboard", { headers: { Cookie: cookie, "Accept-Language": "he-IL" } });
    const html = await response.text();
    expect(htmlTag(html)).toContain('lang="en"');
    expect(htmlTag(html)).toContain('dir="ltr"');
    expect(html).toContain("Active Clients");
  });

  it("switches with ?lng= and keeps the choice in a cookie", async () => {
    const switched = await request("/?lng=en");
    expect(htmlTag(await switched.text())).toContain('dir="ltr"');
    const cookie = switched.headers.getSetCookie().find((value) => value.startsWith("lng="));
    expect(cookie).toMatch(/^lng=[^;]+;/);
    const next = await request("/", { headers: { Cookie: cookie!.split(";")[0]! } });
    expect(htmlTag(await next.text())).toContain('lang="en"');
  });

  it("ignores an unsupported ?lng=", async () => {
    const response = await request("/?lng=xx");
    expect(htmlTag(await response.text())).toContain('lang="he"');
    expect(response.headers.getSetCookie().some((value) => value.startsWith("lng="))).toBe(false);
  });

  it("renders the dashboard in Hebrew for an operator who chose it", async () => {
    const cookie = await loginAsOperator();
    const response = await request("/admin/dashboard", {
      headers: { Cookie: `${cookie}; ${await languageCookie("he")}` },
    });
    const html = await response.text();
    expect(htmlTag(html)).toContain('dir="rtl"');
    expect(html).toContain("לקוחות פעילים");
  });
});

describe("errors", () => {
  it("answers an unknown path with the 404 page, in both languages", async () => {
    const hebrew = await request("/no/such/page");
    expect(hebrew.status).toBe(404);
    expect(await hebrew.text()).toContain("הדף לא נמצא");
    const english = await request("/no/such/page?lng=en");
    expect(english.status).toBe(404);
    expect(await english.text()).toContain("Page Not Found");
  });

  it("answers an unknown admin page with 404 inside the back-office", async () => {
    const cookie = await loginAsOperator();
    const response = await request("/admin/no-such-screen", { headers: { Cookie: cookie } });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page Not Found");
  });

  it("leaves the plugin's API space public: an unknown /api/wordpress path is a JSON 404, not a 401", async () => {
    const response = await request("/api/wordpress/no-such-endpoint", { method: "POST" });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toBeTruthy();
  });

  it("answers an unknown API with a JSON 404 for an operator", async () => {
    const cookie = await loginAsOperator();
    const response = await request("/api/no-such-thing", { headers: { Cookie: cookie } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "No such API endpoint." });
  });
});

describe("health and headers", () => {
  it("reports health", async () => {
    const response = await request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers a plain check ahead of the router, and the same through it with a query string", async () => {
    const head = await request("/healthz", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Type")).toBe("application/json");
    expect(head.headers.get("Cache-Control")).toBe("no-store");
    expect(await head.text()).toBe("");
    const routed = await request("/healthz?lng=en");
    expect(routed.status).toBe(200);
    expect(routed.headers.get("Cache-Control")).toBe("no-store");
    expect(await routed.json()).toEqual({ status: "ok" });
  });

  it("answers every one of a burst of checks, which share their pings", async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => request("/healthz")));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(await Promise.all(answers.map((answer) => answer.json()))).toEqual(Array(50).fill({ status: "ok" }));
  });

  it("sends a nonce-based CSP and the other security headers with every page", async () => {
    const response = await request("/");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    const html = await response.text();
    const inlineScripts = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const script of inlineScripts) expect(script).toContain(`nonce="${nonce}"`);
    const second = await request("/");
    expect(second.headers.get("Content-Security-Policy")).not.toContain(nonce);
  });

  it.each(["/healthz", "/healthz?lng=en", "/api/stats"])(
    "sends the security headers with resource routes too (%s)",
    async (path) => {
      const response = await request(path);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    },
  );

  it("shows no stack trace to visitors", async () => {
    const response = await request("/admin/dashboard.data?_routes=routes/nope");
    expect(await response.text()).not.toMatch(/at .*\.(js|ts):\d+/);
  });
});

describe("stats API", () => {
  it("returns the four dashboard figures to an operator", async () => {
    const cookie = await loginAsOperator();
    const response = await request("/api/stats", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const stats = (await response.json()) as Record<string, unknown>;
    for (const key of ["activeClients", "monthlyRevenue", "todayConversations", "articlesGenerated"]) {
      expect(typeof stats[key]).toBe("number");
    }
    expect(stats.activeClients).toBeGreaterThan(0);
    expect(stats.monthlyRevenue).toBeGreaterThanOrEqual(50 * (stats.activeClients as number));
  });
});
