import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionExport, SessionList } from "~/sessions/session-types.ts";
import { parseCsv } from "../../support/csv.ts";
import { languageCookie, loginAsOperator, request, seedClient } from "../../support/http.ts";

const TINY_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const BOM = [0xef, 0xbb, 0xbf];

let cookie: string;
const get = (path: string, extraCookie = "") =>
  request(path, { headers: { Cookie: extraCookie ? `${cookie}; ${extraCookie}` : cookie } });
const getJson = async <T>(path: string) => {
  const response = await get(path);
  return { response, body: (await response.json()) as T };
};

/**
 * A conversation of the seed's own client, sent through the public message API as a widget would (the
 * public demo's would not reach the monitor).
 */
async function sendClientMessage(message: string, sessionId?: string, images?: { name: string; data: string }[]) {
  const { licenseKey: license } = await seedClient(cookie);
  const fields = { license, sessionId, clientMessageId: randomUUID(), message };
  // Pictures go as files beside the message's JSON, as the widget sends them.
  const form = new FormData();
  form.append("payload", JSON.stringify(fields));
  for (const image of images ?? []) form.append("image", new Blob([Buffer.from(image.data, "base64")]), image.name);
  const response = await request("/api/wordpress/messages", {
    method: "POST",
    headers: images
      ? { Accept: "application/json" }
      : { "Content-Type": "application/json", Accept: "application/json" },
    body: images ? form : JSON.stringify(fields),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { sessionId: string };
}

beforeAll(async () => {
  cookie = await loginAsOperator();
});

describe("GET /api/admin/sessions", () => {
  it("answers 401 without an operator session", async () => {
    for (const path of ["/api/admin/sessions", "/api/admin/chat-sessions", "/api/admin/export-session/1/x"]) {
      expect((await request(path)).status, path).toBe(401);
    }
  });

  it("pages this week's sessions of every client, ten at a time, with figures for the whole set", async () => {
    const { response, body } = await getJson<SessionList>("/api/admin/sessions?period=all");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(body.sessions).toHaveLength(10);
    expect(body.totalSessions).toBeGreaterThan(100);
    expect(body.totalPages).toBe(Math.ceil(body.totalSessions / 10));
    expect(body).toMatchObject({ currentPage: 1, hasPreviousPage: false, hasNextPage: true });
    expect(body.totalMessages).toBeGreaterThan(body.totalSessions);
    expect(body.averageMessagesPerSession).toBeCloseTo(body.totalMessages / body.totalSessions, 1);
    const first = body.sessions[0]!;
    expect(Object.keys(first).sort()).toEqual(
      [
        "channel",
        "client",
        "clientId",
        "completedFunction",
        "isActive",
        "lastMessageAt",
        "messageCount",
        "rating",
        "sessionId",
        "startedAt",
        "userIp",
      ].sort(),
    );
    expect(Object.keys(first.client).sort()).toEqual(["businessName", "businessType", "licenseKey"]);
    const times = body.sessions.map((session) => session.lastMessageAt);
    expect(times).toEqual([...times].sort().reverse());

    const week = await getJson<SessionList>("/api/admin/sessions");
    expect(week.body.totalSessions).toBeLessThan(body.totalSessions);
    expect(week.body.totalSessions).toBeGreaterThan(0);
  });

  it("walks to the last page and clamps a page past it", async () => {
    const first = await getJson<SessionList>("/api/admin/sessions?period=all&limit=25");
    const last = await getJson<SessionList>(`/api/admin/sessions?period=all&limit=25&page=${first.body.totalPages}`);
    expect(last.body).toMatchObject({ currentPage: first.body.totalPages, hasNextPage: false, hasPreviousPage: true });
    expect(last.body.sessions.length).toBe(first.body.totalSessions - 25 * (first.body.totalPages - 1));
    const beyond = await getJson<SessionList>("/api/admin/sessions?period=all&limit=25&page=9999");
    expect(beyond.body.currentPage).toBe(first.body.totalPages);
  });

  it("filters by client and finds a session by a part of its id, its business, its license or its IP", async () => {
    const all = await getJson<SessionList>("/api/admin/sessions?period=all&limit=100");
    const target = all.body.sessions[3]!;
    const byClient = await getJson<SessionList>(`/api/admin/sessions?period=all&clientId=${target.clientId}&limit=100`);
    expect(byClient.body.sessions.every((session) => session.clientId === target.clientId)).toBe(true);
    expect(byClient.body.sessions.map((session) => session.sessionId)).toContain(target.sessionId);

    const byId = await getJson<SessionList>(`/api/admin/sessions?period=all&search=${target.sessionId.slice(4, 14)}`);
    expect(byId.body.sessions.map((session) => session.sessionId)).toEqual([target.sessionId]);
    const byName = await getJson<SessionList>(
      `/api/admin/sessions?period=all&search=${encodeURIComponent(target.client.businessName.slice(0, 6))}`,
    );
    expect(byName.body.sessions.map((session) => session.client.businessName)).toContain(target.client.businessName);
    const byLicense = await getJson<SessionList>(
      `/api/admin/sessions?period=all&search=${target.client.licenseKey.slice(-12)}`,
    );
    expect(byLicense.body.totalSessions).toBe(byClient.body.totalSessions);
    const byIp = await getJson<SessionList>(`/api/admin/sessions?period=all&search=${target.userIp}`);
    expect(byIp.body.sessions.every((session) => session.userIp?.includes(target.userIp!))).toBe(true);
    const none = await getJson<SessionList>("/api/admin/sessions?period=all&search=zzzz-nothing");
    expect(none.body).toMatchObject({
      sessions: [],
      totalSessions: 0,
      totalPages: 1,
      currentPage: 1,
      hasNextPage: false,
    });
  });

  it.each([
    ["period=year", "period"],
    ["page=0", "page"],
    ["page=abc", "page"],
    ["limit=1000", "limit"],
    ["clientId=-4", "clientId"],
  ])("answers 400 with the parameter's name for %s", async (query, parameter) => {
    const { response, body } = await getJson<{ error: string }>(`/api/admin/sessions?${query}`);
    expect(response.status).toBe(400);
    expect(body.error).toBe(`Invalid parameter: ${parameter}`);
  });

  it("answers 400 naming the limit for a search over 100 characters", async () => {
    const { response, body } = await getJson<{ error: string }>(`/api/admin/sessions?search=${"x".repeat(101)}`);
    expect(response.status).toBe(400);
    const message = "The search is too long (100 characters at most).";
    expect(body).toEqual({ error: message, fields: { search: message } });
  });

  it("refuses a NUL in the address at the front door, before any query, with the reason", async () => {
    const { response, body } = await getJson<{ error: string }>("/api/admin/sessions?search=%00");
    expect(response.status).toBe(400);
    expect(body.error).toBe("The address holds a character no address may (a NUL byte).");
  });

  it("says what is wrong in Hebrew to a Hebrew operator", async () => {
    const response = await get("/api/admin/sessions?period=year", await languageCookie("he"));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "פרמטר לא תקין: period" });
  });

  it("filters by channel on both APIs, and refuses an unknown channel in the operator's language", async () => {
    for (const path of ["/api/admin/sessions", "/api/admin/chat-sessions"]) {
      const { response, body } = await getJson<SessionList>(`${path}?period=all&channel=whatsapp`);
      expect(response.status, path).toBe(200);
      // The demo's latest finished session happened on WhatsApp (db/seed-plan.ts).
      expect(body.totalSessions, path).toBe(1);
      expect(body.sessions.map((session) => session.channel)).toEqual(["whatsapp"]);
      const english = await getJson<{ error: string }>(`${path}?channel=sms`);
      expect(english.response.status, path).toBe(400);
      expect(english.body).toEqual({ error: "Invalid parameter: channel" });
      const hebrew = await get(`${path}?channel=WhatsApp`, await languageCookie("he"));
      expect(hebrew.status, path).toBe(400);
      expect(await hebrew.json()).toEqual({ error: "פרמטר לא תקין: channel" });
    }
    const all = await getJson<SessionList>("/api/admin/sessions?period=all&channel=all");
    expect(all.body.totalSessions).toBe(
      (await getJson<SessionList>("/api/admin/sessions?period=all")).body.totalSessions,
    );
  });

  it("GET /api/admin/chat-sessions answers the same shape, every session of the filter at once", async () => {
    const paged = await getJson<SessionList>("/api/admin/sessions?period=month");
    const { response, body } = await getJson<SessionList>("/api/admin/chat-sessions?period=month&page=3");
    expect(response.status).toBe(200);
    expect(body.sessions).toHaveLength(paged.body.totalSessions);
    expect(body).toMatchObject({
      totalSessions: paged.body.totalSessions,
      currentPage: 1,
      totalPages: 1,
      hasNextPage: false,
    });
    expect((await get("/api/admin/chat-sessions?period=decade")).status).toBe(400);
  });
});

