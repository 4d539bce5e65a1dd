import type { DeliveryEvent, FunctionClientDetails } from "#db/vocabulary.ts";

/**
 * What a lead event says, as the webhook's JSON body carries it and the e-mail is written from:
 * the same for every channel and every attempt (the delivery row keeps it as it was).
 */
export type LeadEvent = {
  /** Unique per event; the e-mail and the webhook of one event share it, so a receiver can drop a repeat. */
  id: string;
  type: DeliveryEvent;
  createdAt: string;
  client: { id: number; businessName: string };
  session: { id: string };
  contact: FunctionClientDetails;
  /** Only for `function.completed`. */
  function?: { type: string };
  /**
   * What the visitor asked: the conversation's last messages up to this one, oldest first, at most
   * `LEAD_CONTEXT_MESSAGES` of them, each cut at `LEAD_CONTEXT_CHARACTERS`. Absent from events queued
   * before leads carried their context.
   */
  conversation?: LeadContextMessage[];
  /** The conversation's page in the back office (an absolute address). Absent as `conversation` is. */
  link?: string;
};

/** Who wrote a message of the lead's context: the visitor, Alex, or an operator holding the session. */
export type LeadContextMessage = { from: "visitor" | "assistant" | "operator"; text: string };

export const LEAD_CONTEXT_MESSAGES = 6;
export const LEAD_CONTEXT_CHARACTERS = 500;
