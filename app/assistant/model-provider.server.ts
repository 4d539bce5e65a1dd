import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { APICallError, stepCountIs, streamText, tool, zodSchema, type LanguageModel, type ModelMessage } from "ai";
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

// Wrapped once: the SDK turns each tool's schema into JSON Schema for every request, and a wrapped
// schema keeps what it turned into.
const contactDetailsInput = zodSchema(detailsSchema);
const completedFunctionInput = zodSchema(detailsSchema.required({ clientName: true, phone: true }));
const replyDeliverableInput = zodSchema(z.object({ type: z.enum(DELIVERABLES) }));

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
 * schemas, some compiled to code), which per turn cost a waiting visitor's reply about 300 KB and the
 * server the CPU to build them. A few entries at most: the settings come from the environment.
 */
const chatModels = new Map<string, LanguageModel>();
const CHAT_MODELS_KEPT = 8;

function chatModelFor(settings: ModelSettings): LanguageModel {
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

async function attempt(
  input: ModelTurnInput,
  signal: AbortSignal,
  onDelta: (text: string) => void,
): Promise<ModelTurn> {
  let details: ContactDetails = {};
  let deliverable: Deliverable | undefined;

  const result = streamText({
    model: chatModelFor(input.settings),
    system: input.system,
    messages: [...input.history, { role: "user", content: input.message }] satisfies ModelMessage[],
    maxRetries: 0,
    abortSignal: signal,
    stopWhen: stepCountIs(MAX_STEPS),
    // The SDK logs stream errors by default; they arrive in the stream below and are handled there.
    onError: () => {},
    tools: {
      save_contact_details: tool({
        description: "Save what the visitor told about themselves: name, phone number, event details.",
        inputSchema: contactDetailsInput,
        execute: async (said) => {
          details = mergeContactDetails(details, checkedDetails(said));
          return { saved: true, phoneAccepted: said.phone ? Boolean(details.phone) : undefined };
        },
      }),
      complete_function: tool({
        description: "The visitor gave a name and a phone number and wants the business to follow up: record it.",
        inputSchema: completedFunctionInput,
        execute: async (said) => {
          details = mergeContactDetails(details, checkedDetails(said));
          return { recorded: Boolean(details.clientName && details.phone) };
        },
      }),
      mark_reply: tool({
        description:
          "Say what your reply delivers: a written article, a concrete solution, an approved article or a confirmed payment.",
        inputSchema: replyDeliverableInput,
        execute: async ({ type }) => {
          deliverable = type;
          return { marked: type };
        },
      }),
    },
  });

  let text = "";
  for await (const part of result.fullStream) {
    if (part.type === "text-delta" && part.text) {
      text += part.text;
      onDelta(part.text);
    } else if (part.type === "error") {
      throw part.error;
    } else if (part.type === "abort") {
      throw new ModelFailure(signal.aborted ? "timeout" : "network");
    }
  }
  if (!text.trim()) throw new ModelFailure("empty");
  return { text: text.trim(), details, deliverable };
}
