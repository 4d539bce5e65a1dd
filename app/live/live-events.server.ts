import { z } from "zod";
import type { LiveEventBus } from "#db/connection.ts";
import { CHANNELS, MESSAGE_ROLES } from "#db/vocabulary.ts";
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
  }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/**
 * Publishes one event without holding up the work that caused it: a failure (the database gone,
 * say) is only logged, because the stored message is what counts and the screens catch up on reload.
 */
export function publishLiveEvent(bus: LiveEventBus, event: LiveEvent): Promise<void> {
  return Promise.resolve()
    .then(() => bus.publish(JSON.stringify(event)))
    .catch((error: unknown) => logError(error, { event: "live_event_failed", type: event.type }));
}

/** Hears every valid event; a payload that is not one of ours is skipped. Answers the unsubscribe. */
export function subscribeLiveEvents(bus: LiveEventBus, listener: (event: LiveEvent) => void) {
  return bus.subscribe((payload) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const event = liveEventSchema.safeParse(parsed);
    if (event.success) listener(event.data);
  });
}
