import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { readText } from "./request-body.ts";

/**
 * A local OpenAI-compatible chat API on 127.0.0.1 for tests: `POST /v1/chat/completions` with
 * streaming (SSE chunks, tool calls) and failure modes. Each request takes the next behaviour of
 * the current script (a new script replaces what is left of the old one); the requests it received
 * are kept for assertions.
 */
export type ToolCall = { name: string; arguments: Record<string, unknown> };
export type Behaviour =
  /** `delayMs` between chunks (5 ms unless told): a slow stream that is still in flight when the test acts. */
  | { kind: "reply"; chunks: string[]; delayMs?: number }
  /** A 200 whose body is not what an OpenAI-compatible API sends (broken JSON, an HTML page, a stream cut short). */
  | { kind: "garbage"; body: string; contentType?: string; cut?: boolean }
  | { kind: "tools"; calls: ToolCall[] }
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
  };
};

export type OpenAiStandIn = {
  baseUrl: string;
  received: ReceivedRequest[];
  script: (...behaviours: Behaviour[]) => void;
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

async function respond(behaviour: Behaviour | undefined, response: ServerResponse, socket: Socket) {
  switch (behaviour?.kind) {
    case "reply": {
      response.writeHead(200, { "Content-Type": "text/event-stream" });
      response.write(chunk({ role: "assistant", content: "" }));
      for (const text of behaviour.chunks) {
        response.write(chunk({ content: text }));
        await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs ?? 5));
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
      response.end("data: [DONE]\n\n");
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
  const received: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer(async (request, response) => {
    const body = await readText(request);
    received.push({
      path: request.url ?? "",
      authorization: request.headers.authorization,
      body: JSON.parse(body || "{}"),
    });
    if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
      response.writeHead(404).end();
      return;
    }
    await respond(queue.shift(), response, request.socket);
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
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
