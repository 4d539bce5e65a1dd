import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ProviderHttpError,
  ProviderStreamError,
  streamChat,
  type ChatRequest,
} from "~/assistant/openai-chat.server.ts";
import { startOpenAiStandIn, type OpenAiStandIn } from "../../support/openai-stand-in.ts";
import { selfSignedCertificate } from "../../support/self-signed.ts";

/**
 * The chat completions protocol as a turn speaks it, against the local stand-in: the pieces a
 * provider streams (text, tool calls in fragments), its errors (an HTTP status with a body, an error
 * object mid-reply, a line with no end), and the connection's own failures, each as the error the
 * turn tells apart (tests/integration/assistant/model-provider.test.ts has the turn itself).
 */
let standIn: OpenAiStandIn;
beforeAll(async () => {
  standIn = await startOpenAiStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.received.length = 0;
});

const chunk = (delta: Record<string, unknown>) => ({ choices: [{ index: 0, delta, finish_reason: null }] });

function send(overrides: Partial<ChatRequest> = {}) {
  const deltas: string[] = [];
  const reply = streamChat({
    baseUrl: standIn.baseUrl,
    apiKey: "test-key",
    model: "test-model",
    messages: [{ role: "user", content: "hi" }],
    tools: [],
    signal: AbortSignal.timeout(5_000),
    onDelta: (text) => deltas.push(text),
    ...overrides,
  });
  return { reply, deltas };
}

describe("one streamed round trip to an OpenAI-compatible chat API", () => {
  it("assembles tool calls streamed in fragments, two at once, with the text before them", async () => {
    standIn.script({
      kind: "events",
      events: [
        chunk({ role: "assistant", content: "Let me note that. " }),
        chunk({
          tool_calls: [{ index: 0, id: "call_a", type: "function", function: { name: "save_", arguments: "" } }],
        }),
        chunk({ tool_calls: [{ index: 0, function: { name: "contact_details", arguments: '{"clientName":' } }] }),
        chunk({ tool_calls: [{ index: 1, id: "call_b", function: { name: "mark_reply", arguments: '{"type":' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '"Dana"}' } }] }),
        chunk({ tool_calls: [{ index: 1, function: { arguments: '"solution"}' } }] }),
        // A provider's own extra fields pass unread.
        { ...chunk({}), usage: { total_tokens: 12 }, system_fingerprint: "fp" },
      ],
    });
    const { reply, deltas } = send();
    await expect(reply).resolves.toEqual({
      text: "Let me note that. ",
      toolCalls: [
        { id: "call_a", name: "save_contact_details", arguments: '{"clientName":"Dana"}' },
        { id: "call_b", name: "mark_reply", arguments: '{"type":"solution"}' },
      ],
    });
    expect(deltas).toEqual(["Let me note that. "]);
  });

  it("asks for the usage in the stream and reads it from the last chunk, which has no choices", async () => {
    standIn.script({
      kind: "events",
      events: [
        chunk({ content: "Hello" }),
        { choices: [], usage: { prompt_tokens: 420, completion_tokens: 3, total_tokens: 423 } },
      ],
    });
    await expect(send().reply).resolves.toEqual({
      text: "Hello",
      toolCalls: [],
      usage: { promptTokens: 420, replyTokens: 3 },
    });
    expect(standIn.received[0]!.body.stream_options).toEqual({ include_usage: true });
  });

  it("keeps the reply when the provider sends no usage, or usage of another shape", async () => {
    standIn.script({ kind: "events", events: [chunk({ content: "Hi" })] });
    expect((await send().reply).usage).toBeUndefined();
    standIn.script({
      kind: "events",
      events: [chunk({ content: "Hi" }), { choices: [], usage: { prompt_tokens: "many" } }],
    });
    await expect(send().reply).resolves.toMatchObject({ text: "Hi", usage: undefined });
  });

  it("names a tool call the provider sent without an id, and sends no key when there is none", async () => {
    standIn.script({
      kind: "events",
      events: [chunk({ tool_calls: [{ index: 0, function: { name: "mark_reply", arguments: "{}" } }] })],
    });
    await expect(send({ apiKey: undefined }).reply).resolves.toMatchObject({
      toolCalls: [{ id: "call_0", name: "mark_reply" }],
    });
    expect(standIn.received[0]!.authorization).toBeUndefined();
    expect(standIn.received[0]!.body).not.toHaveProperty("tools");
  });

  it("rejects an HTTP error with its status and the start of what the provider said", async () => {
    standIn.script({ kind: "status", status: 429 });
    const failure = await send().reply.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderHttpError);
    expect(failure).toMatchObject({ statusCode: 429, responseBody: expect.stringContaining("scripted failure") });
  });

  it("stops at an error object mid-reply, after passing on the text before it", async () => {
    standIn.script({
      kind: "events",
      events: [
        chunk({ content: "Half an ans" }),
        { error: { message: "The model is overloaded" } },
        chunk({ content: "wer" }),
      ],
    });
    const { reply, deltas } = send();
    const failure = await reply.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderStreamError);
    expect((failure as Error).message).toBe("The model is overloaded");
    expect(deltas).toEqual(["Half an ans"]);
  });

  it.each([
    ["broken JSON", "data: {not json\n\n"],
    ["a chunk of another shape", 'data: {"choices":"none"}\n\n'],
    ["a line that never ends", `data: ${"x".repeat(1_200_000)}`],
    ["a reply past any chat's length", `data: ${JSON.stringify(chunk({ content: "word ".repeat(20_001) }))}\n\n`],
    ["a stream of endless empty chunks", `data: ${JSON.stringify(chunk({}))}\n\n`.repeat(200_000)],
  ])("refuses %s as a stream that is not the protocol's", async (_, body) => {
    standIn.script({ kind: "garbage", body });
    await expect(send().reply).rejects.toBeInstanceOf(ProviderStreamError);
  });

  it("rejects with what the caller's own delta handler threw, and the process goes on", async () => {
    standIn.script({ kind: "reply", chunks: ["One ", "two"] });
    const closed = new Error("The visitor's stream is closed");
    const reply = send({
      onDelta: () => {
        throw closed;
      },
    }).reply;
    await expect(reply).rejects.toBe(closed);
  });

  it("reports a connection cut mid-reply, a refused one and a deadline as the socket's errors", async () => {
    standIn.script({ kind: "garbage", body: 'data: {"choices":[{"index":0,"delta":{"content":"Hel', cut: true });
    await expect(send().reply).rejects.toMatchObject({ code: "ECONNRESET" });

    await expect(send({ baseUrl: "http://127.0.0.1:1/v1" }).reply).rejects.toMatchObject({ code: "ECONNREFUSED" });

    standIn.script({ kind: "reply", chunks: ["First ", "second"], delayMs: 2_000 });
    const slow = send({ signal: AbortSignal.timeout(300) });
    await expect(slow.reply).rejects.toMatchObject({ name: "AbortError" });
    expect(slow.deltas).toEqual(["First "]);
  });
});

describe("an https address", () => {
  let server: ReturnType<typeof createServer>;
  let port = 0;

  beforeAll(async () => {
    server = createServer(selfSignedCertificate(), (_request, response) => response.end("data: [DONE]\n\n"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("is spoken over TLS, and a certificate no authority signed is refused", async () => {
    await expect(send({ baseUrl: `https://127.0.0.1:${port}/v1` }).reply).rejects.toMatchObject({
      code: "DEPTH_ZERO_SELF_SIGNED_CERT",
    });
  });
});
