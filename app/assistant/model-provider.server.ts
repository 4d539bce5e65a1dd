import { createOpenAICompatible, type OpenAICompatibleProvider } from "@ai-sdk/openai-compatible";
import { APICallError, zodSchema } from "ai";
import { z } from "zod";
import { mergeContactDetails, normalisePhone, type ContactDetails } from "./contact-details.ts";
import { DELIVERABLES, type Deliverable } from "./message-type.ts";

/** An OpenAI-compatible chat API (OpenAI, Azure, Ollama, vLLM...): AI_BASE_URL, AI_API_KEY, AI_MODEL. */
export type ModelSettings = {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** AI_TIMEOUT_MS: how long a turn may take before the visitor gets the fallback. */
  timeoutMs?: number;
};

export type HistoryTurn = { role: "user" | "assistant"; content: string };

export type ModelTurnInput = {
  settings: ModelSettings;
  system: string;
  history: readonly HistoryTurn[];
  message: string;
  onDelta: (text: string) => void;
  timeoutMs?: number;
};

export type ModelTurn = {
  text: string;
  /** Contact details the model passed to its tools, phone numbers checked. */
  details: ContactDetails;
  deliverable: Deliverable | undefined;
};

/**
 * A reply slower than this is abandoned for the fallback: a stuck provider keeps no visitor waiting
 * longer. Well inside the 20 s the chat widget waits for an answer, so the fallback (stored with the
 * message) reaches the visitor before the widget gives up. AI_TIMEOUT_MS changes it.
 */
export const MODEL_TIMEOUT_MS = 12_000;
/** Tool calls, then the reply: a turn never needs more model round trips than this. */
const MAX_STEPS = 4;

export class ModelFailure extends Error {
  constructor(
    readonly reason: "timeout" | "network" | "http" | "empty",
    options?: ErrorOptions,
  ) {
    super(`The AI provider failed: ${reason}`, options);
    this.name = "ModelFailure";
  }
}

const detailsSchema = z.object({
  clientName: z.string().trim().min(1).max(100).optional().describe("The visitor's name"),
  phone: z.string().trim().max(40).optional().describe("The visitor's phone number"),
  partyType: z.string().trim().max(100).optional().describe("The occasion, e.g. wedding, bar mitzvah"),
  guestCount: z.number().int().min(1).max(100_000).optional().describe("The number of guests"),
  budget: z.string().trim().max(60).optional().describe("The budget as the visitor said it"),
  location: z.string().trim().max(100).optional().describe("Where the event takes place"),
});

function checkedDetails(input: z.infer<typeof detailsSchema>): ContactDetails {
  const { phone, ...rest } = input;
  return { ...rest, phone: phone ? normalisePhone(phone) : undefined };
}

/** Connection refused or reset, DNS, a socket closed mid-reply: worth one more try, an HTTP error is not. */
function isNetworkError(error: unknown): boolean {
  if (APICallError.isInstance(error)) return error.statusCode === undefined && !isAbort(error.cause);
  if (error instanceof TypeError) return true;
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } })?.cause?.code ?? (error as { code?: unknown })?.code;
  return (
    typeof code === "string" &&
    /^(ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|UND_ERR_SOCKET)$/.test(code)
  );
}

