import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { askModel, ModelFailure, type ModelSettings } from "~/assistant/model-provider.server.ts";
import { startOpenAiStandIn, type OpenAiStandIn } from "../../support/openai-stand-in.ts";

let standIn: OpenAiStandIn;
let settings: ModelSettings;

beforeAll(async () => {
  standIn = await startOpenAiStandIn();
  settings = { baseUrl: standIn.baseUrl, apiKey: "test-key", model: "test-model" };
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.received.length = 0;
});

function ask(message: string, timeoutMs?: number) {
  const deltas: string[] = [];
  const turn = askModel({
    settings,
    system: "You are Alex.",
    history: [
      { role: "user", content: "שלום" },
      { role: "assistant", content: "שלום! איך אפשר לעזור?" },
    ],
    message,
    onDelta: (text) => deltas.push(text),
    timeoutMs,
  });
  return { turn, deltas };
}

describe("the OpenAI-compatible provider, against a local stand-in", () => {
  it("streams the reply as it comes, sending the system prompt, the history, the message and the tools", async () => {
    standIn.script({ kind: "reply", chunks: ["המנוי ", "עולה ", "$50 לחודש."] });
    const { turn, deltas } = ask("כמה זה עולה?");
    await expect(turn).resolves.toEqual({
      text: "המנוי עולה $50 לחודש.",
      details: {},
      deliverable: undefined,
      toolCalls: [],
      // The stand-in sends no usage here: the turn's tokens are counted.
      tokens: { promptTokens: expect.any(Number), replyTokens: expect.any(Number), countedBy: "tokenizer" },
    });
    expect(deltas).toEqual(["המנוי ", "עולה ", "$50 לחודש."]);

    const [request] = standIn.received;
    expect(request!.path).toBe("/v1/chat/completions");
    expect(request!.authorization).toBe("Bearer test-key");
    expect(request!.body.model).toBe("test-model");
    expect(request!.body.stream).toBe(true);
    expect(request!.body.messages.map((message) => [message.role, message.content])).toEqual([
      ["system", "You are Alex."],
      ["user", "שלום"],
      ["assistant", "שלום! איך אפשר לעזור?"],
      ["user", "כמה זה עולה?"],
    ]);
    expect(request!.body.tools?.map((tool) => tool.function.name)).toEqual([
      "save_contact_details",
      "complete_function",
      "mark_reply",
    ]);
  });

  it("uses the key and model of each turn's settings, though a model is made once for the same settings", async () => {
    standIn.script(
      { kind: "reply", chunks: ["one"] },
      { kind: "reply", chunks: ["two"] },
      { kind: "reply", chunks: ["three"] },
    );
    const turnWith = (changed: Partial<ModelSettings>) =>
      askModel({
        settings: { ...settings, ...changed },
        system: "You are Alex.",
        history: [],
        message: "hi",
        onDelta() {},
      });
    await expect(turnWith({})).resolves.toMatchObject({ text: "one" });
    await expect(turnWith({ apiKey: "rotated-key" })).resolves.toMatchObject({ text: "two" });
    await expect(turnWith({ model: "other-model" })).resolves.toMatchObject({ text: "three" });
    expect(standIn.received.map((request) => [request.authorization, request.body.model])).toEqual([
      ["Bearer test-key", "test-model"],
      ["Bearer rotated-key", "test-model"],
      ["Bearer test-key", "other-model"],
    ]);
  });

  it("captures contact details and the reply's type through tool calls, then streams the reply", async () => {
    standIn.script(
      {
        kind: "tools",
        calls: [
          {
            name: "save_contact_details",
            arguments: { clientName: "Dana Levi", phone: "+972 50 123 4567", guestCount: 120 },
          },
          { name: "mark_reply", arguments: { type: "solution" } },
        ],
      },
      { kind: "reply", chunks: ["Thanks Dana, ", "we'll call you."] },
    );
    const { turn, deltas } = ask("I'm Dana Levi, +972 50 123 4567, 120 guests");
    await expect(turn).resolves.toEqual({
      text: "Thanks Dana, we'll call you.",
      details: { clientName: "Dana Levi", phone: "050-1234567", guestCount: 120 },
      deliverable: "solution",
      toolCalls: ["save_contact_details", "mark_reply"],
      tokens: expect.objectContaining({ countedBy: "tokenizer" }),
    });
    expect(deltas.join("")).toBe("Thanks Dana, we'll call you.");
    expect(standIn.received).toHaveLength(2);
    const toolResults = standIn.received[1]!.body.messages.filter((message) => message.role === "tool");
    expect(toolResults).toHaveLength(2);
  });

  it("records function completion as a tool, and ignores a phone number that is not Israeli", async () => {
    standIn.script(
      { kind: "tools", calls: [{ name: "complete_function", arguments: { clientName: "Avi", phone: "12345" } }] },
      { kind: "reply", chunks: ["Could you check the number?"] },
    );
    await expect(ask("Avi, 12345").turn).resolves.toMatchObject({ details: { clientName: "Avi" } });
  });

  it("answers a tool call it cannot take with an error the model reads, and goes on to the reply", async () => {
    standIn.script(
      {
        kind: "tools",
        calls: [
          { name: "mark_reply", arguments: { type: "poem" } },
          { name: "book_table", arguments: { guests: 2 } },
          { name: "save_contact_details", arguments: { clientName: "Noa" } },
        ],
      },
      { kind: "reply", chunks: ["Noted, Noa."] },
    );
    await expect(ask("I'm Noa").turn).resolves.toEqual({
      text: "Noted, Noa.",
      details: { clientName: "Noa" },
      deliverable: undefined,
      // Every call the model made is a source of its reply, even one the tools refused.
      toolCalls: ["mark_reply", "book_table", "save_contact_details"],
      tokens: expect.objectContaining({ countedBy: "tokenizer" }),
    });
    const secondAsk = standIn.received[1]!.body.messages;
    const calls = secondAsk.find((message) => message.role === "assistant" && message.tool_calls)?.tool_calls;
    expect(calls).toHaveLength(3);
    const results = secondAsk.filter((message) => message.role === "tool").map((message) => String(message.content));
    expect(results).toHaveLength(3);
    expect(results[0]).toMatch(/^Invalid input:.*type/s);
    expect(results[1]).toBe("There is no tool named book_table.");
    expect(JSON.parse(results[2]!)).toEqual({ saved: true });
  });

  it("stops asking after four rounds of tool calls, keeping what the tools saved", async () => {
    const toolRound = {
      kind: "tools" as const,
      calls: [{ name: "save_contact_details", arguments: { budget: "₪5,000" } }],
    };
    standIn.script(toolRound, toolRound, toolRound, toolRound, { kind: "reply", chunks: ["never asked"] });
    const failure = await ask("hello").turn.catch((error: unknown) => error);
    expect((failure as ModelFailure).reason).toBe("empty");
    expect(standIn.received).toHaveLength(4);
  });

  it("retries once after the connection is reset, and answers from the second try", async () => {
    standIn.script({ kind: "reset" }, { kind: "reply", chunks: ["Second try."] });
    await expect(ask("hello").turn).resolves.toMatchObject({ text: "Second try." });
    expect(standIn.received).toHaveLength(2);
  });

  it("gives up after a second network error", async () => {
    standIn.script({ kind: "reset" }, { kind: "reset" });
    const failure = await ask("hello").turn.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ModelFailure);
    expect((failure as ModelFailure).reason).toBe("network");
    expect(standIn.received).toHaveLength(2);
  });

  it("does not retry an HTTP 500", async () => {
    standIn.script({ kind: "status", status: 500 }, { kind: "reply", chunks: ["never asked"] });
    const failure = await ask("hello").turn.catch((error: unknown) => error);
    expect((failure as ModelFailure).reason).toBe("http");
    expect(standIn.received).toHaveLength(1);
  });

  it("abandons a provider that does not answer in time", async () => {
    const started = Date.now();
    standIn.script({ kind: "hang" });
    const { turn } = ask("hello", 300);
    const failure = await turn.catch((error: unknown) => error);
    expect((failure as ModelFailure).reason).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("abandons a reply that stalls after its first words, which the visitor already has", async () => {
    standIn.script({ kind: "reply", chunks: ["Our hours ", "are..."], delayMs: 2_000 });
    const { turn, deltas } = ask("hello", 300);
    const failure = await turn.catch((error: unknown) => error);
    expect((failure as ModelFailure).reason).toBe("timeout");
    expect(deltas).toEqual(["Our hours "]);
    expect(standIn.received).toHaveLength(1);
  });

  it("says an HTTP error is a refusal and a certificate or protocol failure a network one", async () => {
    standIn.script({ kind: "status", status: 401 });
    await expect(ask("hello").turn).rejects.toMatchObject({ reason: "http" });
    // Speaking TLS to a plain-HTTP port: the handshake fails, as it does against a bad certificate.
    const overTls = askModel({
      settings: { ...settings, baseUrl: standIn.baseUrl.replace("http:", "https:") },
      system: "You are Alex.",
      history: [],
      message: "hi",
      onDelta() {},
    });
    await expect(overTls).rejects.toMatchObject({ reason: "network" });
  });

  it("treats an empty reply as a failure", async () => {
    standIn.script({ kind: "reply", chunks: [] });
    const failure = await ask("hello").turn.catch((error: unknown) => error);
    expect((failure as ModelFailure).reason).toBe("empty");
  });
});
