import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionExport, SessionList } from "~/sessions/session-types.ts";
import { parseCsv } from "../../support/csv.ts";
import { loginAsOperator, request, seedClient } from "../../support/http.ts";

const DEMO_NAME = "Alex AI (public demo)";

let cookie: string;
const get = (path: string) => request(path, { headers: { Cookie: cookie } });
const getJson = async <T>(path: string) => (await (await get(path)).json()) as T;

/** A visitor's message to a client's chat, through the message API as the widget sends it. */
async function send(license: string, message: string, extra: { sessionId?: string; consent?: true } = {}) {
  const response = await request("/api/wordpress/messages", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ license, clientMessageId: randomUUID(), message, ...extra }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { sessionId: string; messageId: number; cost: number };
}

/** The operator's live stream (Server-Sent Events): the frames heard so far, and the connection to close. */
async function openLiveStream() {
  const controller = new AbortController();
  const stream = await request("/admin/live", {
    headers: { Cookie: cookie, Accept: "text/event-stream" },
    signal: controller.signal,
  });
  expect(stream.status).toBe(200);
  let text = "";
  const reading = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of stream.body!) text += decoder.decode(chunk as Uint8Array, { stream: true });
    } catch {
      // Aborted by close().
    }
  })();
  return {
    heard: () => text,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

async function until(check: () => boolean, ms = 2000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Nothing arrived within ${ms} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What the monitor's figures say of every session, on both session APIs. */
async function monitorFigures() {
  const [paged, whole] = await Promise.all([
    getJson<SessionList>("/api/admin/sessions?period=all"),
    getJson<SessionList>("/api/admin/chat-sessions?period=today"),
  ]);
  return {
    all: { sessions: paged.totalSessions, active: paged.activeSessions, messages: paged.totalMessages },
    today: { sessions: whole.totalSessions, active: whole.activeSessions, messages: whole.totalMessages },
  };
}

describe("the public demo stays apart from the operators' screens", () => {
  let demo: { id: number; licenseKey: string };
  let regular: { id: number; licenseKey: string };
  let demoSession: string;
  let regularSession: string;
  let demoReplies: { cost: number }[];
  let before: Awaited<ReturnType<typeof monitorFigures>>;
  let afterDemo: Awaited<ReturnType<typeof monitorFigures>>;
  let live: string;

  beforeAll(async () => {
    cookie = await loginAsOperator();
    const page = await (await request("/minimal-chat-demo")).text();
    const licenseKey = /alex_[0-9a-f]{32}/.exec(page)![0];
    const [listed] = await getJson<{ id: number; licenseKey: string }[]>(
      `/api/clients?${new URLSearchParams({ q: licenseKey, demo: "show" })}`,
    );
    demo = { id: listed!.id, licenseKey };
    regular = await seedClient(cookie);

    before = await monitorFigures();
    const stream = await openLiveStream();
    try {
      // A visitor of the public demo: a question, then a name and a phone with consent (a completed function).
      const first = await send(demo.licenseKey, "כמה עולה המנוי?");
      demoSession = first.sessionId;
      const second = await send(demo.licenseKey, "קוראים לי דנה כהן, הטלפון שלי 050-1234567", {
        sessionId: demoSession,
        consent: true,
      });
      demoReplies = [first, second];
      afterDemo = await monitorFigures();
      // A visitor of the seed's own client, heard after the demo's: the stream has carried everything before it.
      const control = await send(regular.licenseKey, "כמה עולה המנוי?");
      regularSession = control.sessionId;
      await until(() => stream.heard().includes(regularSession));
    } finally {
      live = stream.heard();
      await stream.close();
    }
  });

  it("costs nothing: the replies, the stored messages and the client's usage are $0", async () => {
    expect(demoReplies.map((reply) => reply.cost)).toEqual([0, 0]);
    const exported = await getJson<SessionExport>(`/api/admin/export-session/${demo.id}/${demoSession}`);
    expect(exported.session.messages.map((message) => message.cost)).toEqual([0, 0]);
    expect(exported.summary.totalCost).toBe(0);
    // The visitor's details did complete a function: it exists, and earns nothing.
    expect(exported.session.completedFunction).toMatchObject({ phone: "050-1234567", profitAmount: 0 });
    const usage = await getJson<{ totalCost: number; conversations: number }[]>(`/api/clients/${demo.id}/usage`);
    expect(usage.reduce((sum, day) => sum + day.totalCost, 0)).toBe(0);
  });

  it("is not in the monitor's list, its count or stat cards, or either sessions API; the seed's client is", async () => {
    expect(afterDemo).toEqual(before);
    for (const path of ["/api/admin/sessions", "/api/admin/chat-sessions"]) {
      const found = await getJson<SessionList>(`${path}?period=all&search=${demoSession}`);
      expect(found.totalSessions, path).toBe(0);
      expect(found.sessions, path).toEqual([]);
      const byClient = await getJson<SessionList>(`${path}?period=all&clientId=${demo.id}`);
      expect(byClient.totalSessions, path).toBe(0);
      const regularFound = await getJson<SessionList>(`${path}?period=all&search=${regularSession}`);
      expect(
        regularFound.sessions.map((session) => session.sessionId),
        path,
      ).toEqual([regularSession]);
    }
    // Searching by the demo's name finds none of its sessions either.
    const byName = await getJson<SessionList>(
      `/api/admin/sessions?period=all&search=${encodeURIComponent("public demo")}`,
    );
    expect(byName.totalSessions).toBe(0);

    const monitor = await (await get("/admin/chat-sessions?lng=en")).text();
    expect(monitor).not.toContain(demoSession);
    expect(monitor).toContain(regularSession);
    // No row of it, so no export of it offered from the monitor.
    expect(monitor).not.toContain(`/api/admin/export-session/${demo.id}/`);
  });

  it("keeps its own session page, as it was", async () => {
    expect((await get(`/admin/session/${demoSession}`)).status).toBe(200);
  });

  it("is not heard on the back office's live stream; the seed's client is", () => {
    expect(live).toContain(regularSession);
    expect(live).not.toContain(demoSession);
    expect(live).not.toContain(`"clientId":${demo.id},`);
  });

  it("is not in the completed functions: the list, its API, its figures or its CSV", async () => {
    const page = await (await get("/admin/completed-functions?lng=en")).text();
    expect(page).not.toContain(demoSession);
    expect(page).not.toContain(DEMO_NAME);
    const list = await getJson<{ clientId: number; sessionId: string | null }[]>("/api/completed-functions");
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((row) => row.clientId)).not.toContain(demo.id);
    expect(list.map((row) => row.sessionId)).not.toContain(demoSession);
    const csv = parseCsv(await (await get("/admin/completed-functions/export?lng=en")).text());
    expect(csv.length).toBeGreaterThan(1);
    expect(csv.flat()).not.toContain(demoSession);
    expect(csv.flat()).not.toContain(DEMO_NAME);
    const byClient = await (await get(`/admin/completed-functions?clientId=${demo.id}&lng=en`)).text();
    expect(byClient).not.toContain(demoSession);
  });

  it("is offered by no client picker but AI training's, and never chosen by default; the seed's client is", async () => {
    for (const path of [
      "/admin/system-status",
      `/admin/system-status?clientId=${demo.id}`,
      "/admin/chat-sessions",
      "/admin/completed-functions",
      "/admin/billing",
      "/admin/plugin",
    ]) {
      const html = await (await get(path)).text();
      expect(html, path).not.toContain(DEMO_NAME);
      expect(html, path).not.toContain(demo.licenseKey);
      expect(html, path).toContain("Alex AI");
    }
    // Its training is the provider's to keep: the AI training picker offers it last, chosen only on request.
    const training = await (await get("/admin/ai-training?lng=en")).text();
    const picker = /<select[^>]*id="training-client"[^>]*>([\s\S]*?)<\/select>/.exec(training)?.[1] ?? "";
    const options = [...picker.matchAll(/<option value="(\d*)"[^>]*>([^<]*)<\/option>/g)].map((match) => match[2]);
    expect(options.at(-1)).toBe(DEMO_NAME);
    expect(training).not.toContain(demo.licenseKey);
    const chosen = await (await get(`/admin/ai-training?clientId=${demo.id}&lng=en`)).text();
    expect(chosen).toMatch(new RegExp(`<option value="${demo.id}" selected="">`));
  });
});

describe("the public demo's name", () => {
  it("is the product's, Alex, in the demo page's and the investor chat's consent line", async () => {
    const demoPage = await (await request("/minimal-chat-demo")).text();
    expect(demoPage).not.toContain(DEMO_NAME);
    const investor = await (await request("/invest-he")).text();
    const chatUrl = /src="(\/api\/wordpress\/chat-ui\?[^"]+)"|href="(\/api\/wordpress\/chat-ui\?[^"]+)"/.exec(investor);
    const path = (chatUrl?.[1] ?? chatUrl?.[2])!.replaceAll("&amp;", "&");
    const chat = await (await request(path)).text();
    expect(chat).toContain("אני מסכים/ה שAlex ישמרו את הפרטים שלי כדי ליצור איתי קשר");
    expect(chat).not.toContain(DEMO_NAME);

    // Alex asking for the consent names the product too.
    const license = /alex_[0-9a-f]{32}/.exec(demoPage)![0];
    const asked = await request("/api/wordpress/messages", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ license, clientMessageId: randomUUID(), message: "קוראים לי דנה, 050-1234567" }),
    });
    const { reply } = (await asked.json()) as { reply: string };
    expect(reply).toContain("כך שAlex יוכלו לחזור אליכם");
    expect(reply).not.toContain(DEMO_NAME);
  });
});
