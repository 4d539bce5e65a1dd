import { z } from "zod";
import type { LiveEventBus } from "#db/connection.ts";
import { CHANNELS, CONVERSATION_STATES, MESSAGE_ROLES } from "#db/vocabulary.ts";
import { logError } from "~/server/log.server.ts";

/**
 * What the back office hears live: a message stored (any role), a new conversation, a new lead,
 * and a session taken over or handed back. Events carry ids and little else: a screen that hears
 * one reads what it shows through its own loader, under the operator's session.
 */
export const liveEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("message"),
    clientId: z.number().int(),
    sessionId: z.string(),
    channel: z.enum(CHANNELS),
    role: z.enum(MESSAGE_ROLES),
    messageId: z.number().int(),
    /** When the visitor's message reached our server (ms since the epoch): the live-latency benchmark's start. */
    receivedAt: z.number(),
  }),
  z.object({
    type: z.literal("session"),
    clientId: z.number().int(),
    sessionId: z.string(),
    channel: z.enum(CHANNELS),
  }),
  z.object({ type: z.literal("lead"), clientId: z.number().int(), sessionId: z.string().nullable() }),
  z.object({
    type: z.literal("handoff"),
    clientId: z.number().int(),
    sessionId: z.string(),
    /** The operator who holds the session now; null when Alex answers again. */
    heldBy: z.string().nullable(),
    /** The conversation's state now, for the inbox and the shells' count of waiting visitors. */
    state: z.enum(CONVERSATION_STATES).optional(),
  }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/**
 * Publishes events without holding up the work that caused them: a failure (the database gone, say)
 * is only logged and answered false, because the stored message is what counts and the screens
 * catch up on reload.
 * Several events leave as one payload (one NOTIFY, one round trip on PostgreSQL) and are heard in
 * their order: a screen must hear of a session before its first message.
 */
export function publishLiveEvents(bus: LiveEventBus, events: LiveEvent[]): Promise<boolean> {
  if (events.length === 0) return Promise.resolve(true);
  return Promise.resolve()
    .then(() => bus.publish(JSON.stringify(events.length === 1 ? events[0] : events)))
    .then(
      () => true,
      (error: unknown) => {
        logError(error, { event: "live_event_failed", type: events.map((event) => event.type).join(",") });
        return false;
      },
    );
}

/** True when the event left for every server's listeners (an operator's reply says so to its writer). */
export function publishLiveEvent(bus: LiveEventBus, event: LiveEvent): Promise<boolean> {
  return publishLiveEvents(bus, [event]);
}

/**
 * Hears every valid event, one at a time and in order when a payload carries several; a payload (or
 * an entry of one) that is not one of ours is skipped. Answers the unsubscribe.
 */
export function subscribeLiveEvents(bus: LiveEventBus, listener: (event: LiveEvent) => void) {
  return bus.subscribe((payload) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    for (const entry of Array.isArray(parsed) ? parsed : [parsed]) {
      const event = liveEventSchema.safeParse(entry);
      if (event.success) listener(event.data);
    }
  });
}
