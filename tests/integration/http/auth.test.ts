import { describe, expect, it } from "vitest";
import {
  baseUrl,
  languageCookie,
  loginAsOperator,
  postForm,
  request,
  sessionCookieFrom,
  uniqueIp,
} from "../../support/http.ts";
import { TEST_ADMIN } from "../../support/server.ts";

describe("login", () => {
  it("shows a login form with username and password fields", async () => {
    const response = await request("/login");
    expect(response.status).toBe(200);
    const html = await response.text();
    const form = /<form[^>]*action="\/login"[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/login"');
    expect(html).toContain('name="username"');
    expect(html).toContain('name="password"');
  });

  it("signs in with form fields and redirects to the dashboard with a safe session cookie", async () => {
    const response = await postForm("/login", TEST_ADMIN);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
    const setCookie = response.headers.getSetCookie().find((value) => value.startsWith("alex_session="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).not.toMatch(/Secure/i);
  });

  it("sends a visitor to the login with the way back, or only the page when the address is too long for it", async () => {
    const short = await request("/admin/billing/export?period=2026-10");
    expect(short.status).toBe(302);
    expect(short.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fbilling%2Fexport%3Fperiod%3D2026-10");
    const long = await request(`/admin/billing/export?period=${"\u202e".repeat(300)}`);
    expect(long.status).toBe(302);
    expect(long.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fbilling%2Fexport");
  });

  it("redirects to a same-site redirectTo, and ignores one that leaves the site", async () => {
    const inside = await postForm("/login", { ...TEST_ADMIN, redirectTo: "/admin/clients?q=a" });
    expect(inside.headers.get("Location")).toBe("/admin/clients?q=a");
    const outsides = [
      "//evil.example/x",
      "https://evil.example/",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
    ];
    const dotted = [
      "/.//evil.example",
      "/..//evil.example",
      "/%2e//evil.example",
      "/%2E%2E//evil.example",
      "/a/../..//evil.example",
    ];
    for (const outside of [...outsides, ...dotted]) {
      const response = await postForm("/login", { ...TEST_ADMIN, redirectTo: outside });
      expect(response.headers.get("Location")).toBe("/admin/dashboard");
    }
  });

  it("never answers 500 to a redirectTo with CR, LF or non-Latin-1 characters, and keeps the signed-in operator on the site", async () => {
    const inside = await postForm("/login", { ...TEST_ADMIN, redirectTo: "/admin/לקוחות" });
    expect(inside.status).toBe(302);
    expect(inside.headers.get("Location")).toBe("/admin/%D7%9C%D7%A7%D7%95%D7%97%D7%95%D7%AA");
    const broken = await postForm("/login", { ...TEST_ADMIN, redirectTo: "/admin\r\nSet-Cookie: x=1" });
    expect(broken.status).toBe(302);
    expect(broken.headers.get("Location")).toBe("/admin/dashboard");
    const cookie = await loginAsOperator();
    for (const target of [
      "/%09/evil.example",
      "/%0D%0A/evil.example",
      "/%E2%80%AE",
      "/.//evil.example",
      "/..//evil.example",
      "/%2e%2e//evil.example",
      "/%5C%5Cevil.example",
    ]) {
      const response = await request(`/login?redirectTo=${target}`, { headers: { Cookie: cookie } });
      expect(response.status).toBe(302);
      expect(new URL(response.headers.get("Location")!, baseUrl()).origin).toBe(new URL(baseUrl()).origin);
    }
  });

  it("refuses wrong credentials with a 400, a non-revealing message and no session cookie", async () => {
    for (const credentials of [
      { username: TEST_ADMIN.username, password: "wrong-password" },
      { username: "nobody-here", password: "wrong-password" },
    ]) {
      const response = await postForm("/login", credentials);
      expect(response.status).toBe(400);
      expect(sessionCookieFrom(response)).toBeNull();
      expect(await response.text()).toContain("The username or password is incorrect.");
    }
  });

  it("answers missing fields with a 400 and a message per field", async () => {
    const response = await postForm("/login", { username: "", password: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter your username.");
    expect(html).toContain("Enter your password.");
  });

  it("gives the messages in Hebrew when the operator chose Hebrew", async () => {
    const response = await postForm(
      "/login",
      { username: "x", password: "y" },
      { headers: { Cookie: await languageCookie("he") } },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("שם המשתמש או הסיסמה שגויים.");
  });

  it("limits failed logins from one address: the 11th attempt gets 429 with Retry-After", async () => {
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await postForm("/login", { username: `user-${attempt}`, password: "nope" }, { ip });
      expect(response.status).toBe(400);
    }
    const limited = await postForm("/login", TEST_ADMIN, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(sessionCookieFrom(limited)).toBeNull();
    expect(await limited.text()).toContain("Too many failed attempts");
  });

  it("limits failed logins for one username to addresses that failed before; a clean address still gets its password checked", async () => {
    const username = `target-${Date.now()}`;
    const repeatOffender = uniqueIp();
    expect((await postForm("/login", { username, password: "nope" }, { ip: repeatOffender })).status).toBe(400);
    for (let attempt = 1; attempt < 10; attempt++) {
      expect((await postForm("/login", { username, password: "nope" })).status).toBe(400);
    }
    expect((await postForm("/login", { username, password: "nope" }, { ip: repeatOffender })).status).toBe(429);
    expect((await postForm("/login", { username, password: "nope" })).status).toBe(400);
  });

  it("lets the real operator in from a clean address while eleven addresses hammer their username", async () => {
    const attackers = Array.from({ length: 11 }, () => uniqueIp());
    for (const ip of attackers)
      expect((await postForm("/login", { ...TEST_ADMIN, password: "guess" }, { ip })).status).toBe(400);
    expect((await postForm("/login", TEST_ADMIN, { ip: attackers[0] })).status).toBe(429);
    expect((await postForm("/login", TEST_ADMIN)).status).toBe(302);
  });

  it("counts parallel wrong logins atomically: of 50 from one address at once, exactly 10 are checked", async () => {
    const ip = uniqueIp();
    const username = `parallel-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => postForm("/login", { username, password: "nope" }, { ip })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
  });

  it("sends a signed-in operator on from the login page", async () => {
    const cookie = await loginAsOperator();
    const response = await request("/login", { headers: { Cookie: cookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
  });
});

describe("logout", () => {
  it("deletes the session: the same cookie replayed afterwards is refused", async () => {
    const cookie = await loginAsOperator();
    expect((await request("/admin/dashboard", { headers: { Cookie: cookie } })).status).toBe(200);

    const logout = await request("/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(logout.status).toBe(302);
    expect(logout.headers.get("Location")).toBe("/login");
    expect(logout.headers.getSetCookie().join()).toMatch(/alex_session=;.*Max-Age=0/);

    const replay = await request("/admin/dashboard", { headers: { Cookie: cookie } });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fdashboard");
    expect((await request("/api/stats", { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it("refuses a logout posted from another site: 403, and the session lives on", async () => {
    const cookie = await loginAsOperator();
    for (const headers of [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }] as Record<
      string,
      string
    >[]) {
      const forged = await request("/logout", { method: "POST", headers: { Cookie: cookie, ...headers } });
      expect(forged.status).toBe(403);
      expect(forged.headers.getSetCookie()).toEqual([]);
    }
    expect((await request("/admin/dashboard", { headers: { Cookie: cookie } })).status).toBe(200);
    const own = await request("/logout", {
      method: "POST",
      headers: { Cookie: cookie, Origin: new URL(baseUrl()).origin },
    });
    expect(own.status).toBe(302);
  });

  it("refuses a forged or tampered cookie", async () => {
    const cookie = await loginAsOperator();
    // The value's first character, not its last: the signature's last base64 digit holds padding bits a decoder ignores.
    const value = cookie.slice("alex_session=".length);
    const tampered = `alex_session=${value.startsWith("e") ? "f" : "e"}${value.slice(1)}`;
    expect((await request("/admin/dashboard", { headers: { Cookie: tampered } })).status).toBe(302);
    expect((await request("/admin/dashboard", { headers: { Cookie: "alex_session=forged" } })).status).toBe(302);
  });
});
