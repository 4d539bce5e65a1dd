import type { Database, LiveEventBus } from "#db/connection.ts";
import { deliverDueLeads, type DeliveryConfig } from "~/leads/lead-delivery.server.ts";
import { subscribeLiveEvents } from "~/live/live-events.server.ts";
import { logError, logInfo } from "~/server/log.server.ts";

/**
 * How often the worker asks for due deliveries when nothing wakes it: retries that come due, and a lead
 * whose event was lost. An idle server asks a cheap indexed question.
 */
export const DELIVERY_POLL_MS = 5_000;

/**
 * How long `stop` waits for a round in progress: a mail server that hangs must not hold a shutdown for
 * its full deadlines. A delivery cut off this way is sent again once its hold runs out (its event id
 * lets a receiver drop the repeat).
 */
const STOP_WAIT_MS = 10_000;

export type DeliveryWorker = { stop: () => Promise<void> };

/**
 * The outbox's worker (docs/decisions/022-signed-lead-webhooks.md): every few seconds it sends
 * what is due in `lead_deliveries`, and at once when the live events (`bus`) say a lead was just
 * queued, on this server or another. The queue lives in the database, so a restart loses nothing
 * and several servers share the work (each row is taken by one). Like the scheduler, its timer
 * never keeps the process alive, and `stop` waits (a while) for the round in progress.
 */
export function startDeliveryWorker({
  db,
  config,
  bus,
  pollMs = DELIVERY_POLL_MS,
}: {
  db: Database;
  config: DeliveryConfig;
  bus?: LiveEventBus;
  pollMs?: number;
}): DeliveryWorker {
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  let running = false;
  /** A lead arrived during a round, which may have looked before it was queued: another round follows. */
  let wokenDuringRound = false;
  let stopped = false;

  function tick() {
    running = true;
    wokenDuringRound = false;
    round = deliverDueLeads(db, config, { keepGoing: () => !stopped })
      .then(({ attempted, delivered }) => {
        if (attempted > 0) logInfo("lead.deliveries", { attempted, delivered });
      })
      .catch((error: unknown) => logError(error, { event: "lead.deliveries.error" }))
      .finally(() => {
        running = false;
        if (stopped) return;
        timer = setTimeout(tick, wokenDuringRound ? 0 : pollMs);
        timer.unref();
      });
  }

  function wake() {
    if (stopped) return;
    if (running) {
      wokenDuringRound = true;
      return;
    }
    clearTimeout(timer);
    tick();
  }

  // Without the events (they failed to start) the worker still finds every lead on its next round.
  const unsubscribe = bus
    ? subscribeLiveEvents(bus, (event) => {
        if (event.type === "lead") wake();
      }).catch((error: unknown) => {
        logError(error, { event: "lead.deliveries.listen_failed" });
        return undefined;
      })
    : undefined;

  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      (await unsubscribe)?.();
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([round, new Promise((resolve) => (waited = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(waited);
    },
  };
}
