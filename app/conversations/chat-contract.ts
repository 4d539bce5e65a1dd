/**
 * The public chat API as its callers see it: where it lives, what a message may hold and what an
 * answer looks like. The server (app/conversations/message-schema.ts, app/routes.ts), the widget
 * (app/widget/) and the public demo (app/demo/) all read it from here. Free of zod and of server
 * code, because the widget's own small script bundles it.
 */

/** The plugin's endpoints on our server; app/plugin/wordpress/alex-ai-assistant.php names chatUi too. */
export const CHAT_API_PATHS = {
  chatUi: "/api/wordpress/chat-ui",
  messages: "/api/wordpress/messages",
  history: "/api/wordpress/history",
  feedback: "/api/wordpress/feedback",
  /** "How did we do?" at the end of a conversation: 1 to 5 and an optional comment. */
  rating: "/api/wordpress/rating",
  /** Server-Sent Events of one session: a person joining, their replies, Alex coming back. */
  chatEvents: "/api/wordpress/chat-events",
} as const;

/** A visitor's message: 1 to 2,000 characters once trimmed (its pictures: app/pictures/picture-limits.ts). */
export const MESSAGE_MAX_LENGTH = 2000;

/**
 * The answer to a message: as JSON, or as the `done` event of the stream. `heldBy` is there (true)
 * only when a person holds the session: the reply is then empty and the person answers through the
 * chat events. Callers that do not know it see an empty reply, never an error.
 */
export type ChatReply = {
  sessionId: string;
  messageId: number;
  reply: string;
  messageType: string;
  cost: number;
  heldBy?: true;
};

/** What the chat events stream sends (event name `chat`). */
export type ChatEvent =
  | { kind: "joined" }
  | { kind: "left"; timedOut: boolean }
  | { kind: "message"; role: "operator" | "assistant"; messageId: number; text: string };
