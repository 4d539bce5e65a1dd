/**
 * The message API under load with retries, run by `npm run bench` after the message bench (or
 * alone: `npm run bench:retries`). On a throwaway PostgreSQL database (127.0.0.1:5432, or
 * BENCH_POSTGRES_URL's server; skipped when none answers) holding the four fixture businesses, it
 * starts the production build with the built-in responder and drives POST /api/wordpress/messages
 * with BENCH_VISITORS concurrent visitors (default 50) for BENCH_RETRY_SECONDS (default 60), 10% of
 * messages sent twice with the same clientMessageId (half racing the first request, half after its
 * answer). Then it checks exactly one message per id, session counters equal to their messages, the
 * rollups and the month's bills equal to the billable messages (tests/support/message-load.ts), and
 * prints requests per second, p95, p99 and errors. It exits 1 when an invariant is broken.
 */
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import postgres from "postgres";
import { openDatabase } from "../db/connection.ts";
import {
  brokenInvariants,
  checkMessageInvariants,
  driveMessages,
  percentile,
  prepareLoadClients,
} from "../tests/support/message-load.ts";
import { requireBuild, startBenchServer } from "./bench-server.ts";

const seconds = Number(process.env.BENCH_RETRY_SECONDS || 60);
const visitors = Number(process.env.BENCH_VISITORS || 50);
const RETRY_SHARE = 0.1;
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

requireBuild("bench-retries");

/**
 * CPU seconds a process has used so far (user + system, from /proc; undefined where there is no
 * /proc or the process is gone). Per message, they say what a message costs however busy the
 * machine was, which requests per second on a shared machine do not.
 */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** The PostgreSQL backends serving the bench's database, with their CPU seconds (PostgreSQL on this machine only). */
async function backendCpu(sql: postgres.Sql, database: string) {
  const rows = await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${database}`;
  return new Map(rows.map((row) => [row.pid, cpuSeconds(row.pid) ?? 0]));
}

const admin = postgres(postgresUrl, { max: 1, onnotice: () => {}, connect_timeout: 3 });
try {
  await admin`select 1`;
} catch {
  console.log(`PostgreSQL at ${new URL(postgresUrl).host} does not answer: the retries bench is skipped.`);
  await admin.end();
  process.exit(0);
}

const name = `alex_bench_retries_${process.pid}`;
const databaseUrl = new URL(postgresUrl);
databaseUrl.pathname = `/${name}`;
const loadBefore = loadavg()[0]!;
let broken: string[] = [];
await admin.unsafe(`create database ${name}`);
try {
  const setup = await openDatabase({ url: databaseUrl.toString() });
  const licenses = await prepareLoadClients(setup.db);
  await setup.close();

  const server = await startBenchServer({ DATABASE_URL: databaseUrl.toString(), DATA_DIR: tmpdir() });
  let load;
  let appCpu = 0;
  let databaseCpu = 0;
  try {
    const appBefore = cpuSeconds(server.pid) ?? 0;
    const backendsBefore = await backendCpu(admin, name);
    process.stdout.write(
      `\nMessage API with retries on PostgreSQL: ${visitors} visitors, ${seconds} s, ${RETRY_SHARE * 100}% of messages retried…\n`,
    );
    load = await driveMessages({
      url: server.url,
      licenses,
      visitors,
      durationMs: seconds * 1000,
      retryShare: RETRY_SHARE,
    });
    appCpu = (cpuSeconds(server.pid) ?? appBefore) - appBefore;
    for (const [pid, cpu] of await backendCpu(admin, name)) databaseCpu += cpu - (backendsBefore.get(pid) ?? 0);
  } finally {
    await server.stop();
  }

  const check = await openDatabase({ url: databaseUrl.toString(), migrate: false });
  const found = await checkMessageInvariants(check.db, load.answered);
  await check.close();
  broken = brokenInvariants(found);

  const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
  const errors = Object.entries(load.statuses).filter(([status]) => status !== "200");
  console.log(`Load average before: ${loadBefore.toFixed(1)} on ${availableParallelism()} cores.`);
  console.log(
    `requests ${load.requests} in ${number.format(load.elapsedMs / 1000)} s: ${number.format(load.requests / (load.elapsedMs / 1000))} req/s; ` +
      `p50 ${Math.round(percentile(load.latencies, 0.5))} ms, p95 ${Math.round(percentile(load.latencies, 0.95))} ms, ` +
      `p99 ${Math.round(percentile(load.latencies, 0.99))} ms; errors ${errors.reduce((sum, [, n]) => sum + n, 0)}` +
      (errors.length > 0 ? ` ${JSON.stringify(Object.fromEntries(errors))}` : ""),
  );
  console.log(
    `retried ids ${load.retries}, retries answered with another message ${load.mismatchedRetries}; ` +
      `stored ${found.messages} messages in ${found.sessions} sessions for ${load.answered.size} answered ids`,
  );
  console.log(
    `one message per id: ${found.duplicateIds === 0 && found.answeredButMissing === 0 ? "yes" : "NO"}; ` +
      `session counters equal their messages: ${found.sessionCounterMismatches === 0 ? "yes" : "NO"}; ` +
      `charges equal the billable messages: ${found.billedUsageCents === found.billableMessageCents && found.mispricedMessages === 0 && found.doubleConversations === 0 ? "yes" : "NO"} ` +
      `($${number.format(found.billedUsageCents / 100)} billed); rollups agree: ` +
      `${found.dailyUsageMismatches === 0 && found.hourlyStatsMismatches === 0 ? "yes" : "NO"}`,
  );
  console.log(
    `CPU per request: app server ${number.format((appCpu * 1000) / load.requests)} ms, ` +
      `PostgreSQL ${number.format((databaseCpu * 1000) / load.requests)} ms ` +
      `(${number.format(appCpu)} s and ${number.format(databaseCpu)} s in all)`,
  );
  if (load.mismatchedRetries > 0) broken.push(`mismatchedRetries: ${load.mismatchedRetries}`);
} finally {
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
if (broken.length > 0) {
  console.error(`bench-retries: invariants broken: ${broken.join("; ")}`);
  process.exit(1);
}
