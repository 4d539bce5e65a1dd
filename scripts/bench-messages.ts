/**
 * The message API's bench, run by `npm run bench` after the page bench (or alone:
 * `node --import tsx scripts/bench-messages.ts`). For the embedded database and for PostgreSQL
 * (127.0.0.1:5432, a throwaway database, skipped when no server answers; BENCH_POSTGRES_URL to
 * choose another), it prepares a client with 1,000 knowledge entries, measures retrieval over them
 * in process (p95 of the fixture's questions), then starts the production build with the built-in
 * responder and measures POST /api/wordpress/messages and GET /healthz with 10, 50 and 100 concurrent
 * visitors (at 10 also with every question new, so that none is answered from the kept search
 * results): requests per second, p95 latency, and the ratio of the two in the same run. A message is
 * answered when a reply (200) or a "wait and retry" (503 with Retry-After, which the widget honours)
 * comes within 10 s; any other status, error or longer wait counts as unanswered, and the goal is none.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import postgres from "postgres";
import { openDatabase, type Database } from "../db/connection.ts";
import { FIXTURE_BUSINESSES, FIXTURE_QUESTIONS } from "../tests/fixtures/knowledge-base.ts";
import { insertKnowledgeEntries, searchKnowledge } from "../app/models/knowledge-entry.server.ts";
import { percentile } from "../tests/support/message-load.ts";
import { insertBenchClient, requireBuild, startBenchServer } from "./bench-server.ts";

const seconds = Number(process.env.BENCH_SECONDS || 10);
const ENTRIES = 1000;
const CONCURRENCY = [10, 50, 100];
/** A visitor's message that has had no answer in this long is unanswered (autocannon's timeout, in seconds). */
const ANSWER_WITHIN_S = 10;
const RETRIEVAL_TARGET_MS = 10;
/**
 * The goals (docs/request-cost.md): messages a second and p95 at 10 visitors, on PostgreSQL and on the
 * embedded default; /healthz in the same run.
 */
const MESSAGES_GOALS: Record<string, { rps: number; p95?: number }> = {
  postgres: { rps: 250, p95: 60 },
  embedded: { rps: 150 },
};
const HEALTH_TARGET_RPS = 2000;
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

requireBuild("bench-messages");

/** 1,000 passages: the fixture's 64 over and over, each copy with its own topic and a sentence of its own. */
async function prepareClient(db: Database) {
  const { clientId, licenseKey } = await insertBenchClient(db, "Bench Co");
  const passages = FIXTURE_BUSINESSES.flatMap((business) => business.passages);
  const rows = Array.from({ length: ENTRIES }, (_, index) => {
    const passage = passages[index % passages.length]!;
    const topic = `${passage.topic} ${Math.floor(index / passages.length) + 1}`;
    const content = `${passage.content} (סניף ${index + 1}, branch ${index + 1})`;
    return { clientId, topic, content, sourceUrl: null, origin: passage.origin };
  });
  await insertKnowledgeEntries(db, rows);
  return { clientId, licenseKey };
}

async function measureRetrieval(db: Database, clientId: number) {
  const questions = FIXTURE_QUESTIONS.map((question) => question.question);
  for (const question of questions) await searchKnowledge(db, clientId, question); // warm-up
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (const question of questions) {
      const started = performance.now();
      await searchKnowledge(db, clientId, question);
      times.push(performance.now() - started);
    }
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), queries: times.length };
}

type Measured = { rps: number; p95: number; errors: number; statuses: Record<string, number> };

function load(options: autocannon.Options, duration = seconds): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon({ ...options, duration }, (error, result) => {
      if (error) return reject(error);
      const statuses = Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats?.count ?? 0]),
      );
      resolve({
        rps: result.requests.average,
        p95: percentile(times, 0.95),
        errors: result.errors + result.timeouts,
        statuses,
      });
    });
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

let visitor = 0;
/**
 * The fixture's questions asked again and again, as visitors ask a business the same things; or each
 * one new (a word nobody asked before added), so every message runs its search: the server keeps
 * search results while a client's knowledge is unchanged (app/assistant/passage-cache.server.ts).
 */