describe("GET /api/admin/export-session/{clientId}/{sessionId}", () => {
  let sessionId: string;
  let clientId: number;

  beforeAll(async () => {
    const started = await sendClientMessage('=HYPERLINK("http://evil.example") שלום, what does it cost?');
    sessionId = started.sessionId;
    await sendClientMessage("+972 50 123 4567 is my number; here is a photo", sessionId, [
      { name: "photo.png", data: TINY_PNG },
    ]);
    const list = await getJson<SessionList>(`/api/admin/sessions?period=today&search=${sessionId}`);
    clientId = list.body.sessions[0]!.clientId;
  });

  it("exports the session with its messages, images and summary", async () => {
    const { response, body } = await getJson<SessionExport>(`/api/admin/export-session/${clientId}/${sessionId}`);
    expect(response.status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.session).toMatchObject({ sessionId, clientId, messageCount: 2 });
    expect(body.session.messages.map((message) => message.userMessage)).toEqual([
      '=HYPERLINK("http://evil.example") שלום, what does it cost?',
      "+972 50 123 4567 is my number; here is a photo",
    ]);
    expect(Object.keys(body.session.messages[0]!).sort()).toEqual([
      "aiResponse",
      "cost",
      "id",
      "images",
      "messageType",
      "operatorName",
      "role",
      "timestamp",
      "userMessage",
    ]);
    expect(body.session.messages.map((message) => message.role)).toEqual(["exchange", "exchange"]);
    expect(body.summary.totalMessages).toBe(2);
    expect(body.summary.totalCost).toBe(body.session.messages.reduce((sum, message) => sum + message.cost, 0));
    expect(Object.values(body.summary.messageTypes).reduce((sum, count) => sum + count, 0)).toBe(2);

    const image = body.session.messages[1]!.images[0]!;
    expect(image).toMatchObject({ name: "photo.png", mime: "image/png" });
    const served = await get(image.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await served.arrayBuffer()).toString("base64")).toBe(TINY_PNG);
    expect((await request(image.url)).status).toBe(302);
    expect((await get(image.url.replace(sessionId, "someone-elses-session"))).status).toBe(404);
  });

  it("streams the CSV with a byte-order mark, the export's columns in order then role and channel, formulas guarded", async () => {
    const response = await get(`/api/admin/export-session/${clientId}/${sessionId}?format=csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="session-[\w-]+\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual(BOM);
    const rows = parseCsv(new TextDecoder().decode(bytes));
    expect(rows[0]).toEqual(["Timestamp", "User Message", "AI Response", "Message Type", "Cost", "Role", "Channel"]);
    expect(rows).toHaveLength(3);
    expect(rows[1]![1]).toBe('\'=HYPERLINK("http://evil.example") שלום, what does it cost?');
    expect(rows[2]![1]).toBe("'+972 50 123 4567 is my number; here is a photo");
    expect(rows[1]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows[1]![4]).toMatch(/^\d+\.\d{2}$/);
    expect(rows[1]![5]).toBe("Visitor and Alex");
    expect(rows[1]![6]).toBe("Website");
  });

  it("writes the Hebrew CSV in Hebrew: its headers, who wrote each row and the message types", async () => {
    const json = (await (await get(`/api/admin/export-session/${clientId}/${sessionId}`)).json()) as {
      session: { messages: { messageType: string }[] };
    };
    const response = await get(
      `/api/admin/export-session/${clientId}/${sessionId}?format=csv`,
      await languageCookie("he"),
    );
    expect(response.status).toBe(200);
    const rows = parseCsv(new TextDecoder().decode(await response.arrayBuffer()));
    expect(rows[0]).toEqual(["זמן", "הודעת המשתמש", "תשובת AI", "סוג הודעה", "עלות", "תפקיד", "ערוץ"]);
    const hebrewTypes = { conversation: "שיחה", article: "מאמר", solution: "פתרון" } as Record<string, string>;
    json.session.messages.forEach((message, index) => {
      const type = rows[index + 1]![3]!;
      expect(type, message.messageType).not.toBe(message.messageType);
      expect(type).toMatch(/[\u0590-\u05FF]/);
      if (hebrewTypes[message.messageType]) expect(type).toBe(hebrewTypes[message.messageType]);
    });
    expect(rows[1]![5]).toBe("המבקר/ת ו-Alex");
  });

  it("answers 404 {success: false} for another client's session, an unknown one, or a bad client id", async () => {
    for (const path of [
      `/api/admin/export-session/${clientId + 1}/${sessionId}`,
      `/api/admin/export-session/${clientId + 1}/${sessionId}?format=csv`,
      `/api/admin/export-session/${clientId}/no-such-session`,
      `/api/admin/export-session/abc/${sessionId}`,
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ success: false, error: "Session not found" });
    }
    expect((await get(`/api/admin/export-session/${clientId}/bad%00id`)).status).toBe(400);
    const badFormat = await get(`/api/admin/export-session/${clientId}/${sessionId}?format=xlsx`);
    expect(badFormat.status).toBe(400);
    expect(await badFormat.json()).toEqual({ success: false, error: "Invalid parameter: format" });
  });

  it("shows the session on its detail page, and 'Session Not Found' for an unknown one", async () => {
    const page = await get(`/admin/session/${sessionId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(sessionId);
    expect(html).toContain("Back to Sessions");
    expect(html).toContain("is my number");
    expect(html).toContain(`/admin/session/${sessionId}/images/`);

    const missing = await get("/admin/session/no-such-session");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Session Not Found");
    // A NUL in the address never reaches a page: the front door refuses it with the reason.
    for (const path of ["/admin/session/bad%00id%27", "/admin/session/bad%00id/images/1"]) {
      const refused = await get(path);
      expect(refused.status, path).toBe(400);
      expect(await refused.text()).toContain("a NUL byte");
    }
  });
});

describe("the monitor page", () => {
  it("renders the filters from the URL, with or without JavaScript", async () => {
    const response = await get("/admin/chat-sessions?period=all&search=203.0.113&page=2");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Chat Sessions Monitor");
    expect(html).toMatch(/<option value="all" selected="">All Time<\/option>/);
    expect(html).toContain('value="203.0.113"');
    expect(html).toMatch(/Showing 10 of [\d,]+ sessions \(Page 2 of \d+\)/);

    const empty = await (await get("/admin/chat-sessions?search=zzzz-nothing")).text();
    expect(empty).toContain("No sessions found matching &quot;zzzz-nothing&quot;");
    const hebrew = await (await get("/admin/chat-sessions?period=bogus", await languageCookie("he"))).text();
    expect(hebrew).toContain("מעקב שיחות צ&#x27;אט");

    // The channel filter: kept from the URL, a bad one falls back to every channel like the other filters.
    const whatsapp = await (await get("/admin/chat-sessions?period=all&channel=whatsapp")).text();
    expect(whatsapp).toMatch(/<option value="whatsapp" selected="">WhatsApp<\/option>/);
    expect(whatsapp).toMatch(/Showing 1 of 1 sessions/);
    const bogus = await get("/admin/chat-sessions?channel=sms", await languageCookie("he"));
    expect(bogus.status).toBe(200);
    expect(await bogus.text()).toMatch(/<option value="" selected="">כל הערוצים<\/option>/);
  });
});
