import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatSessions, operators } from "#db/schema.ts";
import { MESSAGE_MAX_LENGTH } from "~/conversations/chat-contract.ts";
import { insertClient } from "../../support/factories.ts";
import { uniqueIp } from "../../support/http.ts";
import { startServer, TEST_ADMIN, type RunningServer } from "../../support/server.ts";

/**
 * Take-over over real HTTP: the session page's posts (app/handoff/handoff-page.server.ts) and the
 * visitor's stream (app/widget/chat-events.server.ts), on a server whose database holds one session
 * another operator already holds and one of another client.
 */
const LICENSE = { mine: "alex_0000000000000000000000000000b0b0", other: "alex_0000000000000000000000000000b0b1" };
const SESSION = {
  taken: "sess_handoff_http_taken",
  heldByOther: "sess_handoff_http_held_by_other",
  spare: ["sess_handoff_http_spare_1", "sess_handoff_http_spare_2"],
  ofOtherClient: "sess_handoff_http_of_other_client",
};
const OTHER_OPERATOR = "dana";

let server: RunningServer;
const cookies: Record<"he" | "en", string> = { he: "", en: "" };

beforeAll(async () => {
  server = await startServer(
    {},
    {
      prepareDatabase: async (db) => {
        const { id: mine } = await insertClient(db, { licenseKey: LICENSE.mine, websiteDomain: "mine.example" });
        const { id: other } = await insertClient(db, { licenseKey: LICENSE.other, websiteDomain: "other.example" });
        const [dana] = await db
          .insert(operators)
          .values({ username: OTHER_OPERATOR, passwordHash: "x" })
          .returning({ id: operators.id });
        await db
          .insert(chatSessions)
          .values([
            { publicId: SESSION.taken, clientId: mine },
            { publicId: SESSION.heldByOther, clientId: mine, heldBy: dana!.id, heldAt: new Date() },
            ...SESSION.spare.map((publicId) => ({ publicId, clientId: mine })),
            { publicId: SESSION.ofOtherClient, clientId: other },
          ]);
      },
    },
  );
  for (const language of ["he", "en"] as const) {
    const choice = await fetch(new URL(`/?lng=${language}`, server.url), { redirect: "manual" });
    const lng = choice.headers
      .getSetCookie()
      .find((value) => value.startsWith("lng="))!
      .split(";")[0]!;
    const login = await fetch(new URL("/login", server.url), {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: lng, "X-Forwarded-For": uniqueIp() },
      body: new URLSearchParams(TEST_ADMIN),
    });
    const session = login.headers.getSetCookie().find((value) => value.startsWith("alex_session="));
    expect(login.status).toBe(302);
    cookies[language] = `${session!.split(";")[0]}; ${lng}`;
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

function post(sessionId: string, fields: Record<string, string>, cookie = cookies.en) {
  return fetch(new URL(`/admin/session/${sessionId}`, server.url), {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, "X-Forwarded-For": uniqueIp() },
    body: new URLSearchParams(fields),
  });
}

type Frame = Record<string, unknown>;

/** A visitor's open stream: its `chat` frames as they arrive, and the connection to close. */
async function openStream(license: string, sessionId: string, ip = uniqueIp()) {
  const controller = new AbortController();
  const response = await fetch(
    new URL(`/api/wordpress/chat-events?license=${license}&sessionId=${sessionId}`, server.url),
    { headers: { "X-Forwarded-For": ip, Accept: "text/event-stream" }, signal: controller.signal },
  );
  const frames: Frame[] = [];
  const reading = (async () => {
    if (!response.headers.get("Content-Type")?.startsWith("text/event-stream")) return;
    const decoder = new TextDecoder();
    let text = "";
    try {
      for await (const chunk of response.body!) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = text.indexOf("\n\n")) >= 0) {
          const data = /^data: (.*)$/m.exec(text.slice(0, end))?.[1];
          text = text.slice(end + 2);
          if (data) frames.push(JSON.parse(data) as Frame);
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return {
    response,
    frames,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

async function until<T>(find: () => T | undefined, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Nothing arrived within ${ms} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the session page's take-over posts", () => {
  it("sends a visitor without an operator session to the login page", async () => {
    const response = await post(SESSION.taken, { intent: "take-over" }, "");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it.each([
    ["he", "פעולה לא מוכרת."],
    ["en", "Unknown action."],
  ] as const)("refuses an unknown intent with 400 (%s)", async (language, message) => {
    const response = await post(SESSION.taken, { intent: "delete-everything" }, cookies[language]);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it.each([
    ["he", "", "כתבו תשובה."],
    ["en", "", "Write a reply."],
    ["he", "א".repeat(MESSAGE_MAX_LENGTH + 1), `התשובה ארוכה מדי (עד ${MESSAGE_MAX_LENGTH} תווים).`],
    ["en", "a".repeat(MESSAGE_MAX_LENGTH + 1), `The reply is too long (${MESSAGE_MAX_LENGTH} characters at most).`],
  ] as const)("refuses a reply of a bad length with 400 (%s)", async (language, reply, message) => {
    const response = await post(SESSION.taken, { intent: "reply", reply }, cookies[language]);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it.each([
    ["he", `${OTHER_OPERATOR} כבר מחזיק/ה בשיחה הזו.`],
    ["en", `${OTHER_OPERATOR} already holds this conversation.`],
  ] as const)("refuses a session another operator holds with 409 naming them (%s)", async (language, message) => {
    const response = await post(SESSION.heldByOther, { intent: "take-over" }, cookies[language]);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(message);
  });
});

describe("GET /api/wordpress/chat-events", () => {
  it("answers 404 to an unknown licence and to a session of another client", async () => {
    const unknown = await openStream("alex_0000000000000000000000000000dead", SESSION.taken);
    expect(unknown.response.status).toBe(404);
    expect(await unknown.response.json()).toHaveProperty("error");
    const foreign = await openStream(LICENSE.mine, SESSION.ofOtherClient);
    expect(foreign.response.status).toBe(404);
    expect(await foreign.response.json()).toHaveProperty("error");
  });

  it("answers 429 to an address over its cap of open streams", async () => {
    const ip = uniqueIp();
    // Three a session at most, so the address's six span two sessions.
    const open = await Promise.all(
      [...SESSION.spare, ...SESSION.spare, ...SESSION.spare].map((id) => openStream(LICENSE.mine, id, ip)),
    );
    expect(open.map((stream) => stream.response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const over = await openStream(LICENSE.mine, SESSION.taken, ip);
    expect(over.response.status).toBe(429);
    expect(await over.response.json()).toHaveProperty("error");
    await Promise.all(open.map((stream) => stream.close()));
  });

  it("tells the visitor a person joined, then brings the operator's reply", async () => {
    const stream = await openStream(LICENSE.mine, SESSION.taken);
    expect(stream.response.status).toBe(200);
    expect((await post(SESSION.taken, { intent: "take-over" })).status).toBe(302);
    await until(() => stream.frames.find((frame) => frame.kind === "joined"));
    const reply = await post(SESSION.taken, { intent: "reply", reply: "Hi, this is Noa from the team." });
    expect(reply.status).toBe(302);
    const frame = await until(() => stream.frames.find((candidate) => candidate.kind === "message"));
    expect(frame).toMatchObject({ role: "operator", text: "Hi, this is Noa from the team." });
    expect((await post(SESSION.taken, { intent: "hand-back" })).status).toBe(302);
    await until(() => stream.frames.find((candidate) => candidate.kind === "left"));
    await stream.close();
  });
});
