/**
 * GET /healthz at a steady rate from a thread of its own, for `npm run bench:chats`. The bench's main
 * thread reads thousands of streams and serves the model stand-in's replies; a probe on that thread
 * would start late and read its answers late whenever those burst, and its figure would be the bench's
 * own delay as much as the server's. Each sample keeps the count of open streams (which the bench
 * writes to `openStreams`) at the moment the check was sent.
 */
import { Worker } from "node:worker_threads";

export type HealthSample = { open: number; ms: number };

export function startHealthProbe(url: string, perSecond: number, openStreams: Int32Array) {
  const worker = new Worker(new URL("./health-probe-worker.mjs", import.meta.url), {
    workerData: { url: `${url}/healthz`, intervalMs: 1000 / perSecond, openStreams },
  });
  const samples = new Promise<HealthSample[]>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  // A failed probe fails the bench when it is stopped, not at once: the bench still shuts its server down.
  samples.catch(() => {});
  return {
    /** Stops asking, waits for the checks still under way, and gives every sample. */
    stop: async () => {
      worker.postMessage("stop");
      try {
        return await samples;
      } finally {
        await worker.terminate();
      }
    },
  };
}