function isAbort(error: unknown) {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

/**
 * One turn with the model, streamed: text deltas go to `onDelta` as they come. Contact capture,
 * function completion and marking what the reply delivered are tools the model calls. A network
 * error before anything was streamed is retried once; every attempt shares one deadline (MODEL_TIMEOUT_MS).
 */
export async function askModel(input: ModelTurnInput): Promise<ModelTurn> {
  const deadline = AbortSignal.timeout(input.timeoutMs ?? input.settings.timeoutMs ?? MODEL_TIMEOUT_MS);
  let streamedAnything = false;
  const onDelta = (text: string) => {
    streamedAnything = true;
    input.onDelta(text);
  };
  try {
    return await attempt(input, deadline, onDelta);
  } catch (error) {
    if (deadline.aborted) throw new ModelFailure("timeout", { cause: error });
    if (streamedAnything || !isNetworkError(error)) throw asFailure(error);
  }
  try {
    return await attempt(input, deadline, onDelta);
  } catch (error) {
    throw deadline.aborted ? new ModelFailure("timeout", { cause: error }) : asFailure(error);
  }
}

function asFailure(error: unknown) {
  if (error instanceof ModelFailure) return error;
  return new ModelFailure(isNetworkError(error) ? "network" : "http", { cause: error });
}

/**
 * Models by address, key and name, made once: making one builds its stream's parsers (about seventy zod
 * schemas, some compiled to code), which per turn cost a waiting visitor's reply about 100 KB and the
 * server the CPU to build them. A few entries at most: the settings come from the environment.
 */
type ChatModel = ReturnType<OpenAICompatibleProvider["chatModel"]>;
const chatModels = new Map<string, ChatModel>();
const CHAT_MODELS_KEPT = 8;

function chatModelFor(settings: ModelSettings): ChatModel {
  const key = JSON.stringify([settings.baseUrl, settings.apiKey ?? null, settings.model]);
  let model = chatModels.get(key);
  if (!model) {
    const provider = createOpenAICompatible({ name: "alex-ai", baseURL: settings.baseUrl, apiKey: settings.apiKey });
    model = provider.chatModel(settings.model);
    if (chatModels.size >= CHAT_MODELS_KEPT) chatModels.delete(chatModels.keys().next().value!);
    chatModels.set(key, model);
  }
  return model;
}

type CallOptions = Parameters<ChatModel["doStream"]>[0];
type Prompt = CallOptions["prompt"];
type StreamPart =
  Awaited<ReturnType<ChatModel["doStream"]>>["stream"] extends ReadableStream<infer Part> ? Part : never;
type ToolCall = Extract<StreamPart, { type: "tool-call" }>;
type ToolResult = Extract<Prompt[number], { role: "tool" }>["content"][number];

/** What the model told the turn through its tools. */
type Findings = { details: ContactDetails; deliverable: Deliverable | undefined };

/** What a tool tells the model back: JSON, where a missing key is left out. */
type ToolReply = Record<string, string | boolean | undefined>;

type Tool = {
  description: string;
  input: z.ZodType;
  /** Called only with what `input` parsed. */
  run: (said: unknown, findings: Findings) => ToolReply;
};

function defineTool<Input>(
  description: string,
  input: z.ZodType<Input>,
  run: (said: Input, findings: Findings) => ToolReply,
): Tool {
  return { description, input, run: run as Tool["run"] };
}

/** The tools the model may call: contact capture, function completion and what the reply delivers. */
const TOOLS = new Map<string, Tool>([
  [
    "save_contact_details",
    defineTool(
      "Save what the visitor told about themselves: name, phone number, event details.",
      detailsSchema,
      (said, findings) => {
        findings.details = mergeContactDetails(findings.details, checkedDetails(said));
        return { saved: true, phoneAccepted: said.phone ? Boolean(findings.details.phone) : undefined };
      },
    ),
  ],
  [
    "complete_function",
    defineTool(
      "The visitor gave a name and a phone number and wants the business to follow up: record it.",
      detailsSchema.required({ clientName: true, phone: true }),
      (said, findings) => {
        findings.details = mergeContactDetails(findings.details, checkedDetails(said));
        return { recorded: Boolean(findings.details.clientName && findings.details.phone) };
      },
    ),
  ],
  [
    "mark_reply",
    defineTool(
      "Say what your reply delivers: a written article, a concrete solution, an approved article or a confirmed payment.",
      z.object({ type: z.enum(DELIVERABLES) }),
      ({ type }, findings) => {
        findings.deliverable = type;
        return { marked: type };
      },
    ),
  ],
]);

// Described to the provider once: turning a zod schema into JSON Schema is work no turn needs to repeat.
type FunctionTool = Extract<NonNullable<CallOptions["tools"]>[number], { type: "function" }>;
const TOOL_DESCRIPTIONS: FunctionTool[] = [...TOOLS].map(([name, tool]) => ({
  type: "function",
  name,
  description: tool.description,
  // A zod schema converts at once; only other kinds of schema may need awaiting.
  inputSchema: zodSchema(tool.input).jsonSchema as FunctionTool["inputSchema"],
}));

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text || "{}");
  } catch {
    return undefined;
  }
}

