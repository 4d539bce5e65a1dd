import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveEventBus } from "#db/connection.ts";
import { eq } from "drizzle-orm";
import { authSessions, operators } from "#db/schema.ts";
import { isAuthSessionLive } from "~/auth/session.server.ts";
import { liveEventStream } from "~/live/live-stream.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { baseUrl, loginAsOperator, request, uniqueIp } from "../../support/http.ts";
import { startServer, type RunningServer } from "../../support/server.ts";

type Frame = { event: string; data: Record<string, unknown> };

/** An operator's open stream: its frames as they arrive, and the connection to close. */
async function openStream(base: string, cookie: string, query = "") {
  const controller = new AbortController();
  const response = await fetch(`${base}/admin/live${query}`, {
    headers: { Cookie: cookie, Accept: "text/event-stream", "Accept-Encoding": "gzip, deflate, br" },
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  let text = "";
  const reading = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = text.indexOf("\n\n")) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) frames.push({ event, data: JSON.parse(data) as Record<string, unknown> });
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return {
    response,
    frames,
    /** Settles when the server ends the stream (or the test closes it). */
    ended: reading,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

/**
 * The license of a client the operator adds through the clients API: a server without the demo data has
 * only the public demo's client, whose conversations the back office never hears.
 */
async function clientLicense(base: string, cookie: string) {
  const response = await fetch(`${base}/api/clients`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json", "X-Forwarded-For": uniqueIp() },
    body: JSON.stringify({
      businessName: "Live events business",
      ownerEmail: "owner@live-events.example",
      websiteDomain: "live-events.example",
      businessType: "services",
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { licenseKey: string }).licenseKey;
}

function postMessage(base: string, license: string, sessionId: string | null = null) {
  return fetch(`${base}/api/wordpress/messages`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": uniqueIp() },
    body: JSON.stringify({ license, sessionId, clientMessageId: randomUUID(), message: "כמה עולה המנוי?" }),
  });
}

async function until<T>(find: () => T | undefined, ms = 1000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Nothing arrived within ${ms} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function liveStreamSuite(base: () => string, login: () => Promise<string>) {
  it("ends an open stream when its session logs out, and hears nothing after", async () => {
    const cookie = await login();
    const other = await login();
    const license = await clientLicense(base(), cookie);
    const stream = await openStream(base(), cookie);
    const stillOpen = await openStream(base(), other);
    try {
      expect(stream.response.status).toBe(200);
      const loggedOut = await fetch(`${base()}/logout`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie },
      });
      expect(loggedOut.status).toBe(302);
      let ended = false;
      void stream.ended.then(() => (ended = true));
      await until(() => (ended ? true : undefined));
      const answer = (await (await postMessage(base(), license)).json()) as { messageId: number };
      // Another operator's stream goes on: the logout ended that session's streams only.
      await until(() => stillOpen.frames.find((f) => f.data.messageId === answer.messageId));
      expect(stream.frames.some((f) => f.data.messageId === answer.messageId)).toBe(false);
      // Its cookie opens no new one either.
      const again = await fetch(`${base()}/admin/live`, {
        redirect: "manual",
        headers: { Cookie: cookie, Accept: "text/event-stream" },
      });
      expect(again.status).toBe(302);
    } finally {
      await stream.close();
      await stillOpen.close();
    }
  });

  it("refuses a visitor without an operator session: off to the login page", async () => {
    const response = await fetch(`${base()}/admin/live`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Flive");
    expect(response.headers.get("Content-Type") ?? "").not.toMatch(/event-stream/);
  });

  it("streams a message frame within a second of a visitor's message, uncompressed and still open", async () => {
    const cookie = await login();
    const license = await clientLicense(base(), cookie);
    const stream = await openStream(base(), cookie);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
      expect(stream.response.headers.get("Cache-Control")).toMatch(/no-store/);
      expect(stream.response.headers.get("X-Accel-Buffering")).toBe("no");
      expect(stream.response.headers.get("Content-Encoding")).toBeNull();

      const posted = Date.now();
      const answer = (await (await postMessage(base(), license)).json()) as { sessionId: string; messageId: number };
      // until() allows a second from the answer: the frame is published as the message is stored.
      const frame = await until(() =>
        stream.frames.find((f) => f.event === "message" && f.data.messageId === answer.messageId),
      );
      expect(frame.data).toMatchObject({ type: "message", sessionId: answer.sessionId, role: "exchange" });
      expect(frame.data.receivedAt).toBeGreaterThanOrEqual(posted - 1000);
      // A new session is announced before its first message, on PostgreSQL's pooled connections too.
      const sessionFrame = stream.frames.findIndex(
        (f) => f.event === "session" && f.data.sessionId === answer.sessionId,
      );
      expect(sessionFrame).toBeGreaterThanOrEqual(0);
      expect(sessionFrame).toBeLessThan(stream.frames.indexOf(frame));
    } finally {
      await stream.close();
    }
  });

  it("hears only the asked session with ?sessionId=, and refuses a malformed filter with a 400", async () => {
    const cookie = await login();
    const license = await clientLicense(base(), cookie);
    const first = (await (await postMessage(base(), license)).json()) as { sessionId: string };
    const stream = await openStream(base(), cookie, `?sessionId=${first.sessionId}`);
    try {
      const other = (await (await postMessage(base(), license)).json()) as { messageId: number };
      const same = (await (await postMessage(base(), license, first.sessionId)).json()) as { messageId: number };
      await until(() => stream.frames.find((f) => f.data.messageId === same.messageId));
      expect(stream.frames.every((f) => f.data.sessionId === first.sessionId)).toBe(true);
      expect(stream.frames.some((f) => f.data.messageId === other.messageId)).toBe(false);
    } finally {
      await stream.close();
    }
    const refused = await fetch(`${base()}/admin/live?clientId=abc`, { headers: { Cookie: cookie } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBeTruthy();
    // Not an EventSource (React Router's `.data` fetch, a browser tab): a 406 that ends, in the operator's language.
    const notAStream = await fetch(`${base()}/admin/live?lng=en`, { headers: { Cookie: cookie, Accept: "image/png" } });
    expect(notAStream.status).toBe(406);
    expect(((await notAStream.json()) as { error: string }).error).toContain("text/event-stream");
    // React Router's own fetch of the route's data gets a refusal too, which ends.
    const dataFetch = await fetch(`${base()}/admin/live.data`, { headers: { Cookie: cookie } });
    await dataFetch.text();
    expect(dataFetch.status).toBeGreaterThanOrEqual(400);
  });
}

describe("GET /admin/live on the shared server (PGlite)", () => {
  liveStreamSuite(baseUrl, () => loginAsOperator());

  it("answers a stray POST with a 405, not a stream", async () => {
    const response = await request("/admin/live", { method: "POST", headers: { Cookie: await loginAsOperator() } });
    expect(response.status).toBe(405);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("GET /admin/live on PostgreSQL (NOTIFY/LISTEN)", () => {
  let server: RunningServer;
  let closeDatabase: () => Promise<void>;
  beforeAll(async () => {
    const database = await openTestDatabase("postgres");
    closeDatabase = database.close;
    server = await startServer({
      DATABASE_URL: database.url!,
      SESSION_SECRET: "a-live-events-session-secret-0123456789",
      CREDENTIALS_KEY: "ab".repeat(32),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await closeDatabase?.();
  });
  liveStreamSuite(
    () => server.url,
    async () => {
      const response = await fetch(`${server.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "X-Forwarded-For": uniqueIp() },
        body: new URLSearchParams({ username: "operator", password: "correct-horse-battery" }),
      });
      return response.headers
        .getSetCookie()
        .find((c) => c.startsWith("alex_session="))!
        .split(";")[0]!;
    },
  );
});

describe.each(testDrivers)("the live stream of a session that ended elsewhere (%s)", (driver) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** A signed-in operator's session row, as the login writes it; answers its id. */
  async function signedInSession(expiresAt: Date) {
    const [operator] = await handle.db
      .insert(operators)
      .values({ username: `op-${randomUUID()}`, passwordHash: "not-a-hash" })
      .returning({ id: operators.id });
    const id = randomUUID();
    await handle.db.insert(authSessions).values({ id, operatorId: operator!.id, expiresAt, ip: "127.0.0.1" });
    return id;
  }

  /** Reads the stream until it ends; answers what it carried. */
  async function readToEnd(response: Response) {
    let text = "";
    for await (const chunk of response.body!) text += new TextDecoder().decode(chunk as Uint8Array);
    return text;
  }

  async function streamOf(sessionId: string) {
    const bus: LiveEventBus = { publish: async () => {}, subscribe: async () => () => {} };
    return liveEventStream(bus, {}, new AbortController().signal, {
      heartbeatMs: 20,
      owner: { sessionId, stillSignedIn: () => isAuthSessionLive(handle.db, sessionId) },
    });
  }

  it("ends at the first heartbeat after the session row is gone (a logout on another app server)", async () => {
    const sessionId = await signedInSession(new Date(Date.now() + 60_000));
    const response = await streamOf(sessionId);
    const reader = response.body!.getReader();
    // Heartbeats while it is signed in: the stream lives.
    let text = "";
    while ((text.match(/: heartbeat/g) ?? []).length < 3) text += new TextDecoder().decode((await reader.read()).value);
    reader.releaseLock();
    await handle.db.delete(authSessions).where(eq(authSessions.id, sessionId));
    await readToEnd(response);
  });

  it("ends at the first heartbeat after the session expired", async () => {
    const expiresAt = Date.now() + 150;
    const sessionId = await signedInSession(new Date(expiresAt));
    await readToEnd(await streamOf(sessionId));
    // Not before the session's end: a slow machine may open the stream after it, never end it sooner.
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt - 10);
  });
});

describe("the live stream's subscription", () => {
  /** The in-memory bus, counting its subscribers. */
  function countingBus() {
    const listeners = new Set<(payload: string) => void>();
    const bus: LiveEventBus = {
      publish: async (payload) => listeners.forEach((listener) => listener(payload)),
      subscribe: async (listener) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    };
    return { bus, count: () => listeners.size };
  }

  it("ends when the request is aborted: no listener and no heartbeat left behind", async () => {
    const { bus, count } = countingBus();
    const streams = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const controller = new AbortController();
        const response = await liveEventStream(bus, {}, controller.signal, { heartbeatMs: 5 });
        return { controller, reader: response.body!.getReader() };
      }),
    );
    expect(count()).toBe(50);
    for (const { controller } of streams) controller.abort();
    expect(count()).toBe(0);
    for (const { reader } of streams) {
      // The greeting, then the end: nothing more is written after the abort.
      const chunks: string[] = [];
      for (let read = await reader.read(); !read.done; read = await reader.read())
        chunks.push(new TextDecoder().decode(read.value));
      expect(chunks.join("")).toBe("retry: 3000\n: connected\n\n");
    }
  });

  it("ends when the reader cancels the stream, and sends heartbeats while open", async () => {
    const { bus, count } = countingBus();
    const response = await liveEventStream(bus, {}, new AbortController().signal, { heartbeatMs: 5 });
    const reader = response.body!.getReader();
    let text = "";
    while (!text.includes(": heartbeat")) text += new TextDecoder().decode((await reader.read()).value);
    expect(count()).toBe(1);
    await reader.cancel();
    expect(count()).toBe(0);
  });
});
