/**
 * `npm run bench:chats`: many visitors at once, each waiting for a slow model. It starts the
 * production build against a local OpenAI-compatible stand-in (tests/support/openai-stand-in.ts) that
 * writes the first word of every reply at once, the other sixteen 8 s later, and ends it 8 s after
 * that: each visitor's stream stays open for most of what the server lets a turn take (AI_TIMEOUT_MS
 * at its highest, 19 s), and costs the server two writes. BENCH_VISITORS (default 2,000)
 * new visitors of CLIENTS businesses post a message with `Accept: text/event-stream`, as fast as the
 * server admits them (one business's retrievals are limited to two at a time, app/assistant/retrieval.server.ts,
 * so one business alone would see most of its visitors get the fallback after a second),
 * while a probe on a thread of its own (scripts/health-probe.ts) asks GET /healthz 100 times a second.
 * On PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is given (a throwaway database beside
 * it), else on the embedded database.
 * It reports:
 *   - how many streams were open at once at the most, and how soon after the first the last one started;
 *   - the server's RSS before and at the most (target under 300 MB more for 2,000 streams), an upper
 *     bound of what the streams hold: it also holds the garbage of every admission not yet collected;
 *   - GET /healthz p50/p95 while at least nine tenths of the most were open (target p95 under 50 ms);
 *   - how long a visitor waited for the first word, and how many got the whole answer.
 * A stream lasts at most as long as a turn may take, so the streams are all open at once only when
 * the server admits them faster than BENCH_VISITORS in that time; the figures say when it did not.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { Database } from "../db/connection.ts";
import { percentile } from "../tests/support/message-load.ts";
import { startHealthProbe } from "./health-probe.ts";
import { startOpenAiStandIn } from "../tests/support/openai-stand-in.ts";
import { insertBenchClient, mb, onBenchDatabase, requireBuild, rssOf, startBenchServer } from "./bench-server.ts";

const VISITORS = Number(process.env.BENCH_VISITORS || 2000);
const CLIENTS = 100;
/** The reply's two parts: the first word, then the rest, each followed by this long a wait. */
const REPLY_PAUSE_MS = 8000;
const REPLY = ["word ", "word ".repeat(16)];
/** The server's limit for a turn, at its highest (app/env.server.ts): the stand-in's reply ends inside it. */
const TURN_LIMIT_MS = 19_000;
/** How many messages the bench has sent whose stream has not started yet: it asks as fast as the server admits. */
const ASKING = 50;
const HEALTH_PER_SECOND = 100;
const RSS_TARGET_MB = 300;
const HEALTH_P95_TARGET_MS = 50;
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "";

requireBuild("bench-chats");

type Visitor = {
  asked: number;
  opened?: number;
  firstWord?: number;
  ended?: number;
  answered: boolean;
  failure?: string;
};

/** One visitor's message as a stream; resolves when the stream ends (or fails), the visitor's record filled in. */
function askAndWait(url: string, agent: http.Agent, licenseKey: string, index: number, onOpen: () => void) {
  const visitor: Visitor = { asked: performance.now(), answered: false };
  return new Promise<Visitor>((resolve) => {
    const request = http.request(
      `${url}/api/wordpress/messages`,
      {
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/json",
          Accept: "text/event-stream",
          // Each its own visitor (the server trusts X-Forwarded-For from loopback), under no address limit.
          "X-Forwarded-For": `10.88.${(index >> 8) & 255}.${index & 255}`,
        },
      },
      (response) => {
        if (response.statusCode !== 200) {
          visitor.failure = `status ${response.statusCode}`;
          response.resume();
          response.on("end", () => resolve(visitor));
          return;
        }
        visitor.opened = performance.now();
        onOpen();
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
          if (visitor.firstWord === undefined && text.includes("event: delta")) visitor.firstWord = performance.now();
        });
        response.on("end", () => {
          visitor.ended = performance.now();
          // The whole answer: the done event carries the stored reply, every word of it.
          visitor.answered = /event: done\ndata: .*"reply":"(word ){16}word/.test(text);
          if (!visitor.answered) visitor.failure = text.includes("event: error") ? "error event" : "partial answer";
          resolve(visitor);
        });
      },
    );
    request.on("error", (error) => {
      visitor.failure = error.message;
      resolve(visitor);
    });
    request.end(JSON.stringify({ license: licenseKey, clientMessageId: randomUUID(), message: `Question ${index}` }));
  });
}

