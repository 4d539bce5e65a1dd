import pLimit from "p-limit";

/** What `take` gives back: the work's value, or that the work never ran. */
export type Turn<T> = { served: true; value: T } | { served: false };

const NOT_SERVED: Turn<never> = { served: false };

export type WaitingLine = {
  /** How many are waiting for their turn (gave-up ones included until the line reaches them). */
  readonly waiting: number;
  /**
   * Runs `work` when a place is free, in the order asked. Not served, and `work` never runs, when
   * `mostWaiting` are already waiting, when the turn has not come within `waitMs`, or when `signal`
   * aborts first (the caller left); once `work` runs, it runs to its end.
   */
  take<T>(work: () => Promise<T>, options: { waitMs: number; signal?: AbortSignal }): Promise<Turn<T>>;
};

/**
 * A line in front of work that keeps this server's one thread busy: at most `atOnce` run together,
 * the rest wait in order (docs/decisions/032-message-admission-line.md says why that keeps the
 * server answering under a crowd).
 */
export function createWaitingLine({ atOnce, mostWaiting }: { atOnce: number; mostWaiting: number }): WaitingLine {
  const limit = pLimit(atOnce);
  return {
    get waiting() {
      return limit.pendingCount;
    },
    async take<T>(work: () => Promise<T>, { waitMs, signal }: { waitMs: number; signal?: AbortSignal }) {
      if (signal?.aborted || limit.pendingCount >= mostWaiting) return NOT_SERVED;
      let state: "waiting" | "running" | "gone" = "waiting";
      let leave = () => {};
      const left = new Promise<Turn<T>>((resolve) => {
        leave = () => {
          if (state !== "waiting") return;
          state = "gone";
          resolve(NOT_SERVED);
        };
      });
      const timer = setTimeout(leave, waitMs);
      signal?.addEventListener("abort", leave, { once: true });
      const turn = limit(async (): Promise<Turn<T>> => {
        // One who left is still in p-limit's queue: their turn passes at once to the next.
        if (state === "gone") return NOT_SERVED;
        state = "running";
        return { served: true, value: await work() };
      });
      try {
        return await Promise.race([turn, left]);
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener("abort", leave);
      }
    },
  };
}
