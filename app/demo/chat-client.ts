import { z } from "zod";

export { newClientMessageId } from "~/lib/client-message-id.ts";

/**
 * The browser's side of the conversation runtime's message API (DESIGN.md §5): the only place
 * that knows its address and shapes. The runtime only has to make the endpoint answer.
 */
export const CHAT_MESSAGES_ENDPOINT = "/api/wordpress/messages";
export const CHAT_MESSAGE_MAX_LENGTH = 500;
const REPLY_TIMEOUT_MS = 30_000;

/** What a visitor may send: trimmed, not empty, at most 500 characters. */
export const chatMessageSchema = z.string().trim().min(1).max(CHAT_MESSAGE_MAX_LENGTH);

const chatReplySchema = z.object({
  sessionId: z.string().min(1),
  reply: z.string(),
  messageType: z.string(),
});

export type ChatReply = z.infer<typeof chatReplySchema>;

export type ChatMessageRequest = {
  license: string;
  /** null starts a new conversation; the reply names the session to continue. */
  sessionId: string | null;
  /** The same id for a retry of the same message, so the server never stores or bills it twice. */
  clientMessageId: string;
  message: string;
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
  { endpoint = CHAT_MESSAGES_ENDPOINT, timeoutMs = REPLY_TIMEOUT_MS }: SendOptions = {},
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
