/**
 * `npm run bench:live`: the operators' live stream (GET /admin/live) under many open screens.
 * It starts the production build (npm run build first) on PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is given (a throwaway database beside it), else on the embedded database, signs in
 * once and opens BENCH_STREAMS (default 2,000) streams with that cookie. It reports:
 *   - the server's RSS before and with the streams open (target under 300 MB more for 2,000);
 *   - GET /healthz p50/p95 under autocannon for 5 s while they are open (target p95 under 50 ms);
 *   - the latency from POSTing a visitor message to /api/wordpress/messages to its `message` frame
 *     on one of the streams, p50/p95 over BENCH_MESSAGES (default 200) messages sent one after another.
 */
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import autocannon from "autocannon";
import { percentile } from "../tests/support/message-load.ts";
import { insertBenchClient, mb, onBenchDatabase, requireBuild, rssOf, startBenchServer } from "./bench-server.ts";

const STREAMS = Number(process.env.BENCH_STREAMS || 2000);
const MESSAGES = Number(process.env.BENCH_MESSAGES || 200);
const HEALTH_SECONDS = 5;
const RSS_TARGET_MB = 300;
const HEALTH_P95_TARGET_MS = 50;
const operator = { username: "bench-operator", password: randomBytes(18).toString("base64url") };
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "";

requireBuild("bench-live");

async function signIn(url: string) {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    body: new URLSearchParams(operator),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  if (response.status !== 302 || !cookie) throw new Error(`POST /login answered ${response.status}.`);
  return cookie;
}

type Frame = { event: string; data: string };

/** One operator's stream; resolves once its first bytes (`retry:` and `: connected`) arrived. */
function openStream(url: string, cookie: string, agent: http.Agent, onFrame?: (frame: Frame) => void) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const request = http.get(`${url}/admin/live`, { agent, headers: { Cookie: cookie, Accept: "text/event-stream" } });
    request.once("error", reject);
    request.once("response", (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return reject(new Error(`GET /admin/live answered ${response.statusCode}`));
      }
      response.setEncoding("utf8");
      if (!onFrame) {
        // A stream that only keeps a screen open: read, not parsed, so the bench's CPU stays the server's.
        response.once("data", () => resolve(request));
        response.on("data", () => {});
        return;
      }
      let buffer = "";
      let opened = false;
      response.on("data", (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!opened) {
            opened = true;
            resolve(request);
          }
          let event = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith("event: ")) event = line.slice(7);
            else if (line.startsWith("data: ")) data.push(line.slice(6));
          }
          if (data.length > 0) onFrame({ event, data: data.join("\n") });
        }
      });
    });
  });
}

function measureHealth(
  url: string,
): Promise<{ p50: number; p95: number; rps: number; errors: number; non2xx: number }> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon(
      { url: `${url}/healthz`, connections: 10, duration: HEALTH_SECONDS },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          p50: percentile(times, 0.5),
          p95: percentile(times, 0.95),
          rps: result.requests.average,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
        });
      },
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

