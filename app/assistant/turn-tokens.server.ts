import type { TokenCounter } from "#db/vocabulary.ts";
import type { ChatMessage, ChatReply, ChatTool } from "./openai-chat.server.ts";

/**
 * What a model turn cost in tokens: the prompt's and the reply's, every round trip of the turn summed
 * (a turn with tool calls sends the conversation again with each call's result), and where the
 * figures came from. The provider's own `usage` when it sent one; otherwise counted here with
 * gpt-tokenizer's o200k_base, the encoding of OpenAI's current models: for another model's own
 * tokenizer an estimate, close enough to see which client's turns cost what.
 */
export type TurnTokens = { promptTokens: number; replyTokens: number; countedBy: TokenCounter };

/**
 * What the chat format adds around each message and before the reply (OpenAI's published counting
 * for its chat models): the role and the separators.
 */
const TOKENS_PER_MESSAGE = 3;
const TOKENS_BEFORE_REPLY = 3;

type Counter = (text: string) => number;

let counter: Promise<Counter> | undefined;

/**
 * The tokenizer, loaded on the first turn that needs it: its ranks are megabytes a server whose
 * provider sends `usage` never loads. A visitor's "<|endoftext|>" is text here, as the provider reads it.
 */
function tokenCounter(): Promise<Counter> {
  counter ??= import("gpt-tokenizer/encoding/o200k_base").then(
    ({ countTokens }) =>
      (text: string) =>
        countTokens(text, { disallowedSpecial: new Set() }),
  );
  return counter;
}

function messageText(message: ChatMessage): string {
  if (message.role !== "assistant") return message.content;
  return (message.content ?? "") + (message.tool_calls ? JSON.stringify(message.tool_calls) : "");
}

/** The prompt's tokens as sent: every message with its framing, and the tools' descriptions. */
export function promptTokens(count: Counter, messages: readonly ChatMessage[], tools: readonly ChatTool[]): number {
  const inMessages = messages.reduce((sum, message) => sum + TOKENS_PER_MESSAGE + count(messageText(message)), 0);
  return inMessages + (tools.length > 0 ? count(JSON.stringify(tools)) : 0) + TOKENS_BEFORE_REPLY;
}

/** The reply's tokens: its text and the tool calls it made, names and arguments. */
export function replyTokens(count: Counter, reply: Pick<ChatReply, "text" | "toolCalls">): number {
  return reply.toolCalls.reduce((sum, call) => sum + count(call.name) + count(call.arguments), count(reply.text));
}

/** One round trip's tokens: the provider's figures, or counted from what was sent and what came back. */
export async function roundTripTokens(
  messages: readonly ChatMessage[],
  tools: readonly ChatTool[],
  reply: ChatReply,
): Promise<TurnTokens> {
  if (reply.usage) return { ...reply.usage, countedBy: "provider" };
  const count = await tokenCounter();
  return {
    promptTokens: promptTokens(count, messages, tools),
    replyTokens: replyTokens(count, reply),
    countedBy: "tokenizer",
  };
}

/** A turn's round trips summed: counted as soon as one of them was, the provider's only if all were. */
export function addTokens(sum: TurnTokens | undefined, next: TurnTokens): TurnTokens {
  if (!sum) return next;
  return {
    promptTokens: sum.promptTokens + next.promptTokens,
    replyTokens: sum.replyTokens + next.replyTokens,
    countedBy: sum.countedBy === "provider" && next.countedBy === "provider" ? "provider" : "tokenizer",
  };
}
