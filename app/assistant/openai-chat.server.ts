import http from "node:http";
import https from "node:https";
import { finished } from "node:stream";
import { createParser } from "eventsource-parser";
import { z } from "zod";

/**
 * One streamed round trip to an OpenAI-compatible chat API (`POST {base}/chat/completions` with
 * `stream: true`): OpenAI, Azure, Ollama, vLLM... Node's own HTTP client and eventsource-parser, with
 * no web streams in between: a visitor waiting on a slow model holds this request for up to a turn's
 * whole limit, and each layer of streams it had cost every one of them (decision 035).
 */

export type ChatToolCall = { id: string; name: string; arguments: string };

export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | {
      role: "assistant";
      content: string | null;
      tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
    }
  | { role: "tool"; tool_call_id: string; content: string };

export type ChatTool = {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
};

export type ChatRequest = {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  messages: readonly ChatMessage[];
  tools: readonly ChatTool[];
  signal: AbortSignal;
  onDelta: (text: string) => void;
};

/** The tokens a round trip took, as the provider's final chunk (`usage`) tells them. */
export type ChatUsage = { promptTokens: number; replyTokens: number };

/** `usage`: undefined when the provider sent none (it ignores `stream_options`, as some compatible APIs do). */
export type ChatReply = { text: string; toolCalls: ChatToolCall[]; usage: ChatUsage | undefined };

/** The provider answered with an HTTP error: its status and the start of what it said. */
export class ProviderHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly responseBody: string,
  ) {
    super(`The AI provider answered HTTP ${statusCode}`);
    this.name = "ProviderHttpError";
  }
}

/** A 200 whose stream is not the protocol's: broken JSON, chunks of another shape, an error mid-reply. */
export class ProviderStreamError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ProviderStreamError";
  }
}

/** What an error answer may say that is worth keeping; the rest is read and dropped. */
const ERROR_BODY_KEPT = 2_000;
/** A line of the stream longer than this is not a chat completion chunk (a runaway or hostile provider). */
const MAX_EVENT_CHARS = 1_000_000;
/** A chat reply, its tool calls' arguments included, is far shorter: more is a provider gone wrong. */
const MAX_REPLY_CHARS = 100_000;
/** What a reply of that length may take with its chunks' JSON around every word. */
const MAX_STREAM_CHARS = 8_000_000;

// Only the fields a turn reads; a provider's extra fields pass unread.
const chunkSchema = z.object({
  choices: z
    .array(
      z.object({
        delta: z
          .object({
            content: z.string().nullish(),
            tool_calls: z
              .array(
                z.object({
                  index: z.number().int().min(0).max(63),
                  id: z.string().nullish(),
                  function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
                }),
              )
              .nullish(),
          })
          .nullish(),
      }),
    )
    .nullish(),
  error: z.object({ message: z.string().optional() }).nullish(),
  // Sent in the last chunk (with no choices) when asked for with `stream_options.include_usage`. A
  // usage of another shape is no reason to lose the reply: the turn's tokens are counted instead.
  usage: z
    .object({ prompt_tokens: z.number().int().min(0), completion_tokens: z.number().int().min(0) })
    .nullish()
    .catch(undefined),
});

/** Tool calls arrive in pieces, told apart by index: the first piece names the call, the rest add arguments. */
function addToolCallPieces(calls: ChatToolCall[], choices: z.infer<typeof chunkSchema>["choices"]) {
  for (const piece of choices?.[0]?.delta?.tool_calls ?? []) {
    const call = (calls[piece.index] ??= { id: "", name: "", arguments: "" });
    if (piece.id) call.id = piece.id;
    if (piece.function?.name) call.name += piece.function.name;
    if (piece.function?.arguments) call.arguments += piece.function.arguments;
  }
}

