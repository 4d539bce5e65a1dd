import { z } from "zod";
import { CHAT_API_PATHS, type ChatReply } from "~/conversations/chat-contract.ts";

export { newClientMessageId } from "~/lib/client-message-id.ts";

/** The public demo's side of the message API (its contract: app/conversations/chat-contract.ts). */
const REPLY_TIMEOUT_MS = 30_000;

/**
 * The demo's input takes a question of at most 500 characters, as the product's demo always has; the
 * message API itself takes longer ones (MESSAGE_MAX_LENGTH) from the widget and the channels.
 */
export const DEMO_MESSAGE_MAX_LENGTH = 500;

/** What a visitor may send: trimmed, not empty, at most the demo's length. */
export const chatMessageSchema = z.string().trim().min(1).max(DEMO_MESSAGE_MAX_LENGTH);

const chatReplySchema = z.object({
  sessionId: z.string().min(1),
  messageId: z.number(),
  reply: z.string(),
  messageType: z.string(),
  cost: z.number(),
}) satisfies z.ZodType<ChatReply>;

export type ChatMessageRequest = {
  license: string;
  /** null starts a new conversation; the reply names the session to continue. */
  sessionId: string | null;
  /** The same id for a retry of the same message, so the server never stores or bills it twice. */
  clientMessageId: string;
  message: string;
  /** The visitor ticked the consent box: their contact details may be kept. */
  consent?: true;
};

/** "busy": the server refused for now (rate limit); "unreachable": anything else, including no server at all. */
export type ChatFailureReason = "unreachable" | "busy";

export class ChatUnavailableError extends Error {
  constructor(
    readonly reason: ChatFailureReason,
    detail: string,
    options?: ErrorOptions,
  ) {
    super(`The chat is ${reason}: ${detail}`, options);
    this.name = "ChatUnavailableError";
  }
}

type SendOptions = { endpoint?: string; timeoutMs?: number };

export async function sendChatMessage(
  request: ChatMessageRequest,
  { endpoint = CHAT_API_PATHS.messages, timeoutMs = REPLY_TIMEOUT_MS }: SendOptions = {},
): Promise<ChatReply> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (cause) {
    throw new ChatUnavailableError("unreachable", "no answer", { cause });
  }
  if (response.status === 429) throw new ChatUnavailableError("busy", "429");
  if (!response.ok) throw new ChatUnavailableError("unreachable", String(response.status));
  const reply = chatReplySchema.safeParse(await response.json().catch(() => null));
  if (!reply.success) throw new ChatUnavailableError("unreachable", "an answer of an unexpected shape");
  return reply.data;
}
