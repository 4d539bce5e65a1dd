import { gzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatSessions, clientPrivacy, clients, messageImages, messages, trainingConfigs } from "#db/schema.ts";
import { inspectEmbeddedDatabase, startServer, type RunningServer } from "../../support/server.ts";
import { uniqueIp } from "../../support/http.ts";
import { insertClient } from "../../support/factories.ts";

/**
 * The chat UI and the two visitor endpoints beside the message API, on a server of their own whose
 * database holds clients in every state: the widget's answers depend on a client's status and domain.
 */
const LICENSE = {
  active: "alex_000000000000000000000000000000a0",
  quiet: "alex_000000000000000000000000000000a1",
  suspended: "alex_000000000000000000000000000000a2",
  cancelled: "alex_000000000000000000000000000000a3",
};
const SESSION = { withMessages: "sess_widget_test_with_messages", ofQuietClient: "sess_widget_test_of_quiet_client" };
const GREETING = "שלום! כאן חנות המבחן, במה אפשר לעזור?";

let server: RunningServer;
const url = (path: string) => new URL(path, server.url);

function get(path: string, init: RequestInit & { ip?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("X-Forwarded-For", init.ip ?? uniqueIp());
  return fetch(url(path), { ...init, headers, redirect: "manual" });
}

const postJson = (path: string, body: unknown, init: { ip?: string; headers?: Record<string, string> } = {}) =>
  get(path, {
    method: "POST",
    ip: init.ip,
    headers: { "Content-Type": "application/json", ...init.headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

beforeAll(async () => {
  server = await startServer(
    {},
    {
      prepareDatabase: async (db) => {
        const { id: active } = await insertClient(db, {
          licenseKey: LICENSE.active,
          businessName: "חנות המבחן",
          businessType: "retail",
          websiteDomain: "https://www.framed-shop.example:8443/",
        });
        await db.insert(trainingConfigs).values({ clientId: active, businessType: "retail", greeting: GREETING });
        const { id: quiet } = await insertClient(db, {
          licenseKey: LICENSE.quiet,
          businessName: "Quiet Shop",
          businessType: "retail",
          websiteDomain: "quiet.example",
        });
        await db
          .insert(clientPrivacy)
          .values({ clientId: quiet, askConsent: false, privacyPolicyUrl: "https://quiet.example/privacy" });
        await insertClient(db, { licenseKey: LICENSE.suspended, status: "suspended", websiteDomain: "test.example" });
        await insertClient(db, { licenseKey: LICENSE.cancelled, status: "cancelled", websiteDomain: "test.example" });
        const [session] = await db
          .insert(chatSessions)
          .values({ publicId: SESSION.withMessages, clientId: active, messageCount: 2 })
          .returning({ id: chatSessions.id });
        await db.insert(chatSessions).values({ publicId: SESSION.ofQuietClient, clientId: quiet });
        const [first] = await db
          .insert(messages)
          .values({
            sessionId: session!.id,
            clientId: active,
            userMessage: "יש לכם משלוחים?",
            aiResponse: "כן, לכל הארץ.",
            messageType: "conversation",
            costCents: 100,
            createdAt: new Date(Date.now() - 60_000),
          })
          .returning({ id: messages.id });
        await db
          .insert(messageImages)
          .values({ messageId: first!.id, clientId: active, name: "a.png", mime: "image/png", size: 3 });
        await db.insert(messages).values({
          sessionId: session!.id,
          clientId: active,
          userMessage: "And returns?",
          aiResponse: "Within 14 days.",
        });
      },
    },
  );
});

afterAll(async () => {
  await server?.stop();
});

const nonceOf = (csp: string) => /script-src 'nonce-([^']+)'/.exec(csp)?.[1];

describe("GET /api/wordpress/chat-ui", () => {
  it("serves the client's chat in Hebrew by default, with its greeting, its name and a policy of its own", async () => {
    const response = await get(`/api/wordpress/chat-ui?license=${LICENSE.active}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(response.headers.get("X-Frame-Options")).toBeNull();
    const csp = response.headers.get("Content-Security-Policy")!;
    const nonce = nonceOf(csp);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(csp.split("; ")).toEqual([
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      `style-src 'nonce-${nonce}'`,
      "img-src 'self' data: blob:",
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'self' https://framed-shop.example:8443 https://www.framed-shop.example:8443",
    ]);
    expect(csp).not.toContain("unsafe-inline");

    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="he" dir="rtl">/);
    expect(html).toContain(GREETING);
    expect(html).toContain("<bdi>חנות המבחן</bdi>");
    expect(html).toContain('role="log"');
    expect(html).toMatch(/<textarea[^>]*dir="auto"/);
    // Every script and style is inline with the nonce: nothing else to load.
    expect(html.match(/<script nonce="/g)).toHaveLength(1);
    expect(html.match(/<style nonce="/g)).toHaveLength(1);
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).not.toMatch(/<script[^>]* src=|<link[^>]*stylesheet/);
    const config = JSON.parse(/<script id="alex-config" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(config).toMatchObject({
      license: LICENSE.active,
      language: "he",
      maxMessageLength: 2000,
      endpoints: {
        messages: "/api/wordpress/messages?lng=he",
        history: "/api/wordpress/history?lng=he",
        feedback: "/api/wordpress/feedback?lng=he",
      },
    });
    expect(config.texts.feedbackQuestion).toBe("האם זה עזר לך?");
  });

  it("asks consent and links our policy by default; a client may link its own and not ask", async () => {
    const asking = await (await get(`/api/wordpress/chat-ui?license=${LICENSE.active}`)).text();
    expect(asking).toContain(
      '<input type="checkbox" id="alex-consent"/><label for="alex-consent">אני מסכים/ה שחנות המבחן ישמרו את הפרטים שלי כדי ליצור איתי קשר</label>',
    );
    expect(asking).toMatch(
      /<a href="https?:\/\/[^"]+\/privacy\?lng=he" target="_blank" rel="noopener noreferrer">מדיניות הפרטיות<\/a>/,
    );
    const quiet = await (await get(`/api/wordpress/chat-ui?license=${LICENSE.quiet}&lang=en`)).text();
    expect(quiet).not.toContain(`id="alex-consent"`);
    expect(quiet).toContain(
      '<a href="https://quiet.example/privacy" target="_blank" rel="noopener noreferrer">Privacy policy</a>',
    );
  });

  it("keeps its whole first load within 25 KB gzipped", async () => {
    const html = Buffer.from(await (await get(`/api/wordpress/chat-ui?license=${LICENSE.active}`)).arrayBuffer());
    expect(gzipSync(html).length).toBeLessThanOrEqual(25 * 1024);
  });

  it("speaks English when the plugin passes an English site's language, and a default greeting without a configured one", async () => {
    const html = await (await get(`/api/wordpress/chat-ui?license=${LICENSE.quiet}&lang=en`)).text();
    expect(html).toMatch(/<html lang="en" dir="ltr">/);
    expect(html).toContain("Hello! How can I help you today?");
    expect(html).toContain("<title>Chat with Quiet Shop</title>");
    expect(html).toContain('"feedback":"/api/wordpress/feedback?lng=en"');
  });

  it("greets in the chat's language: a Hebrew greeting is not shown in an English chat", async () => {
    const html = await (await get(`/api/wordpress/chat-ui?license=${LICENSE.active}&lang=en`)).text();
    expect(html).toMatch(/<html lang="en" dir="ltr">/);
    expect(html).toContain("Hello! How can I help you today?");
    expect(html).not.toContain(GREETING);
  });

  it("lets only the client's own domain and its www. frame it", async () => {
    const csp = (await get(`/api/wordpress/chat-ui?license=${LICENSE.quiet}`)).headers.get("Content-Security-Policy")!;
    expect(csp).toContain(
      "frame-ancestors 'self' https://quiet.example http://quiet.example https://www.quiet.example http://www.quiet.example",
    );
  });

  it("answers an unknown or missing license with a 404 page, its close button's script alone, and nothing of the key", async () => {
    for (const path of [
      "/api/wordpress/chat-ui?license=alex_nosuchlicense",
      "/api/wordpress/chat-ui",
      "/api/wordpress/chat-ui?license=%3Cscript%3E&lang=en",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      const html = await response.text();
      expect(html.match(/<script[^>]*>/g)).toEqual([expect.stringMatching(/^<script nonce="[^"]+">$/)]);
      expect(html).not.toMatch(/%3Cscript|&lt;script/);
      expect(html).toMatch(/<button type="button" id="alex-close"[^>]* hidden="">/);
      expect(html).toMatch(path.endsWith("lang=en") ? /<h1>Chat not found<\/h1>/ : /<h1>הצ׳אט לא נמצא<\/h1>/);
    }
  });

  it("shows a suspended or cancelled client's visitors a polite 'unavailable' page, and nothing to send with", async () => {
    for (const license of [LICENSE.suspended, LICENSE.cancelled]) {
      const response = await get(`/api/wordpress/chat-ui?license=${license}&lang=en`);
      expect(response.status).toBe(403);
      const html = await response.text();
      expect(html).toContain("<h1>The chat is unavailable</h1>");
      // Only the close button's script: nothing to send with.
      expect(html.match(/<script[^>]*>/g)).toEqual([expect.stringMatching(/^<script nonce="[^"]+">$/)]);
      expect(html).not.toContain("alex-config");
      expect(html).not.toContain("<textarea");
      expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'self' https://test.example");
    }
  });
});

describe("GET /api/wordpress/history", () => {
  it("gives the session's messages oldest first, with how many images each had", async () => {
    const response = await get(`/api/wordpress/history?license=${LICENSE.active}&sessionId=${SESSION.withMessages}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as {
      sessionId: string;
      messages: { userMessage: string; aiResponse: string; images: number }[];
    };
    expect(body.sessionId).toBe(SESSION.withMessages);
    expect(body.messages.map(({ userMessage, aiResponse, images }) => ({ userMessage, aiResponse, images }))).toEqual([
      { userMessage: "יש לכם משלוחים?", aiResponse: "כן, לכל הארץ.", images: 1 },
      { userMessage: "And returns?", aiResponse: "Within 14 days.", images: 0 },
    ]);
  });

  it("refuses a session of another client, an unknown license, an inactive client and a missing id", async () => {
    const cases = [
      [`license=${LICENSE.active}&sessionId=${SESSION.ofQuietClient}&lng=en`, 404, "This conversation was not found."],
      [`license=alex_nosuchlicense&sessionId=${SESSION.withMessages}&lng=en`, 404, "This chat link is not valid."],
      [
        `license=${LICENSE.suspended}&sessionId=${SESSION.withMessages}&lng=en`,
        403,
        "This chat is not available at the moment.",
      ],
      [`license=${LICENSE.active}`, 400, "הבקשה אינה תקינה."],
    ] as const;
    for (const [query, status, error] of cases) {
      const response = await get(`/api/wordpress/history?${query}`);
      expect(response.status, query).toBe(status);
      expect(await response.json()).toEqual({ error });
    }
  });

  it("is rate limited per address", async () => {
    const ip = uniqueIp();
    const path = `/api/wordpress/history?license=${LICENSE.active}&sessionId=${SESSION.withMessages}`;
    for (let attempt = 0; attempt < 30; attempt++) expect((await get(path, { ip })).status).toBe(200);
    const refused = await get(path, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await get(path)).status).toBe(200);
  });
});

describe("POST /api/wordpress/feedback", () => {
  const feedback = (helpful: unknown, overrides: Record<string, unknown> = {}) => ({
    license: LICENSE.active,
    sessionId: SESSION.withMessages,
    helpful,
    ...overrides,
  });

  it("refuses what is not a small JSON object of the right shape, in the visitor's language", async () => {
    const cases: [string, unknown, Record<string, string>, number, string][] = [
      ["/api/wordpress/feedback?lng=en", "not json", {}, 400, "Send the request as a JSON object."],
      [
        "/api/wordpress/feedback?lng=en",
        feedback(true),
        { "Content-Type": "text/plain" },
        415,
        "Send the request with the Content-Type application/json.",
      ],
      [
        "/api/wordpress/feedback?lng=en",
        feedback(true, { padding: "x".repeat(2000) }),
        {},
        413,
        "The request is too large.",
      ],
      ["/api/wordpress/feedback?lng=en", feedback("yes"), {}, 400, "The request is not valid."],
      ["/api/wordpress/feedback", feedback(true, { sessionId: "" }), {}, 400, "הבקשה אינה תקינה."],
      [
        "/api/wordpress/feedback?lng=en",
        feedback(true, { license: "alex_nosuchlicense" }),
        {},
        404,
        "This chat link is not valid.",
      ],
      [
        "/api/wordpress/feedback?lng=en",
        feedback(true, { sessionId: SESSION.ofQuietClient }),
        {},
        404,
        "This conversation was not found.",
      ],
      [
        "/api/wordpress/feedback?lng=en",
        feedback(true, { license: LICENSE.cancelled }),
        {},
        403,
        "This chat is not available at the moment.",
      ],
    ];
    for (const [path, body, headers, status, error] of cases) {
      const response = await postJson(path, body, { headers });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(await response.json()).toEqual({ error });
    }
  });

  it("answers in the widget's language without making it the visitor's choice for the site", async () => {
    const response = await postJson("/api/wordpress/feedback?lng=en", "not json");
    expect(response.status).toBe(400);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("answers other methods 405", async () => {
    const response = await get("/api/wordpress/feedback?lng=en");
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });

  it("is rate limited per address", async () => {
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 20; attempt++) {
      expect(
        (
          await postJson(
            "/api/wordpress/feedback",
            feedback(true, { sessionId: SESSION.ofQuietClient, license: LICENSE.quiet }),
            { ip },
          )
        ).status,
      ).toBe(204);
    }
    const refused = await postJson("/api/wordpress/feedback?lng=en", feedback(true), { ip });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: "Too many requests. Please wait a little and try again." });
  });

  it("stores one answer per session, the last one replacing the first, with its time", async () => {
    const before = Date.now();
    expect((await postJson("/api/wordpress/feedback", feedback(true))).status).toBe(204);
    const second = await postJson("/api/wordpress/feedback", feedback(false));
    expect(second.status).toBe(204);
    expect(await second.text()).toBe("");

    await server.stop({ keepData: true });
    const [stored] = await inspectEmbeddedDatabase(server.dataDir, (db) =>
      db
        .select({ helpful: chatSessions.helpful, feedbackAt: chatSessions.feedbackAt })
        .from(chatSessions)
        .where(eq(chatSessions.publicId, SESSION.withMessages)),
    );
    expect(stored!.helpful).toBe(false);
    expect(stored!.feedbackAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The chat UI of a suspended or cancelled client, and an unknown license, started nothing.
    const sessions = await inspectEmbeddedDatabase(server.dataDir, (db) =>
      db
        .select({ id: chatSessions.id })
        .from(chatSessions)
        .innerJoin(clients, eq(clients.id, chatSessions.clientId))
        .where(eq(clients.licenseKey, LICENSE.suspended)),
    );
    expect(sessions).toEqual([]);
  });
});