/** Runs one tool call; a call the tools cannot take goes back to the model as an error it can correct. */
function runTool(call: ToolCall, input: unknown, findings: Findings): ToolResult {
  const reply = (output: Extract<ToolResult, { type: "tool-result" }>["output"]): ToolResult => ({
    type: "tool-result",
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    output,
  });
  const tool = TOOLS.get(call.toolName);
  if (!tool) return reply({ type: "error-text", value: `There is no tool named ${call.toolName}.` });
  const said = tool.input.safeParse(input);
  if (!said.success) return reply({ type: "error-text", value: `Invalid input: ${z.prettifyError(said.error)}` });
  return reply({ type: "json", value: tool.run(said.data, findings) });
}

async function* partsOf(stream: ReadableStream<StreamPart>) {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Leaving early (an error part, the deadline) must not leave the provider's response open.
    reader.cancel().catch(() => {});
  }
}

/**
 * One attempt at a turn: the model's reply, streamed, with up to MAX_STEPS round trips while it calls
 * tools. This is the loop the SDK's `streamText` runs, written against the provider's own stream: the
 * SDK's layers of streams held about 140 KB and several hundred promises and closures for each visitor
 * waiting on a slow model (docs/request-cost.md).
 */
async function attempt(
  input: ModelTurnInput,
  signal: AbortSignal,
  onDelta: (text: string) => void,
): Promise<ModelTurn> {
  const model = chatModelFor(input.settings);
  const findings: Findings = { details: {}, deliverable: undefined };
  const prompt: Prompt = [
    { role: "system", content: input.system },
    ...input.history.map((turn): Prompt[number] =>
      turn.role === "user"
        ? { role: "user", content: [{ type: "text", text: turn.content }] }
        : { role: "assistant", content: [{ type: "text", text: turn.content }] },
    ),
    { role: "user", content: [{ type: "text", text: input.message }] },
  ];

  let text = "";
  for (let step = 1; step <= MAX_STEPS; step++) {
    const { stream } = await model.doStream({
      prompt,
      tools: TOOL_DESCRIPTIONS,
      toolChoice: { type: "auto" },
      abortSignal: signal,
    });
    let stepText = "";
    const calls: ToolCall[] = [];
    for await (const part of partsOf(stream)) {
      if (part.type === "text-delta" && part.delta) {
        stepText += part.delta;
        onDelta(part.delta);
      } else if (part.type === "tool-call") {
        calls.push(part);
      } else if (part.type === "error") {
        throw part.error;
      }
    }
    text += stepText;
    if (calls.length === 0) break;
    const inputs = calls.map((call) => parseJson(call.input));
    prompt.push(
      {
        role: "assistant",
        content: [
          ...(stepText ? [{ type: "text" as const, text: stepText }] : []),
          ...calls.map((call, index) => ({
            type: "tool-call" as const,
            toolCallId: call.toolCallId,
            toolName: call.toolName,
            input: inputs[index] ?? {},
          })),
        ],
      },
      { role: "tool", content: calls.map((call, index) => runTool(call, inputs[index], findings)) },
    );
  }
  if (!text.trim()) throw new ModelFailure("empty");
  return { text: text.trim(), details: findings.details, deliverable: findings.deliverable };
}
