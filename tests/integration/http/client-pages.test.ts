import { beforeAll, describe, expect, it } from "vitest";
import { loginAsOperator, postForm, request } from "../../support/http.ts";

let cookie: string;
beforeAll(async () => {
  cookie = await loginAsOperator();
});

const get = (path: string) => request(path, { headers: { Cookie: cookie } });
const post = (path: string, fields: Record<string, string>) => postForm(path, fields, { headers: { Cookie: cookie } });

async function oldestClientId() {
  const clients = (await (await get("/api/clients")).json()) as { id: number }[];
  return clients.at(-1)!.id;
}

describe("the client pages without JavaScript", () => {
  it("are for operators only", async () => {
    for (const path of ["/admin/clients", "/admin/clients/1", "/admin/clients/1/usage-export"]) {
      const response = await request(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toMatch(/^\/login\?redirectTo=/);
    }
  });

  it("add a client: 400 with the fields' messages and nothing written, then a redirect to its page", async () => {
    const before = ((await (await get("/api/clients")).json()) as unknown[]).length;
    const bad = await post("/admin/clients?lng=en", {
      intent: "create",
      businessName: "",
      ownerEmail: "x",
      websiteDomain: "",
      businessType: "",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    for (const message of [
      "Business name required",
      "Invalid email address",
      "Website domain required",
      "Business type required",
    ])
      expect(html).toContain(message);
    expect(((await (await get("/api/clients")).json()) as unknown[]).length).toBe(before);

    const good = await post("/admin/clients", {
      intent: "create",
      businessName: "Page Bakery",
      ownerEmail: "p@bakery.example",
      websiteDomain: "bakery.example",
      businessType: "restaurant",
      plan: "premium",
    });
    expect(good.status).toBe(302);
    expect(good.headers.get("Location")).toMatch(/^\/admin\/clients\/\d+$/);
    expect(good.headers.getSetCookie().some((value) => value.startsWith("alex_toast="))).toBe(true);
  });

  it("refuse an unknown intent, and a test of an unknown client", async () => {
    expect((await post("/admin/clients", { intent: "drop" })).status).toBe(400);
    expect((await post("/admin/clients", { intent: "test", clientId: "999999" })).status).toBe(404);
  });

  it("test a client and come back to the same list with the toast", async () => {
    const response = await post("/admin/clients?q=alex", { intent: "test", clientId: String(await oldestClientId()) });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/\/admin\/clients\?q=alex$/);
  });

  it("change a status: an unknown one is refused with 400 and changes nothing; a known one joins the trail", async () => {
    const created = await request("/api/clients", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({
        businessName: "Trail",
        ownerEmail: "t@trail.example",
        websiteDomain: "trail.example",
        businessType: "other",
      }),
    });
    const { id } = (await created.json()) as { id: number };
    expect((await post(`/admin/clients/${id}`, { status: "paused" })).status).toBe(400);
    const settings = await (await get(`/admin/clients/${id}?tab=settings&lng=en`)).text();
    expect(settings).toContain("The status has not changed since the client was added.");

    // Not confirmed (no JavaScript, so no dialog): the page asks, naming the client and the effect, and nothing changes.
    const asked = await post(`/admin/clients/${id}?tab=settings&lng=en`, { status: "cancelled" });
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(question).toContain("Cancel Trail&#x27;s subscription?");
    expect(question).toContain("no monthly fee is billed after this month");
    expect(question).toContain("Current status: Active");
    expect(question).toMatch(
      /<button type="submit"[^>]*value="yes" name="confirmed"[^>]*>Cancel subscription<\/button>/,
    );

    const changed = await post(`/admin/clients/${id}`, { status: "cancelled", confirmed: "yes" });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("Location")).toBe(`/admin/clients/${id}?tab=settings`);
    const after = await (await get(`/admin/clients/${id}?tab=settings&lng=en`)).text();
    expect(after).toContain("by operator");
    expect(after).toContain("Current status: Cancelled");
    expect((await post("/admin/clients/999999", { status: "active" })).status).toBe(404);
  });

  it("answer every page and download of an unknown or malformed client id with 404 'Client not found' in the operator's language", async () => {
    const pages = ["", "/config", "/people", "/wordpress-connection"];
    const downloads = ["/usage-export", "/access-log-export", "/visitor-data/export?kind=phone&q=0501234567"];
    for (const id of ["999999", "abc", "0"]) {
      for (const path of [...pages, ...downloads]) {
        const [pathname, query] = path.split("?");
        for (const [language, words] of [
          ["en", "Client not found"],
          ["he", "הלקוח לא נמצא"],
        ] as const) {
          const address = `/admin/clients/${id}${pathname}?${query ? `${query}&` : ""}lng=${language}`;
          const response = await get(address);
          expect(response.status, address).toBe(404);
          const body = await response.text();
          expect(body, address).toContain(words);
          if (downloads.includes(path)) expect(response.headers.get("Content-Type"), address).toMatch(/^text\/plain/);
        }
      }
    }
  });

  it("show 'Client not found' with a 404 for an unknown id, and each tab of a known one", async () => {
    const missing = await get("/admin/clients/999999?lng=en");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Client not found");
    const id = await oldestClientId();
    const expected = {
      overview: "Total Messages",
      usage: "Recent Usage",
      sessions: "Latest chat sessions",
      training: "AI training",
      delivery: "Delivery log",
      settings: "Account Status",
    };
    for (const [tab, heading] of Object.entries(expected)) {
      const response = await get(`/admin/clients/${id}?tab=${tab}&lng=en`);
      expect(response.status, tab).toBe(200);
      expect(await response.text(), tab).toContain(heading);
    }
  });

  it("export the usage CSV: date, counts and total cost, 2 decimals, one line per day; 400 for an unknown period, 404 for an unknown client", async () => {
    const id = await oldestClientId();
    const response = await get(`/admin/clients/${id}/usage-export?period=all&lng=en`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(response.headers.get("Content-Disposition")).toMatch(
      new RegExp(`filename="usage-${id}-all-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
    );
    const lines = (await response.text()).split("\r\n").filter(Boolean);
    // text() drops the byte-order mark that Excel needs.
    expect(lines[0]).toBe("Date,Conversations,Articles,Solutions,Total Cost");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).toMatch(/^\d{4}-\d{2}-\d{2},\d+,\d+,\d+,\d+\.\d{2}$/);
    const api = (await (await get(`/api/clients/${id}/usage?period=all`)).json()) as unknown[];
    expect(lines.length - 1).toBe(api.length);

    expect((await get(`/admin/clients/${id}/usage-export?period=decade`)).status).toBe(400);
    expect((await get("/admin/clients/999999/usage-export")).status).toBe(404);
  });
});
