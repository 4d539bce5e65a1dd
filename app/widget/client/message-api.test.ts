import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchWithTimeout, firstAnswerTimeout, sendMessage, type OutgoingMessage } from "./message-api.ts";

/** A local stand-in of the message API, answering each test as it says. */
let answer: (response: ServerResponse) => Promise<void> | void;
const received: { accept: string; body: unknown }[] = [];
let server: Server;
let endpoint: string;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    let raw = "";
    for await (const chunk of request) raw += chunk;
    received.push({ accept: request.headers.accept ?? "", body: JSON.parse(raw) });
    await answer(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/wordpress/messages`;
});

afterAll(() => {
  for (const response of hung) response.destroy();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const message: OutgoingMessage = {
  license: "alex_0123456789abcdef0123456789abcdef",
  clientMessageId: "6f1c2a4e-8b1d-4c3e-9f2a-1b2c3d4e5f60",
  message: "מה שעות הפתיחה?",
};
const final = { sessionId: "sess_1", messageId: 7, reply: "א׳-ה׳ 9:00-18:00", messageType: "conversation", cost: 1 };
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

async function send(timeoutMs?: number) {
  const seen: string[] = [];
  const result = await sendMessage(endpoint, message, (text) => seen.push(text), timeoutMs ? { timeoutMs } : {});
  return { result, seen };
}

/** Responses a hung stand-in left open: ended after each test so the server can close. */
const hung: ServerResponse[] = [];
const hang = (response: ServerResponse) => void hung.push(response);

describe("sending a message to the message API", () => {
  it("reads a streamed reply piece by piece and ends with the whole answer", async () => {
    answer = async (response) => {
      response.writeHead(200, { "Content-Type": "text/event-stream" });
      for (const piece of ["א׳-ה׳", " 9:00", "-18:00"]) {
        response.write(`event: delta\ndata: ${JSON.stringify({ text: piece })}\n\n`);
        await pause();
      }
      const done = `event: done\ndata: ${JSON.stringify(final)}\n\n`;
      response.write(done.slice(0, 20));
      await pause();
      response.end(done.slice(20));
    };
    const { result, seen } = await send();
    expect(result).toEqual({ ok: true, reply: final });
    expect(seen).toEqual(["א׳-ה׳", "א׳-ה׳ 9:00", "א׳-ה׳ 9:00-18:00"]);
    expect(received.at(-1)).toEqual({ accept: "text/event-stream, application/json", body: message });
  });

  it("takes a plain JSON answer just the same", async () => {
    answer = (response) =>
      void response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(final));
    expect((await send()).result).toEqual({ ok: true, reply: final });
  });

  it("keeps the flag of a session a person holds, whose empty reply is not Alex's", async () => {
    const held = { ...final, reply: "", messageType: "general", cost: 0, heldBy: true };
    answer = (response) =>
      void response
        .writeHead(200, { "Content-Type": "text/event-stream" })
        .end(`event: done\ndata: ${JSON.stringify(held)}\n\n`);
    const { result, seen } = await send();
    expect(result).toEqual({ ok: true, reply: held });
    expect(seen).toEqual([]);
  });

  it("passes the server's error on, in the visitor's language as the server wrote it", async () => {
    answer = (response) =>
      void response
        .writeHead(429, { "Content-Type": "application/json" })
        .end(JSON.stringify({ error: "יותר מדי הודעות" }));
    expect((await send()).result).toEqual({ ok: false, status: 429, error: "יותר מדי הודעות" });
    answer = (response) => void response.writeHead(502).end("<html>Bad gateway</html>");
    expect((await send()).result).toEqual({ ok: false, status: 502, error: null });
  });

  it("fails on an error event, or a stream that ends without the whole answer", async () => {
    answer = (response) =>
      void response
        .writeHead(200, { "Content-Type": "text/event-stream" })
        .end(`data: {"text":"hi"}\n\nevent: error\ndata: {"error":"Provider down"}\n\n`);
    expect((await send()).result).toEqual({ ok: false, status: 200, error: "Provider down" });
    answer = (response) =>
      void response.writeHead(200, { "Content-Type": "text/event-stream" }).end(`data: {"text":"cut"}\n\n`);
    const { result, seen } = await send();
    expect(result).toEqual({ ok: false, status: 200, error: null });
    expect(seen).toEqual(["cut"]);
  });

  it("reports no server at all as a failure without a message", async () => {
    expect(await sendMessage("http://127.0.0.1:1/api/wordpress/messages", message, () => {})).toEqual({
      ok: false,
      status: null,
      error: null,
    });
  });
});

describe("a server that stops answering", () => {
  it("gives up when no answer starts in time", async () => {
    answer = hang;
    const started = Date.now();
    expect((await send(150)).result).toEqual({ ok: false, status: null, error: null, timedOut: true });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("gives up when a streamed reply goes silent half-way", async () => {
    answer = (response) => {
      response.writeHead(200, { "Content-Type": "text/event-stream" });
      response.write(`event: delta\ndata: ${JSON.stringify({ text: "Half" })}\n\n`);
      hang(response);
    };
    const { result, seen } = await send(150);
    expect(result).toEqual({ ok: false, status: 200, error: null, timedOut: true });
    expect(seen).toEqual(["Half"]);
  });

  it("never cuts a slow reply that keeps streaming", async () => {
    // Ten pieces 60 ms apart: the whole reply takes half as long again as the 400 ms bound, each gap
    // far less (wide margins, so a busy machine's timers do not make the gap the bound).
    answer = async (response) => {
      response.writeHead(200, { "Content-Type": "text/event-stream" });
      for (const piece of "abcdefghij") {
        response.write(`event: delta\ndata: ${JSON.stringify({ text: piece })}\n\n`);
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      response.end(`event: done\ndata: ${JSON.stringify(final)}\n\n`);
    };
    expect((await send(400)).result).toEqual({ ok: true, reply: final });
  });

  it("waits longer for the answer to start when the message carries images a slow phone must upload", () => {
    expect(firstAnswerTimeout(500, 20_000)).toBe(20_008);
    // Three 5 MB images, base64: about 20 MB at 64 KB/s.
    expect(firstAnswerTimeout(20 * 1024 * 1024, 20_000)).toBe(20_000 + 320_000);
  });

  it("bounds the small requests too", async () => {
    answer = hang;
    await expect(fetchWithTimeout(endpoint, { method: "POST", body: "{}" }, 150)).rejects.toThrow();
    answer = (response) => void response.writeHead(200).end("ok");
    expect(await fetchWithTimeout(endpoint, { method: "POST", body: "{}" }, 150)).toEqual({
      status: 200,
      ok: true,
      body: "ok",
    });
  });
});
