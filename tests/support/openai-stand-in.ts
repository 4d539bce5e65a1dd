import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { readText } from "./request-body.ts";

/**
 * A local OpenAI-compatible chat API on 127.0.0.1 for tests: `POST /v1/chat/completions` with
 * streaming (SSE chunks, tool calls) and failure modes. Each request takes the next behaviour of
 * the current script (a new script replaces what is left of the old one), or once the script is
 * used up the behaviour given to `answerAlways`; the requests it received are kept for assertions,
 * with when each arrived and when its first word went out (scripts/bench-tokens.ts subtracts that).
 */
export type ToolCall = { name: string; arguments: Record<string, unknown> };
/** What a provider says a round trip took, in the last chunk; a provider that sends none leaves it out. */
export type Usage = { prompt_tokens: number; completion_tokens: number };
export type Behaviour =
  /** `delayMs` between chunks (5 ms unless told): a slow stream that is still in flight when the test acts. */
  | { kind: "reply"; chunks: string[]; delayMs?: number; usage?: Usage }
  /**
   * A model at a fixed rate: the first word after `firstTokenMs`, then `words` words in all at
   * `wordsPerSecond`, one a chunk (a word standing for a token), and no usage (the server counts).
   */
  | { kind: "steady"; firstTokenMs: number; words: number; wordsPerSecond: number }
  /** A 200 whose body is not what an OpenAI-compatible API sends (broken JSON, an HTML page, a stream cut short). */
  | { kind: "garbage"; body: string; contentType?: string; cut?: boolean }
  | { kind: "tools"; calls: ToolCall[]; usage?: Usage }
  /** Each of `events` as one SSE event's JSON, then `[DONE]`: chunks shaped by the test. */
  | { kind: "events"; events: unknown[] }
  | { kind: "status"; status: number }
  | { kind: "reset" }
  | { kind: "hang" };

export type ReceivedRequest = {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    stream: boolean;
    messages: { role: string; content: unknown; tool_calls?: unknown[] }[];
    tools?: { function: { name: string } }[];
    stream_options?: { include_usage?: boolean };
  };
  /** performance.now() when the request's body had arrived, and when the reply's first word was written. */
  receivedAt: number;
  firstWordAt?: number;
};

export type OpenAiStandIn = {
  baseUrl: string;
  received: ReceivedRequest[];
  script: (...behaviours: Behaviour[]) => void;
  /** How every request answers once the script is used up (unless told, a 500). */
  answerAlways: (behaviour: Behaviour) => void;
  close: () => Promise<void>;
};

const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
  `data: ${JSON.stringify({
    id: "chatcmpl-test",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "test-model",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  })}\n\n`;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The last chunk of a provider asked for usage: no choices, the round trip's tokens. */
const usageChunk = (usage: Usage | undefined) =>
  usage
    ? `data: ${JSON.stringify({ id: "chatcmpl-test", object: "chat.completion.chunk", choices: [], usage })}\n\n`
    : "";

async function respond(
  behaviour: Behaviour | undefined,
  response: ServerResponse,
  socket: Socket,
  received: ReceivedRequest,
) {
  switch (behaviour?.kind) {
    case "reply": {
      response.writeHead(200, { "Content-Type": "text/event-stream" });
      response.write(chunk({ role: "assistant", content: "" }));
      for (const text of behaviour.chunks) {
        response.write(chunk({ content: text }));
        received.firstWordAt ??= performance.now();
        await wait(behaviour.delayMs ?? 5);
      }
      response.write(chunk({}, "stop"));
      response.end(`${usageChunk(behaviour.usage)}data: [DONE]\n\n`);
      return;
    }
    case "steady": {
      response.writeHead(200, { "Content-Type": "text/event-stream" });
      response.write(chunk({ role: "assistant", content: "" }));
      await wait(behaviour.firstTokenMs);
      for (let word = 0; word < behaviour.words; word++) {
        if (word > 0) await wait(1000 / behaviour.wordsPerSecond);
        response.write(chunk({ content: word === 0 ? "word" : " word" }));
        received.firstWordAt ??= performance.now();
      }
      response.write(chunk({}, "stop"));
      response.end("data: [DONE]\n\n");
      return;
    }
    case "tools": {
      response.writeHead(200, { "Content-Type": "text/event-stream" });
      behaviour.calls.forEach((call, index) => {
        response.write(
          chunk({
            ...(index === 0 ? { role: "assistant", content: null } : {}),
            tool_calls: [
              {
                index,
                id: `call_${index}`,
                type: "function",
                function: { name: call.name, arguments: JSON.stringify(call.arguments) },
              },
            ],
          }),
        );
      });
      response.write(chunk({}, "tool_calls"));
      response.end(`${usageChunk(behaviour.usage)}data: [DONE]\n\n`);
      return;
    }
    case "events":
      response.writeHead(200, { "Content-Type": "text/event-stream" });
      for (const event of behaviour.events) response.write(`data: ${JSON.stringify(event)}\n\n`);
      response.end("data: [DONE]\n\n");
      return;
    case "garbage":
      response.writeHead(200, { "Content-Type": behaviour.contentType ?? "text/event-stream" });
      if (behaviour.cut) {
        response.write(behaviour.body);
        setTimeout(() => socket.resetAndDestroy(), 20);
      } else response.end(behaviour.body);
      return;
    case "status":
      response.writeHead(behaviour.status, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ error: { message: "scripted failure", type: "server_error" } }));
      return;
    case "reset":
      socket.resetAndDestroy();
      return;
    case "hang":
      return; // never answers; the client's timeout must end it
    default:
      response.writeHead(500, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ error: { message: "no behaviour scripted for this request" } }));
  }
}

export async function startOpenAiStandIn(): Promise<OpenAiStandIn> {
  const queue: Behaviour[] = [];
  let always: Behaviour | undefined;
  const received: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer(async (request, response) => {
    const body = await readText(request);
    const arrived: ReceivedRequest = {
      path: request.url ?? "",
      authorization: request.headers.authorization,
      body: JSON.parse(body || "{}"),
      receivedAt: performance.now(),
    };
    received.push(arrived);
    if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
      response.writeHead(404).end();
      return;
    }
    await respond(queue.shift() ?? always, response, request.socket, arrived);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    script: (...behaviours) => {
      queue.length = 0;
      queue.push(...behaviours);
    },
    answerAlways: (behaviour) => (always = behaviour),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
