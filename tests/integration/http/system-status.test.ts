import { describe, expect, it } from "vitest";
import { languageCookie, loginAsOperator, postForm, request, seedClient } from "../../support/http.ts";

/** A client the operator adds for the test: what it saves (a WordPress connection) stays off the seed's clients. */
async function newClient(cookie: string) {
  const response = await request("/api/clients", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify({
      businessName: "System status business",
      ownerEmail: "owner@system-status.example",
      websiteDomain: "system-status.example",
      businessType: "services",
    }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number };
}

const page = (path: string, cookie: string) => request(path, { headers: { Cookie: cookie } });

describe("/admin/system-status", () => {
  it("is for operators only", async () => {
    const response = await request("/admin/system-status");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
    expect((await postForm("/admin/system-status", { intent: "refresh", clientId: "1" })).status).toBe(302);
  });

  it("shows the first client by default with its license, the three tabs and every check", async () => {
    const cookie = await loginAsOperator();
    const html = await (await page("/admin/system-status", cookie)).text();
    expect(html).toContain("<h1");
    expect(html).toContain("Client System Status");
    expect(html).toMatch(/alex_[0-9a-f]{32}/);
    for (const text of [
      "API Connections",
      "WordPress Test",
      "Upload Test",
      "Refresh Status",
      "Full System Test",
      "Database",
      "HivePress data",
      "AI provider",
    ]) {
      expect(html, text).toContain(text);
    }
  });

  it("refuses a test without a client ('Please select a client first') and an unknown intent, in the operator's language", async () => {
    const cookie = await loginAsOperator();
    const missing = await postForm("/admin/system-status", { intent: "refresh" }, { headers: { Cookie: cookie } });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Please select a client first");
    const unknown = await postForm(
      "/admin/system-status",
      { intent: "refresh", clientId: "999999" },
      { headers: { Cookie: cookie } },
    );
    expect(unknown.status).toBe(400);
    const hebrew = await postForm(
      "/admin/system-status",
      { intent: "full-test", clientId: "abc" },
      { headers: { Cookie: `${cookie}; ${await languageCookie("he")}` } },
    );
    expect(hebrew.status).toBe(400);
    expect(await hebrew.text()).toContain("נא לבחור לקוח קודם");
    const bogus = await postForm(
      "/admin/system-status",
      { intent: "delete-everything", clientId: "1" },
      { headers: { Cookie: cookie } },
    );
    expect(bogus.status).toBe(400);
    const badKind = await postForm(
      "/admin/system-status",
      { intent: "check", kind: "database; drop", clientId: "1" },
      { headers: { Cookie: cookie } },
    );
    expect(badKind.status).toBe(400);
  });

  it("runs one check, redirects back with a toast, and the card and its history show the result", async () => {
    const cookie = await loginAsOperator();
    const { id } = await seedClient(cookie);
    const response = await postForm(
      "/admin/system-status",
      { intent: "check", kind: "ai", clientId: String(id), tab: "connections" },
      { headers: { Cookie: cookie } },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/system-status?clientId=${id}&tab=connections`);
    expect(response.headers.getSetCookie().some((value) => value.startsWith("alex_toast="))).toBe(true);
    const html = await (await page(`/admin/system-status?clientId=${id}`, cookie)).text();
    expect(html).toContain("Connected");
    expect(html).toContain("built-in");
  });
});

describe("/admin/clients/{id}/wordpress-connection", () => {
  it("keeps a bad address out with a message, saves a good one, and never sends the password back", async () => {
    const cookie = await loginAsOperator();
    const { id } = await newClient(cookie);
    const path = `/admin/clients/${id}/wordpress-connection`;
    const bad = await postForm(
      path,
      { siteUrl: "javascript:alert(1)", username: "", applicationPassword: "secret pass word" },
      { headers: { Cookie: cookie } },
    );
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Enter the site&#x27;s address starting with https:// or http://");
    expect(badHtml).toContain("Enter the WordPress user name");
    expect(badHtml).not.toContain("secret pass word");
    expect(await (await page(path, cookie)).text()).toContain("No Application Password is saved.");

    const password = "abcd EFGH ijkl MNOP qrst UVWX";
    const saved = await postForm(
      path,
      { siteUrl: "https://shop.example.com/", username: "editor", applicationPassword: password },
      { headers: { Cookie: cookie, Referer: "http://unrelated.example/" } },
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/admin/system-status?clientId=${id}`);
    const html = await (await page(`/admin/system-status?clientId=${id}&tab=wordpress`, cookie)).text();
    expect(html).toContain("https://shop.example.com");
    expect(html).toContain("An Application Password is saved");
    expect(html).not.toContain(password);

    // Empty keeps the password; the checkbox removes it.
    await postForm(
      path,
      { siteUrl: "https://shop.example.com", username: "editor2", applicationPassword: "" },
      { headers: { Cookie: cookie } },
    );
    expect(await (await page(path, cookie)).text()).toContain("An Application Password is saved");
    await postForm(
      path,
      { siteUrl: "https://shop.example.com", username: "editor2", clearPassword: "on" },
      { headers: { Cookie: cookie } },
    );
    expect(await (await page(path, cookie)).text()).toContain("No Application Password is saved.");
  });

  it("answers 404 for an unknown client", async () => {
    const cookie = await loginAsOperator();
    expect((await page("/admin/clients/999999/wordpress-connection", cookie)).status).toBe(404);
    expect(
      (
        await postForm(
          "/admin/clients/abc/wordpress-connection",
          { siteUrl: "https://a.example", username: "x" },
          { headers: { Cookie: cookie } },
        )
      ).status,
    ).toBe(404);
  });
});