type Questions = "asked before" | "new";
/** Each request a new visitor: its own address (the server trusts X-Forwarded-For from loopback) and message id. */
function messageRequests(
  url: string,
  licenseKey: string,
  connections: number,
  questions: Questions,
): autocannon.Options {
  const asked = FIXTURE_QUESTIONS.map((question) => question.question);
  return {
    url: `${url}/api/wordpress/messages`,
    connections,
    timeout: ANSWER_WITHIN_S,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          visitor++;
          return {
            ...request,
            headers: {
              "Content-Type": "application/json",
              "X-Forwarded-For": `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
            },
            body: JSON.stringify({
              license: licenseKey,
              clientMessageId: randomUUID(),
              message: `${asked[visitor % asked.length]}${questions === "new" ? ` reference${visitor.toString(36)}` : ""}`,
            }),
          };
        },
      },
    ],
  };
}

type Row = { database: string; connections: number; questions: Questions; messages: Measured; health: Measured };

async function benchDatabase(
  label: string,
  open: () => Promise<{ db: Database; close: () => Promise<void> }>,
  serverEnv: Record<string, string>,
) {
  const handle = await open();
  const { clientId, licenseKey } = await prepareClient(handle.db);
  const retrieval = await measureRetrieval(handle.db, clientId);
  await handle.close();
  console.log(
    `${label}: retrieval over ${ENTRIES} entries, ${retrieval.queries} queries: p50 ${retrieval.p50.toFixed(2)} ms, p95 ${retrieval.p95.toFixed(2)} ms`,
  );

  const server = await startBenchServer(serverEnv);
  const rows: Row[] = [];
  try {
    // At the goals' 10 visitors, also with every question new: the search's cost, not the kept results'.
    const cases = [
      ...CONCURRENCY.map((connections) => ({ connections, questions: "asked before" as const })),
      { connections: 10, questions: "new" as const },
    ];
    for (const { connections, questions } of cases) {
      process.stdout.write(
        `${label}: ${connections} visitors, questions ${questions}, ${seconds} s each for the message API and /healthz…\n`,
      );
      await load(messageRequests(server.url, licenseKey, connections, questions), 2);
      const messages = await load(messageRequests(server.url, licenseKey, connections, questions));
      const health = await load({ url: `${server.url}/healthz`, connections });
      rows.push({ database: label, connections, questions, messages, health });
    }
  } finally {
    await server.stop();
  }
  return { retrieval, rows };
}

const results: { label: string; retrieval: { p95: number }; rows: Row[] }[] = [];

const dataDir = mkdtempSync(path.join(tmpdir(), "alex-bench-messages-"));
try {
  const embedded = await benchDatabase("embedded", () => openDatabase({ dataDir }), {
    DATA_DIR: dataDir,
    DATABASE_URL: "",
  });
  results.push({ label: "embedded", ...embedded });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const admin = postgres(postgresUrl, { max: 1, onnotice: () => {}, connect_timeout: 3 });
let postgresReachable = true;
try {
  await admin`select 1`;
} catch {
  postgresReachable = false;
  console.log(`PostgreSQL at ${new URL(postgresUrl).host} does not answer: its half of the bench is skipped.`);
}
if (postgresReachable) {
  const name = `alex_bench_${process.pid}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  try {
    const server = await benchDatabase("postgres", () => openDatabase({ url: url.toString() }), {
      DATABASE_URL: url.toString(),
      DATA_DIR: tmpdir(),
    });
    results.push({ label: "postgres", ...server });
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
  }
}
await admin.end();

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
console.log(`\nMessage API, built-in responder, a client with ${ENTRIES} knowledge entries, ${seconds} s per case`);
console.log("database  visitors  questions     messages req/s  p95 ms  /healthz req/s  p95 ms  ratio  statuses");
for (const { rows } of results) {
  for (const row of rows) {
    console.log(
      [
        row.database.padEnd(8),
        String(row.connections).padStart(8),
        row.questions.padEnd(12),
        number.format(row.messages.rps).padStart(14),
        String(Math.round(row.messages.p95)).padStart(6),
        number.format(row.health.rps).padStart(14),
        String(Math.round(row.health.p95)).padStart(6),
        (row.messages.rps / row.health.rps).toFixed(2).padStart(5),
        ` ${JSON.stringify(row.messages.statuses)}${row.messages.errors ? ` errors ${row.messages.errors}` : ""}`,
      ].join("  "),
    );
  }
}
const answered = (measured: Measured) => (measured.statuses["200"] ?? 0) + (measured.statuses["503"] ?? 0);
const verdict = (met: boolean) => (met ? "met" : "NOT met");
for (const row of results.flatMap((result) => result.rows)) {
  const unanswered =
    row.messages.errors +
    Object.values(row.messages.statuses).reduce((sum, count) => sum + count, 0) -
    answered(row.messages);
  const waitAndRetry = row.messages.statuses["503"] ?? 0;
  console.log(
    `${row.database}, ${row.connections} visitors, questions ${row.questions}: ${unanswered} messages unanswered within ${ANSWER_WITHIN_S} s ` +
      `(goal none: ${verdict(unanswered === 0)}), ${waitAndRetry} told to retry (503); ` +
      `/healthz ${number.format(row.health.rps)} req/s (goal ${number.format(HEALTH_TARGET_RPS)}: ${verdict(row.health.rps >= HEALTH_TARGET_RPS)})`,
  );
  const goal = MESSAGES_GOALS[row.database];
  if (goal && row.connections === 10) {
    const met = row.messages.rps >= goal.rps && (goal.p95 === undefined || row.messages.p95 < goal.p95);
    console.log(
      `${row.database}, 10 visitors, questions ${row.questions}: ${number.format(row.messages.rps)} messages/s, p95 ${Math.round(row.messages.p95)} ms ` +
        `(goal ${goal.rps}/s${goal.p95 === undefined ? "" : ` with p95 under ${goal.p95} ms`}: ${verdict(met)})`,
    );
  }
}
for (const { label, retrieval } of results) {
  const met = retrieval.p95 < RETRIEVAL_TARGET_MS;
  console.log(
    `Retrieval p95 on ${label}: ${retrieval.p95.toFixed(2)} ms (target under ${RETRIEVAL_TARGET_MS} ms: ${met ? "met" : "NOT met"})`,
  );
}
