// The thread behind scripts/health-probe.ts: asks, times and collects until told to stop. Plain
// JavaScript, since a worker thread does not get the TypeScript loader its parent was started with.
import { parentPort, workerData } from "node:worker_threads";

const { url, intervalMs, openStreams } = workerData;
/** @type {{ open: number; ms: number }[]} */
const samples = [];
const underWay = new Set();

const timer = setInterval(() => {
  const sent = performance.now();
  const open = Atomics.load(openStreams, 0);
  const check = fetch(url)
    .then((response) => response.arrayBuffer())
    .then(() => void samples.push({ open, ms: performance.now() - sent }))
    .catch(() => void samples.push({ open, ms: Infinity }))
    .finally(() => underWay.delete(check));
  underWay.add(check);
}, intervalMs);

parentPort.once("message", async () => {
  clearInterval(timer);
  await Promise.all(underWay);
  parentPort.postMessage(samples);
});
