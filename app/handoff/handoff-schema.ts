import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "~/conversations/chat-contract.ts";
import { multiLineText } from "~/lib/text.ts";

/** The session page's posts: take over, hand back, or reply while holding the session. */
export const HANDOFF_INTENTS = ["take-over", "hand-back", "reply"] as const;
export const handoffIntentSchema = z.enum(HANDOFF_INTENTS, "handoff.errors.intent");

/** An operator's reply: what a visitor may write, so the widget shows it the same way. */
export const operatorReplySchema = z.object({
  intent: z.literal("reply"),
  reply: multiLineText("handoff.errors.replyRequired")
    .trim()
    .min(1, "handoff.errors.replyRequired")
    .max(MESSAGE_MAX_LENGTH, "handoff.errors.replyTooLong"),
});
