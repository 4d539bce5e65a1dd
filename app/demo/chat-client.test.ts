import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ChatUnavailableError,
  chatMessageSchema,
  DEMO_MESSAGE_MAX_LENGTH,
  newClientMessageId,
  sendChatMessage,
  type ChatMessageRequest,
} from "./chat-client.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Answer = { status: number; body: string; delayMs?: number };
let answer: Answer;
const received: { method: string; contentType: string; body: unknown }[] = [];

/** A real HTTP server on 127.0.0.1 answering as the message API does (docs/message-api.md). */
let server: Server;
let endpoint: string;

beforeAll(async () => {
  server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    let raw = "";
    for await (const chunk of request) raw += chunk;
    received.push({
      method: request.method ?? "",
      contentType: request.headers["content-type"] ?? "",
      body: JSON.parse(raw),
    });
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    response.writeHead(answer.status, { "Content-Type": "application/json" }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/wordpress/messages`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const request: ChatMessageRequest = {
  license: "alex_0123456789abcdef0123456789abcdef",
  sessionId: null,
  clientMessageId: "6f1c2a4e-8b1d-4c3e-9f2a-1b2c3d4e5f60",
  message: "מה שעות הפתיחה?",
};

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ChatUnavailableError);
  return (error as ChatUnavailableError).reason;
}

describe("sendChatMessage", () => {
  it("posts the message as JSON and returns the reply", async () => {
    const reply = {
      sessionId: "sess_abc",
      messageId: 41,
      reply: "שלום! אנחנו פתוחים 9-18.",
      messageType: "conversation",
      cost: 1,
    };
    answer = { status: 200, body: JSON.stringify(reply) };
    received.length = 0;
    await expect(sendChatMessage(request, { endpoint })).resolves.toEqual(reply);
    expect(received).toEqual([{ method: "POST", contentType: "application/json", body: request }]);
  });

  it("tells a rate limit (busy) from every other refusal (unreachable)", async () => {
    answer = { status: 429, body: JSON.stringify({ error: "Too many messages" }) };
    expect(await failureOf(sendChatMessage(request, { endpoint }))).toBe("busy");
    for (const status of [401, 404, 500, 503]) {
      answer = { status, body: JSON.stringify({ error: "no" }) };
      expect(await failureOf(sendChatMessage(request, { endpoint }))).toBe("unreachable");
    }
  });

  it("never shows an answer of the wrong shape as a reply", async () => {
    for (const body of [
      "not json",
      "{}",
      JSON.stringify({ sessionId: "", reply: "hi", messageType: "conversation" }),
    ]) {
      answer = { status: 200, body };
      expect(await failureOf(sendChatMessage(request, { endpoint }))).toBe("unreachable");
    }
  });

  it("gives up on a server that does not answer in time, or is not there", async () => {
    answer = { status: 200, body: "{}", delayMs: 500 };
    expect(await failureOf(sendChatMessage(request, { endpoint, timeoutMs: 50 }))).toBe("unreachable");
    expect(await failureOf(sendChatMessage(request, { endpoint: "http://127.0.0.1:1/api/wordpress/messages" }))).toBe(
      "unreachable",
    );
  });
});

describe("chatMessageSchema", () => {
  it("trims, refuses empty or blank text, and allows the demo's 500 characters", () => {
    expect(DEMO_MESSAGE_MAX_LENGTH).toBe(500);
    expect(chatMessageSchema.parse("  שלום \n")).toBe("שלום");
    expect(chatMessageSchema.safeParse("").success).toBe(false);
    expect(chatMessageSchema.safeParse(" \n\t ").success).toBe(false);
    expect(chatMessageSchema.parse(` ${"a".repeat(DEMO_MESSAGE_MAX_LENGTH)} `)).toHaveLength(DEMO_MESSAGE_MAX_LENGTH);
    expect(chatMessageSchema.safeParse("a".repeat(DEMO_MESSAGE_MAX_LENGTH + 1)).success).toBe(false);
  });
});

describe("newClientMessageId", () => {
  it("makes a fresh v4 UUID each time, also where crypto.randomUUID is missing (plain http)", () => {
    const ids = new Set(Array.from({ length: 50 }, () => newClientMessageId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(UUID_V4);

    vi.stubGlobal("crypto", { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    try {
      expect(newClientMessageId()).toMatch(UUID_V4);
      expect(newClientMessageId()).not.toBe(newClientMessageId());
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