async function bench(label: string, serverEnv: Record<string, string>, licenseKey: string) {
  const server = await startBenchServer({
    ...serverEnv,
    ADMIN_USERNAME: operator.username,
    ADMIN_PASSWORD: operator.password,
  });
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  try {
    const cookie = await signIn(server.url);
    // The server settles after start-up and the first sign-in before its baseline is read.
    for (let index = 0; index < 20; index++) await (await fetch(`${server.url}/healthz`)).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssBefore = rssOf(server.pid);

    // A frame's arrival, by message id, on whichever stream hears it first.
    const arrivals = new Map<number, number>();
    const waiters = new Map<number, () => void>();
    const onFrame = (frame: Frame) => {
      if (frame.event !== "message") return;
      const { messageId } = JSON.parse(frame.data) as { messageId: number };
      if (arrivals.has(messageId)) return;
      arrivals.set(messageId, performance.now());
      waiters.get(messageId)?.();
    };

    const opening = performance.now();
    for (let start = 0; start < STREAMS; start += 100) {
      // The first ten streams read their frames (the latency is the first to hear one); the server writes every frame to all.
      const batch = Array.from({ length: Math.min(100, STREAMS - start) }, (_, index) =>
        openStream(server.url, cookie, agent, start + index < 10 ? onFrame : undefined),
      );
      requests.push(...(await Promise.all(batch)));
    }
    const openSeconds = (performance.now() - opening) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rssOpen = rssOf(server.pid);
    console.log(`${label}: ${STREAMS} streams open in ${openSeconds.toFixed(1)} s`);

    const health = await measureHealth(server.url);

    const latencies: number[] = [];
    const answers: number[] = [];
    for (let index = 0; index < MESSAGES; index++) {
      const sent = performance.now();
      const response = await fetch(`${server.url}/api/wordpress/messages`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          // Each message its own visitor (the server trusts X-Forwarded-For from loopback), under no rate limit.
          "X-Forwarded-For": `10.77.${(index >> 8) & 255}.${index & 255}`,
        },
        body: JSON.stringify({ license: licenseKey, clientMessageId: randomUUID(), message: `Bench ${index}` }),
      });
      const answer = (await response.json()) as { messageId?: number; error?: string };
      answers.push(performance.now() - sent);
      if (!response.ok || answer.messageId === undefined)
        throw new Error(`POST /api/wordpress/messages answered ${response.status}: ${JSON.stringify(answer)}`);
      const messageId = answer.messageId;
      if (!arrivals.has(messageId)) {
        await Promise.race([
          new Promise<void>((resolve) => waiters.set(messageId, resolve)),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error(`no frame for message ${messageId} within 10 s`)), 10_000),
          ),
        ]);
        waiters.delete(messageId);
      }
      latencies.push(arrivals.get(messageId)! - sent);
    }

    return {
      label,
      rssBefore,
      rssOpen,
      health,
      latency: { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95) },
      answer: { p50: percentile(answers, 0.5), p95: percentile(answers, 0.95) },
    };
  } catch (error) {
    console.error(server.output());
    throw error;
  } finally {
    for (const request of requests) request.destroy();
    agent.destroy();
    await server.stop();
  }
}

const result = await onBenchDatabase(
  "bench-live",
  postgresUrl,
  async (db) => (await insertBenchClient(db, "Bench Live Co")).licenseKey,
  bench,
);

const extra = mb(result.rssOpen - result.rssBefore);
const rows: [string, string, string, boolean][] = [
  ["server RSS before", `${mb(result.rssBefore).toFixed(0)} MB`, "", true],
  [
    `server RSS, ${STREAMS} streams open`,
    `${mb(result.rssOpen).toFixed(0)} MB (+${extra.toFixed(0)} MB)`,
    `< ${RSS_TARGET_MB} MB more for 2,000`,
    extra * (2000 / STREAMS) < RSS_TARGET_MB,
  ],
  [
    "RSS per stream",
    `${((result.rssOpen - result.rssBefore) / STREAMS / 1024).toFixed(1)} KB`,
    "< 150 KB",
    extra * (2000 / STREAMS) < RSS_TARGET_MB,
  ],
  ["/healthz p50 (streams open)", `${result.health.p50.toFixed(1)} ms`, "", true],
  [
    "/healthz p95 (streams open)",
    `${result.health.p95.toFixed(1)} ms`,
    `< ${HEALTH_P95_TARGET_MS} ms`,
    result.health.p95 < HEALTH_P95_TARGET_MS,
  ],
  [`message → frame p50 (${MESSAGES})`, `${result.latency.p50.toFixed(1)} ms`, "", true],
  [`message → frame p95 (${MESSAGES})`, `${result.latency.p95.toFixed(1)} ms`, "", true],
  ["message → JSON answer p50 (compare)", `${result.answer.p50.toFixed(1)} ms`, "", true],
  ["message → JSON answer p95 (compare)", `${result.answer.p95.toFixed(1)} ms`, "", true],
];
console.log(`\nLive stream, ${result.label} database, ${STREAMS} operator streams`);
console.log(`${"figure".padEnd(36)}${"measured".padEnd(26)}goal`);
for (const [name, value, goal, met] of rows)
  console.log(`${name.padEnd(36)}${value.padEnd(26)}${goal ? `${goal}: ${met ? "met" : "NOT met"}` : ""}`);
console.log(
  `/healthz: ${result.health.rps.toFixed(0)} req/s, ${result.health.errors} errors, ${result.health.non2xx} non-2xx`,
);
