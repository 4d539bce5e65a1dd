import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "#db/schema.ts";
import he from "~/locales/he/assistant.json";
import { startOpenAiStandIn, type Behaviour, type OpenAiStandIn } from "../../support/openai-stand-in.ts";
import { inspectEmbeddedDatabase, startServer, type RunningServer } from "../../support/server.ts";
import { demoLicense, postMessage, type Outcome } from "../../support/traffic.ts";

/** How long the chat widget waits for an answer before it tells the visitor to try again. */
const WIDGET_TIMEOUT_MS = 20_000;

function replyOf(outcome: Outcome): string {
  if (outcome.kind === "message") return (JSON.parse(outcome.body) as { reply: string }).reply;
  const done = /^event: done\ndata: (.*)$/m.exec(outcome.body)?.[1];
  if (!done) throw new Error(`The stream ended without a done event:\n${outcome.body}`);
  return (JSON.parse(done) as { reply: string }).reply;
}

/**
 * The AI provider hangs or answers garbage: the visitor still gets the fallback, well within the
 * widget's timeout (the server's own deadline, MODEL_TIMEOUT_MS, is 12 s), and the message is stored
 * with it, so the operator sees it and a retry gets the same answer.
 */
describe("the AI provider hangs or answers garbage", () => {
  let standIn: OpenAiStandIn;
  let server: RunningServer;
  let license: string;
  const sent: Outcome[] = [];

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    // With its log on: an operator learns of the provider's failures there, the visitor only gets the fallback.
    server = await startServer({ AI_BASE_URL: standIn.baseUrl, AI_MODEL: "test-model", LOG_LEVEL: "info" });
    license = await demoLicense(server.url);
  });

  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
  });

  it("answers with the fallback before the widget gives up when the provider never answers", async () => {
    standIn.script({ kind: "hang" }, { kind: "hang" });
    const [json, stream] = await Promise.all([
      postMessage(server.url, { license, message: "מה שעות הפתיחה שלכם?" }),
      postMessage(server.url, { license, message: "יש לכם חניה?" }, { accept: "text/event-stream" }),
    ]);
    sent.push(json, stream);
    for (const outcome of [json, stream]) {
      expect(outcome.status).toBe(200);
      expect(replyOf(outcome)).toBe(he.fallback);
      expect(outcome.ms).toBeLessThan(WIDGET_TIMEOUT_MS - 5000);
    }
    const fallbacks = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"event":"assistant.fallback"'))
      .map((line) => JSON.parse(line) as { reason: string; clientId: number });
    expect(fallbacks).toHaveLength(2);
    expect(fallbacks.map((fallback) => fallback.reason)).toEqual(["timeout", "timeout"]);
    console.info(
      `A hanging provider: the fallback reached the visitor after ${json.ms} ms (JSON), ${stream.ms} ms (stream).`,
    );
  }, 30_000);

  const garbage: [string, Behaviour[]][] = [
    ["broken JSON in the stream", [{ kind: "garbage", body: "data: {not json at all\n\ndata: [DONE]\n\n" }]],
    [
      "an HTML page",
      [{ kind: "garbage", body: "<html><body>502 Bad Gateway</body></html>", contentType: "text/html" }],
    ],
    ["JSON of another shape", [{ kind: "garbage", body: '{"hello":"world"}', contentType: "application/json" }]],
    [
      "a stream cut off mid-reply",
      [
        { kind: "garbage", body: 'data: {"id":"x","choices":[{"index":0,"delta":{"content":"Hel', cut: true },
        { kind: "garbage", body: 'data: {"id":"x","choices":[{"index":0,"delta":{"content":"Hel', cut: true },
      ],
    ],
  ];
  it.each(garbage)("answers with the fallback at once for %s", async (_, behaviours) => {
    standIn.script(...behaviours);
    const outcome = await postMessage(server.url, { license, message: "כמה עולה המנוי?" });
    sent.push(outcome);
    expect(outcome.status).toBe(200);
    expect(replyOf(outcome)).toBe(he.fallback);
    expect(outcome.ms).toBeLessThan(5000);
  });

  it("stored every message with the fallback, at no charge", async () => {
    await server.stop({ keepData: true });
    const ids = sent.map((outcome) => outcome.clientMessageId!);
    const rows = await inspectEmbeddedDatabase(server.dataDir, (db) =>
      db
        .select({ id: messages.clientMessageId, reply: messages.aiResponse, cost: messages.costCents })
        .from(messages)
        .where(inArray(messages.clientMessageId, ids)),
    );
    expect(rows).toHaveLength(ids.length);
    for (const row of rows) expect(row).toMatchObject({ reply: he.fallback, cost: 0 });
  });
});
