import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOpenAiStandIn, type OpenAiStandIn } from "../../support/openai-stand-in.ts";
import { startServer, type RunningServer } from "../../support/server.ts";
import { demoLicense, postMessage, sleep, visitorIp } from "../../support/traffic.ts";

const CHUNKS = Array.from({ length: 15 }, (_, index) => `part ${index + 1}. `);

/** Whether a fresh TCP connection to the port is accepted (a keep-alive socket of fetch's pool would hide a refusal). */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * SIGTERM while visitors wait for replies: the server stops taking connections at once, finishes
 * every request and stream in flight (each ends with its `done` event and the whole reply), then
 * closes the database and exits 0.
 */
describe("SIGTERM under load", () => {
  let standIn: OpenAiStandIn;
  let server: RunningServer;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    server = await startServer({ AI_BASE_URL: standIn.baseUrl, AI_MODEL: "test-model" });
  });

  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
  });

  it("finishes what is in flight, refuses new connections and exits 0", async () => {
    const license = await demoLicense(server.url);
    const port = Number(new URL(server.url).port);
    // Each reply streams for about 1.5 s.
    const asked = standIn.received.length;
    standIn.script(...Array.from({ length: 8 }, () => ({ kind: "reply" as const, chunks: CHUNKS, delayMs: 100 })));
    const inFlight = [
      ...Array.from({ length: 4 }, () =>
        postMessage(server.url, { license, message: "ספרו לי על השירות" }, { accept: "text/event-stream" }),
      ),
      ...Array.from({ length: 4 }, () => postMessage(server.url, { license, message: "ספרו לי על השירות" })),
    ];
    // In flight: every request reached the AI provider, so the server accepted and read each one. (A connection
    // still in the listen backlog when the server stops listening is reset by the kernel: that one was new.)
    while (standIn.received.length < asked + inFlight.length) await sleep(20);
    const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
    const signalledAt = Date.now();
    server.process.kill("SIGTERM");
    // The signal is handled between two turns of the server's event loop: soon, not at once.
    let refusedAfter = -1;
    while (Date.now() - signalledAt < 2000) {
      if (!(await accepts(port))) {
        refusedAfter = Date.now() - signalledAt;
        break;
      }
      await sleep(25);
    }
    expect(refusedAfter, "new connections refused within 2 s of SIGTERM").toBeGreaterThanOrEqual(0);

    const outcomes = await Promise.all(inFlight);
    const code = await exited;
    console.info(
      `SIGTERM with ${inFlight.length} requests in flight: new connections refused after ${refusedAfter} ms, the last finished ${Math.max(...outcomes.map((o) => o.startedAt + o.ms)) - signalledAt} ms after the signal; exit ${code} after ${Date.now() - signalledAt} ms.`,
    );
    for (const outcome of outcomes) {
      expect(outcome.status, `${outcome.kind} after ${outcome.ms} ms: ${outcome.body}`).toBe(200);
      const reply =
        outcome.kind === "stream"
          ? (JSON.parse(/^event: done\ndata: (.*)$/m.exec(outcome.body)?.[1] ?? "{}") as { reply?: string }).reply
          : (JSON.parse(outcome.body) as { reply: string }).reply;
      expect(reply).toBe(CHUNKS.join("").trim());
    }
    expect(code).toBe(0);
  }, 30_000);
});

/**
 * A visitor's open chat (its event stream, app/widget/chat-events.server.ts) and an answer in flight
 * at SIGTERM: the stream ends at once (the browser's EventSource reconnects to a running server),
 * the answer still finishes whole, and the process exits 0 long before server.mjs's 30 s limit.
 */
describe("SIGTERM with a chat's event stream open", () => {
  let standIn: OpenAiStandIn;
  let server: RunningServer;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    server = await startServer({ AI_BASE_URL: standIn.baseUrl, AI_MODEL: "test-model" });
  });

  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
  });

  it("ends the stream, finishes the answer in flight and exits 0 within seconds", async () => {
    const license = await demoLicense(server.url);
    standIn.script({ kind: "reply", chunks: ["Hello."], delayMs: 0 });
    const first = await postMessage(server.url, { license, message: "שלום" });
    expect(first.status, first.body).toBe(200);
    const { sessionId } = JSON.parse(first.body) as { sessionId: string };

    const ip = visitorIp();
    const stream = await fetch(`${server.url}/api/wordpress/chat-events?license=${license}&sessionId=${sessionId}`, {
      headers: { Accept: "text/event-stream", "X-Forwarded-For": ip },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const received: string[] = [];
    const streamEnded = (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return Date.now();
        received.push(decoder.decode(value, { stream: true }));
      }
    })();
    while (!received.join("").includes("retry:")) await sleep(20);

    // An answer that streams for about 1.5 s is in flight too: it must not be cut.
    const asked = standIn.received.length;
    standIn.script({ kind: "reply", chunks: CHUNKS, delayMs: 100 });
    const answer = postMessage(server.url, { license, message: "ספרו לי על השירות", sessionId });
    while (standIn.received.length < asked + 1) await sleep(20);

    const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
    const signalledAt = Date.now();
    server.process.kill("SIGTERM");
    const endedAfter = (await streamEnded) - signalledAt;
    const outcome = await answer;
    const code = await exited;
    const exitedAfter = Date.now() - signalledAt;
    console.info(
      `SIGTERM with a chat's event stream open: the stream ended ${endedAfter} ms after the signal, the process exited ${code} after ${exitedAfter} ms.`,
    );
    expect(endedAfter).toBeLessThan(2_000);
    expect(outcome.status, outcome.body).toBe(200);
    expect((JSON.parse(outcome.body) as { reply: string }).reply).toBe(CHUNKS.join("").trim());
    expect(code).toBe(0);
    expect(exitedAfter).toBeLessThan(10_000);
  }, 30_000);
});
