import { logError } from "./log.server.ts";

export type PollingLoop = { stop: () => Promise<void> };

/**
 * Runs `round` again `pollMs` after each one ends, never two at once, until stopped: the workers whose
 * queue lives in the database (tax documents, test questions, take-over time-outs, rating questions),
 * where a scheduled job's `job_runs` row every few seconds would be noise. A failed round is logged as
 * `errorEvent` and the next one runs as usual. The timer never keeps the process alive, and `stop`
 * waits for the round in progress. `firstRound` says whether the first round runs at once or after
 * one `pollMs`.
 */
export function startPollingLoop({
  round,
  pollMs,
  errorEvent,
  firstRound = "now",
}: {
  round: () => Promise<unknown>;
  pollMs: number;
  errorEvent: string;
  firstRound?: "now" | "after-one-wait";
}): PollingLoop {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const schedule = () => {
    timer = setTimeout(tick, pollMs);
    timer.unref();
  };
  function tick() {
    running = round()
      .then(() => undefined)
      .catch((error: unknown) => logError(error, { event: errorEvent }))
      .finally(() => {
        if (!stopped) schedule();
      });
  }

  if (firstRound === "now") tick();
  else schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
