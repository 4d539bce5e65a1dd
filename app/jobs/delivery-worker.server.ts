import type { Database, LiveEventBus } from "#db/connection.ts";
import {
  byClient,
  claimDueDeliveries,
  DELIVERY_LANES,
  deliverInTurn,
  type DeliveryConfig,
} from "~/leads/lead-delivery.server.ts";
import type { LeadDelivery } from "~/models/lead-delivery.server.ts";
import { subscribeLiveEvents } from "~/live/live-events.server.ts";
import { logError, logInfo } from "~/server/log.server.ts";

/**
 * How often the worker asks for due deliveries when nothing wakes it: retries that come due, and a lead
 * whose event was lost. An idle server asks a cheap indexed question.
 */
export const DELIVERY_POLL_MS = 5_000;

/**
 * How long `stop` waits for the deliveries in progress: a mail server that hangs must not hold a shutdown for
 * its full deadlines. A delivery cut off this way is sent again once its hold runs out (its event id
 * lets a receiver drop the repeat).
 */
const STOP_WAIT_MS = 10_000;

export type DeliveryWorker = { stop: () => Promise<void> };

/**
 * The outbox's worker (docs/decisions/022-signed-lead-webhooks.md): every few seconds it sends
 * what is due in `lead_deliveries`, and at once when the live events (`bus`) say a lead was just
 * queued, on this server or another. The queue lives in the database, so a restart loses nothing
 * and several servers share the work (each row is taken by one). Up to `DELIVERY_LANES` businesses'
 * deliveries go out side by side, each business's one at a time: when a lane frees up it takes what
 * is due at once, so a receiver that hangs delays nobody else's leads. Like the scheduler, its timer
 * never keeps the process alive, and `stop` waits (a while) for the deliveries in progress.
 */
export function startDeliveryWorker({
  db,
  config,
  bus,
  pollMs = DELIVERY_POLL_MS,
  lanes = DELIVERY_LANES,
}: {
  db: Database;
  config: DeliveryConfig;
  bus?: LiveEventBus;
  pollMs?: number;
  lanes?: number;
}): DeliveryWorker {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** The lanes at work, by the client each is sending for. */
  const busy = new Map<number, Promise<void>>();
  let claiming = false;
  /** A lead arrived or a lane freed up while claiming, which may have looked before: claim again. */
  let again = false;
  const keepGoing = () => !stopped;

  function lane(clientId: number, deliveries: LeadDelivery[]) {
    const work = deliverInTurn(db, deliveries, config, { keepGoing })
      .then(({ attempted, delivered }) => {
        if (attempted > 0) logInfo("lead.deliveries", { attempted, delivered });
      })
      .catch((error: unknown) => logError(error, { event: "lead.deliveries.error" }))
      .finally(() => {
        busy.delete(clientId);
        fill();
      });
    busy.set(clientId, work);
  }

  /** Fills the free lanes with what is due, then waits for the next poll, lead or freed lane. */
  function fill() {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    clearTimeout(timer);
    void (async () => {
      do {
        again = false;
        while (!stopped && busy.size < lanes) {
          const claimed = await claimDueDeliveries(db, {
            now: new Date(),
            limit: lanes - busy.size,
            busyClientIds: [...busy.keys()],
          });
          for (const [clientId, deliveries] of byClient(claimed)) lane(clientId, deliveries);
          if (claimed.length === 0) break;
        }
      } while (again && !stopped && busy.size < lanes);
    })()
      .catch((error: unknown) => logError(error, { event: "lead.deliveries.error" }))
      .finally(() => {
        claiming = false;
        if (stopped) return;
        clearTimeout(timer);
        timer = setTimeout(fill, pollMs);
        timer.unref();
      });
  }

  // Without the events (they failed to start) the worker still finds every lead on its next round.
  const unsubscribe = bus
    ? subscribeLiveEvents(bus, (event) => {
        if (event.type === "lead") fill();
      }).catch((error: unknown) => {
        logError(error, { event: "lead.deliveries.listen_failed" });
        return undefined;
      })
    : undefined;

  fill();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      (await unsubscribe)?.();
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(busy.values()),
        new Promise((resolve) => (waited = setTimeout(resolve, STOP_WAIT_MS))),
      ]);
      clearTimeout(waited);
    },
  };
}