function requestBody(request: ChatRequest): string {
  return JSON.stringify({
    model: request.model,
    messages: request.messages,
    ...(request.tools.length > 0 ? { tools: request.tools, tool_choice: "auto" } : {}),
    stream: true,
    // The prompt's and the reply's tokens, in a last chunk: what a turn costs (app/assistant/turn-tokens.server.ts).
    stream_options: { include_usage: true },
  });
}

/**
 * Sends the conversation and streams the reply: text deltas go to `onDelta` as they arrive; the tool
 * calls come back whole when the reply ends, with the tokens the provider says it took. Rejects with ProviderHttpError for an HTTP error,
 * ProviderStreamError for a stream that is not the protocol's, the socket's own error when the
 * connection fails or is cut, and an AbortError when `signal` fires.
 */
export function streamChat(request: ChatRequest): Promise<ChatReply> {
  const url = new URL(`${request.baseUrl.replace(/\/+$/, "")}/chat/completions`);
  const body = requestBody(request);
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(body)),
    Accept: "text/event-stream",
  };
  if (request.apiKey) headers.Authorization = `Bearer ${request.apiKey}`;

  return new Promise<ChatReply>((resolve, reject) => {
    const outgoing = (url.protocol === "https:" ? https : http).request(
      url,
      { method: "POST", headers, signal: request.signal },
      (response) => {
        response.setEncoding("utf8");
        const status = response.statusCode ?? 0;
        if (status < 200 || status > 299) {
          let said = "";
          response.on("data", (text: string) => {
            if (said.length < ERROR_BODY_KEPT) said += text.slice(0, ERROR_BODY_KEPT - said.length);
          });
          finished(response, (error) => reject(error ?? new ProviderHttpError(status, said)));
          return;
        }

        const reply: ChatReply = { text: "", toolCalls: [], usage: undefined };
        let failure: Error | undefined;
        const fail = (error: Error) => {
          failure ??= error;
          response.destroy(failure);
        };
        const parser = createParser({
          maxBufferSize: MAX_EVENT_CHARS,
          onError: (error) => fail(new ProviderStreamError(error.message, { cause: error })),
          onEvent: (event) => {
            if (failure || event.data === "[DONE]") return;
            let json: unknown;
            try {
              json = JSON.parse(event.data);
            } catch (error) {
              return fail(new ProviderStreamError("The stream carried broken JSON", { cause: error }));
            }
            const chunk = chunkSchema.safeParse(json);
            if (!chunk.success)
              return fail(new ProviderStreamError("A chunk of another shape", { cause: chunk.error }));
            if (chunk.data.error)
              return fail(new ProviderStreamError(chunk.data.error.message ?? "An error mid-reply"));
            const text = chunk.data.choices?.[0]?.delta?.content;
            if (text) {
              reply.text += text;
              request.onDelta(text);
            }
            addToolCallPieces(reply.toolCalls, chunk.data.choices);
            const usage = chunk.data.usage;
            if (usage) reply.usage = { promptTokens: usage.prompt_tokens, replyTokens: usage.completion_tokens };
            const replyChars =
              reply.text.length + reply.toolCalls.reduce((sum, call) => sum + call.arguments.length, 0);
            if (replyChars > MAX_REPLY_CHARS) fail(new ProviderStreamError("The reply ran past its length"));
          },
        });
        let streamed = 0;
        response.on("data", (text: string) => {
          streamed += text.length;
          if (streamed > MAX_STREAM_CHARS) fail(new ProviderStreamError("The stream ran past its length"));
          if (failure) return;
          // A throw here (from `onDelta`, say) would escape the socket's event and end the process.
          try {
            parser.feed(text);
          } catch (error) {
            fail(error instanceof Error ? error : new Error(String(error)));
          }
        });
        finished(response, (error) => {
          if (failure || error) return reject(failure ?? error);
          const toolCalls = reply.toolCalls
            .map((call, index) => ({ ...call, id: call.id || `call_${index}` }))
            .filter((call) => call.name);
          resolve({ text: reply.text, toolCalls, usage: reply.usage });
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
