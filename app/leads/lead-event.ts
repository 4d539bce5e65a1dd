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
};