async function bench(label: string, serverEnv: Record<string, string>, licenseKeys: string[]) {
  const model = await startOpenAiStandIn();
  model.script(
    ...Array.from({ length: VISITORS + 10 }, () => ({
      kind: "reply" as const,
      chunks: REPLY,
      delayMs: REPLY_PAUSE_MS,
    })),
  );
  const server = await startBenchServer({
    ...serverEnv,
    AI_BASE_URL: model.baseUrl,
    AI_MODEL: "test-model",
    AI_TIMEOUT_MS: String(TURN_LIMIT_MS),
  });
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  let healthProbe: ReturnType<typeof startHealthProbe> | undefined;
  try {
    for (let index = 0; index < 20; index++) await (await fetch(`${server.url}/healthz`)).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssBefore = rssOf(server.pid);

    let mostOpen = 0;
    let rssMost = rssBefore;
    const openStreams = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    const countOpen = (change: number) => {
      mostOpen = Math.max(mostOpen, Atomics.add(openStreams, 0, change) + change);
    };
    healthProbe = startHealthProbe(server.url, HEALTH_PER_SECOND, openStreams);
    const rssProbe = setInterval(() => (rssMost = Math.max(rssMost, rssOf(server.pid))), 100);

    const started = performance.now();
    let asking = 0;
    let wake: (() => void) | undefined;
    const visitors: Promise<Visitor>[] = [];
    for (let index = 0; index < VISITORS; index++) {
      while (asking >= ASKING) await new Promise<void>((resolve) => (wake = resolve));
      asking++;
      const settle = () => {
        asking--;
        wake?.();
      };
      const visitor = askAndWait(server.url, agent, licenseKeys[index % licenseKeys.length]!, index, () => {
        settle();
        countOpen(1);
      });
      visitors.push(
        visitor.then((done) => {
          if (done.opened === undefined) settle();
          else countOpen(-1);
          return done;
        }),
      );
    }
    const done = await Promise.all(visitors);
    const samples = await healthProbe.stop();
    healthProbe = undefined;
    clearInterval(rssProbe);

    const crowded = samples.filter((sample) => sample.open >= mostOpen * 0.9).map((sample) => sample.ms);
    const failures = new Map<string, number>();
    for (const visitor of done)
      if (visitor.failure) failures.set(visitor.failure, (failures.get(visitor.failure) ?? 0) + 1);
    const waits = done.flatMap((visitor) =>
      visitor.firstWord === undefined ? [] : [visitor.firstWord - visitor.asked],
    );
    const lastOpened = Math.max(...done.map((visitor) => visitor.opened ?? 0));
    return {
      label,
      allStarted: (lastOpened - started) / 1000,
      mostOpen,
      rssBefore,
      rssMost,
      health: { samples: crowded.length, p50: percentile(crowded, 0.5), p95: percentile(crowded, 0.95) },
      firstWord: { p50: percentile(waits, 0.5), p95: percentile(waits, 0.95) },
      answered: done.filter((visitor) => visitor.answered).length,
      failures,
    };
  } catch (error) {
    console.error(server.output());
    throw error;
  } finally {
    await healthProbe?.stop().catch(() => {});
    agent.destroy();
    await server.stop();
    await model.close();
  }
}

async function insertClients(db: Database) {
  const keys: string[] = [];
  for (let index = 0; index < CLIENTS; index++)
    keys.push((await insertBenchClient(db, `Bench Chats Co ${index + 1}`)).licenseKey);
  return keys;
}

const result = await onBenchDatabase("bench-chats", postgresUrl, insertClients, bench);

const extra = mb(result.rssMost - result.rssBefore);
const perStream = (result.rssMost - result.rssBefore) / Math.max(1, result.mostOpen);
const forTwoThousand = mb(perStream * 2000);
const rows: [string, string, string, boolean | undefined][] = [
  [
    "streams open at once, at the most",
    `${result.mostOpen} of ${VISITORS}`,
    `${VISITORS}`,
    result.mostOpen === VISITORS,
  ],
  [
    "every stream started within",
    `${result.allStarted.toFixed(1)} s`,
    `${(2 * REPLY_PAUSE_MS) / 1000} s, a reply's length`,
    undefined,
  ],
  ["server RSS before", `${mb(result.rssBefore).toFixed(0)} MB`, "", undefined],
  ["server RSS at the most", `${mb(result.rssMost).toFixed(0)} MB (+${extra.toFixed(0)} MB)`, "", undefined],
  [
    "RSS per open stream, at most",
    `${(perStream / 1024).toFixed(1)} KB (2,000: ${forTwoThousand.toFixed(0)} MB)`,
    `< ${RSS_TARGET_MB} MB for 2,000`,
    forTwoThousand < RSS_TARGET_MB,
  ],
  [`/healthz p50 (${result.health.samples} probes)`, `${result.health.p50.toFixed(1)} ms`, "", undefined],
  [
    "/healthz p95 (≥ 90 % of the most open)",
    `${result.health.p95.toFixed(1)} ms`,
    `< ${HEALTH_P95_TARGET_MS} ms`,
    result.health.p95 < HEALTH_P95_TARGET_MS,
  ],
  ["first word p50", `${(result.firstWord.p50 / 1000).toFixed(2)} s`, "", undefined],
  ["first word p95", `${(result.firstWord.p95 / 1000).toFixed(2)} s`, "", undefined],
  ["whole answers", `${result.answered} of ${VISITORS}`, `${VISITORS}`, result.answered === VISITORS],
];
console.log(
  `\nVisitors waiting for a slow model (${(2 * REPLY_PAUSE_MS) / 1000} s a reply), ${result.label} database, ${VISITORS} visitors of ${CLIENTS} businesses`,
);
console.log(`${"figure".padEnd(40)}${"measured".padEnd(32)}goal`);
for (const [name, value, goal, met] of rows)
  console.log(
    `${name.padEnd(40)}${value.padEnd(32)}${goal ? `${goal}${met === undefined ? "" : `: ${met ? "met" : "NOT met"}`}` : ""}`,
  );
if (result.failures.size) console.log(`not answered whole: ${JSON.stringify(Object.fromEntries(result.failures))}`);
