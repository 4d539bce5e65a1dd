import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionList } from "~/sessions/session-types.ts";
import { parseCsv } from "../../support/csv.ts";
import { languageCookie, loginAsOperator, request, seedClient } from "../../support/http.ts";

const TINY_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

let cookie: string;
const get = (path: string, init: { ip?: string; extraCookie?: string } = {}) =>
  request(path, {
    ip: init.ip,
    headers: { Cookie: init.extraCookie ? `${cookie}; ${init.extraCookie}` : cookie },
  });

/** A conversation of the seed's own client, sent through the public message API as a widget would. */
async function clientSession(images?: { name: string; data: string }[]) {
  const { licenseKey: license } = await seedClient(cookie);
  const message = { license, clientMessageId: randomUUID(), message: "Who reads this?" };
  // Pictures go as files beside the message's JSON, as the widget sends them.
  const form = new FormData();
  form.append("payload", JSON.stringify(message));
  for (const image of images ?? []) form.append("image", new Blob([Buffer.from(image.data, "base64")]), image.name);
  const response = await request("/api/wordpress/messages", {
    method: "POST",
    headers: images
      ? { Accept: "application/json" }
      : { "Content-Type": "application/json", Accept: "application/json" },
    body: images ? form : JSON.stringify(message),
  });
  expect(response.status).toBe(200);
  const { sessionId } = (await response.json()) as { sessionId: string };
  const list = (await (await get(`/api/admin/sessions?period=all&search=${sessionId}`)).json()) as SessionList;
  return { sessionId, clientId: list.sessions.find((session) => session.sessionId === sessionId)!.clientId };
}

/** The row is written beside the page, not before it: wait for it a moment. */
async function eventually(check: () => Promise<boolean>) {
  for (let tries = 0; tries < 50; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The access log never showed the row.");
}

beforeAll(async () => {
  cookie = await loginAsOperator();
});

describe("the access log", () => {
  it("is for operators only", async () => {
    for (const path of ["/admin/clients/1?tab=access", "/admin/clients/1/access-log-export"]) {
      const response = await request(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toMatch(/^\/login\?redirectTo=/);
    }
  });

  it("lists a session view on the client's tab with the operator, the session and the address, in both languages", async () => {
    const { sessionId, clientId } = await clientSession();
    expect((await get(`/admin/session/${sessionId}`, { ip: "203.0.113.77" })).status).toBe(200);
    const tab = `/admin/clients/${clientId}?tab=access`;
    let html = "";
    await eventually(async () => {
      html = await (await get(`${tab}&lng=en`)).text();
      return html.includes(sessionId);
    });
    expect(html).toContain("Access log");
    expect(html).toContain("Viewed a conversation");
    expect(html).toContain("203.0.113.77");
    expect(html).toContain("operator");

    const hebrew = await (await get(tab, { extraCookie: await languageCookie("he") })).text();
    expect(hebrew).toContain("יומן גישה");
    expect(hebrew).toContain("צפה בשיחה");
  });

  it("logs a conversation's export, and its Quick View as a view", async () => {
    const { sessionId, clientId } = await clientSession();
    const csv = await get(`/api/admin/export-session/${clientId}/${sessionId}?format=csv`, { ip: "203.0.113.78" });
    expect(csv.status).toBe(200);
    await csv.text();
    const quickView = await get(`/api/admin/export-session/${clientId}/${sessionId}`, { ip: "203.0.113.82" });
    expect(quickView.status).toBe(200);
    await quickView.json();
    const tab = `/admin/clients/${clientId}?tab=access&lng=en`;
    await eventually(async () => {
      const html = await (await get(tab)).text();
      return html.includes("203.0.113.78") && html.includes("203.0.113.82");
    });
    expect(await (await get(tab)).text()).toContain("Exported a conversation");
  });

  it("logs a picture's view, and not a picture that is not there", async () => {
    const { sessionId, clientId } = await clientSession([{ name: "dot.png", data: TINY_PNG }]);
    const html = await (await get(`/admin/session/${sessionId}`)).text();
    const path = new RegExp(`/admin/session/${sessionId}/images/\\d+`).exec(html)?.[0];
    expect(path).toBeDefined();
    expect((await get(`${path}999`, { ip: "203.0.113.80" })).status).toBe(404);
    expect((await get(path!, { ip: "203.0.113.81" })).status).toBe(200);
    const tab = `/admin/clients/${clientId}?tab=access&lng=en`;
    await eventually(async () => (await (await get(tab)).text()).includes("Viewed a picture"));
    const shown = await (await get(tab)).text();
    expect(shown).toContain("203.0.113.81");
    expect(shown).not.toContain("203.0.113.80");
  });

  it("answers a bad page number with the nearest page, not an error", async () => {
    const { clientId } = await clientSession();
    for (const page of ["abc", "-3", "0", "99999", "1e9"]) {
      const response = await get(`/admin/clients/${clientId}?tab=access&page=${page}&lng=en`);
      expect(response.status, page).toBe(200);
      expect(await response.text(), page).toContain("Access log");
    }
  });

  it("exports the client's log as CSV in the operator's language, the export itself included", async () => {
    const { sessionId, clientId } = await clientSession();
    await get(`/admin/session/${sessionId}`, { ip: "203.0.113.79" });
    await eventually(async () =>
      (await (await get(`/admin/clients/${clientId}?tab=access`)).text()).includes(sessionId),
    );

    const first = await get(`/admin/clients/${clientId}/access-log-export?lng=en`);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const rows = parseCsv((await first.text()).replace(/^\uFEFF/, ""));
    expect(rows[0]).toEqual(["Time", "Operator", "Action", "Session", "Address"]);
    expect(
      rows.some((row) => row[2] === "Viewed a conversation" && row[3] === sessionId && row[4] === "203.0.113.79"),
    ).toBe(true);

    await eventually(async () => {
      const again = await get(`/admin/clients/${clientId}/access-log-export?lng=en`);
      return parseCsv(await again.text()).some((row) => row[2] === "Exported the access log");
    });
  });

  it("answers 404 for the CSV of an unknown client", async () => {
    for (const id of ["999999", "abc", "-1"])
      expect((await get(`/admin/clients/${id}/access-log-export`)).status, id).toBe(404);
  });
});
