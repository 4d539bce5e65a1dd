import { z } from "zod";
import { singleLineText } from "~/lib/text.ts";
import { extractEmail, mergeContactDetails, normalisePhone, type ContactDetails } from "./contact-details.ts";
import { DELIVERABLES, type Deliverable } from "./message-type.ts";
import { streamChat, type ChatMessage, type ChatTool, type ChatToolCall } from "./openai-chat.server.ts";
import { addTokens, roundTripTokens, type TurnTokens } from "./turn-tokens.server.ts";

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
  /** The tools the model called, by name, in order: what its reply was built from besides the prompt. */
  toolCalls: string[];
  /** The turn's tokens, its round trips summed. */
  tokens: TurnTokens;
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

/**
 * A detail the model read from the visitor, cleaned like any text field (app/lib/text.ts): one line,
 * no control characters, so a name like "Eve\r\nPhone: 000" cannot add lines to the lead e-mail or
 * the webhook. Runs of spaces the cleaning leaves become one. Longer than `max` is cut, not refused:
 * the visitor's details still count.
 */
const detail = (max: number) =>
  singleLineText()
    .overwrite((value) => value.replace(/\s+/g, " ").trim().slice(0, max).trim())
    .min(1)
    .optional();

const detailsSchema = z.object({
  clientName: detail(100).describe("The visitor's name"),
  phone: detail(40).describe("The visitor's phone number, with its country code if not Israeli"),
  email: detail(254).describe("The visitor's e-mail address"),
  partyType: detail(100).describe("The occasion, e.g. wedding, bar mitzvah"),
  guestCount: z.number().int().min(1).max(100_000).optional().describe("The number of guests"),
  budget: detail(60).describe("The budget as the visitor said it"),
  location: detail(100).describe("Where the event takes place"),
});

function checkedDetails(input: z.infer<typeof detailsSchema>): ContactDetails {
  const { phone, email, ...rest } = input;
  return { ...rest, phone: phone ? normalisePhone(phone) : undefined, email: email ? extractEmail(email) : undefined };
}

/**
 * The connection failed or was cut (refused, reset, DNS, TLS): worth one more try. Such errors carry
 * the system's code; an HTTP error or a stream that is not the protocol's does not, and is not retried.
 */
function isNetworkError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === "string" && code !== "ABORT_ERR";
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
      "Save what the visitor told about themselves: name, phone number, e-mail, event details.",
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
const TOOL_DESCRIPTIONS: ChatTool[] = [...TOOLS].map(([name, tool]) => ({
  type: "function",
  function: {
    name,
    description: tool.description,
    // No keys but the schema's: zod would drop any other unread.
    parameters: { ...z.toJSONSchema(tool.input, { target: "draft-7", io: "input" }), additionalProperties: false },
  },
}));

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text || "{}");
  } catch {
    return undefined;
  }
}

/** Runs one tool call; a call the tools cannot take goes back to the model as an error it can correct. */
function runTool(call: ChatToolCall, input: unknown, findings: Findings): ChatMessage {
  const reply = (content: string): ChatMessage => ({ role: "tool", tool_call_id: call.id, content });
  const tool = TOOLS.get(call.name);
  if (!tool) return reply(`There is no tool named ${call.name}.`);
  const said = tool.input.safeParse(input);
  if (!said.success) return reply(`Invalid input: ${z.prettifyError(said.error)}`);
  return reply(JSON.stringify(tool.run(said.data, findings)));
}

/**
 * One attempt at a turn: the model's reply, streamed, with up to MAX_STEPS round trips while it calls
 * tools: the loop the AI SDK's `streamText` runs, over one request a step without the SDK's layers of
 * streams, which held about 80 KB more of each visitor waiting on a slow model (decisions 031 and 035).
 */
async function attempt(
  input: ModelTurnInput,
  signal: AbortSignal,
  onDelta: (text: string) => void,
): Promise<ModelTurn> {
  const { baseUrl, apiKey, model } = input.settings;
  const findings: Findings = { details: {}, deliverable: undefined };
  const messages: ChatMessage[] = [
    { role: "system", content: input.system },
    ...input.history.map(({ role, content }): ChatMessage => ({ role, content })),
    { role: "user", content: input.message },
  ];

  let text = "";
  const toolCalls: string[] = [];
  let tokens: TurnTokens | undefined;
  for (let step = 1; step <= MAX_STEPS; step++) {
    const reply = await streamChat({ baseUrl, apiKey, model, messages, tools: TOOL_DESCRIPTIONS, signal, onDelta });
    // Before the tool calls join `messages`: this round trip's prompt is what was sent.
    tokens = addTokens(tokens, await roundTripTokens(messages, TOOL_DESCRIPTIONS, reply));
    text += reply.text;
    if (reply.toolCalls.length === 0) break;
    toolCalls.push(...reply.toolCalls.map((call) => call.name));
    const inputs = reply.toolCalls.map((call) => parseJson(call.arguments));
    messages.push(
      {
        role: "assistant",
        content: reply.text || null,
        tool_calls: reply.toolCalls.map((call, index) => ({
          id: call.id,
          type: "function" as const,
          // Arguments that do not parse go back as `{}`: a provider may refuse a conversation holding broken JSON.
          function: { name: call.name, arguments: JSON.stringify(inputs[index] ?? {}) },
        })),
      },
      ...reply.toolCalls.map((call, index) => runTool(call, inputs[index], findings)),
    );
  }
  if (!text.trim() || !tokens) throw new ModelFailure("empty");
  return { text: text.trim(), details: findings.details, deliverable: findings.deliverable, toolCalls, tokens };
}
