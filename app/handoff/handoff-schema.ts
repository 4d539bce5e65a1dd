import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "~/conversations/chat-contract.ts";
import { multiLineText } from "~/lib/text.ts";

/** The session page's posts: take over, hand back, reply while holding the session, assign it, close it. */
export const HANDOFF_INTENTS = ["take-over", "hand-back", "reply", "assign", "close"] as const;
export const handoffIntentSchema = z.enum(HANDOFF_INTENTS, "handoff.errors.intent");

/** An operator's reply: what a visitor may write, so the widget shows it the same way. */
export const operatorReplySchema = z.object({
  intent: z.literal("reply"),
  reply: multiLineText("handoff.errors.replyRequired")
    .trim()
    .min(1, "handoff.errors.replyRequired")
    .max(MESSAGE_MAX_LENGTH, "handoff.errors.replyTooLong"),
});

/** Giving the conversation to a colleague: one of the people the page offered. */
export const assignSchema = z.object({
  intent: z.literal("assign"),
  assignee: z.coerce
    .number("handoff.errors.assignee")
    .int("handoff.errors.assignee")
    .positive("handoff.errors.assignee")
    .max(2_147_483_647, "handoff.errors.assignee"),
});
