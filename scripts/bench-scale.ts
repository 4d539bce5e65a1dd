/**
 * `npm run bench:scale`: the chat sessions monitor and the dashboard at production size
 * (docs/bench-scale.md). On the PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 * it creates a throwaway database `alex_scale`, migrates it, loads 300 clients, 100,000 sessions and
 * 1,000,000 messages with scripts/scale-data.ts, then measures in process, as a loader spends it:
 *   - GET /api/admin/sessions for the monitor's main filters (all clients this week and all time, one
 *     client this month, a partial-id search, a deep page), p50 and p95 over BENCH_RUNS runs, target
 *     p95 < 50 ms;
 *   - the dashboard's figures (/api/stats, target p95 < 50 ms), recent activity and high-usage clients
 *     (target p95 < 100 ms);
 *   - the analytics page for each period (target p95 < 250 ms) and the completed functions page (< 50 ms);
 *   - EXPLAIN ANALYZE of every query each case sends, flagging any sequential scan of messages;
 *   - the peak RSS of a child process exporting the 10,000-message session as CSV (streamed).
 * BENCH_KEEP=1 keeps the database (and a later run reuses it); BENCH_SCALE=0.1 loads a tenth;
 * BENCH_ONLY=analytics measures only the cases whose name holds that text.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { openDatabase, type Database } from "../db/connection.ts";
import * as schema from "../db/schema.ts";
import { loadAnalytics } from "../app/analytics/analytics.server.ts";
import { ANALYTICS_PERIODS } from "../app/analytics/periods.ts";
import { completedFunctionsPage } from "../app/conversations/completed-functions.server.ts";
import { listClientsForPicker } from "../app/models/client.server.ts";
import {
  getDashboardStats,
  periodBoundaries,
  listHighUsageClients,
  listRecentActivity,
} from "../app/models/stats.server.ts";
import { sessionQuerySchema } from "../app/sessions/session-query.ts";
import { findClientSession, loadSessionList, sessionCsvResponse } from "../app/sessions/sessions.server.ts";
import { loadScaleData } from "./scale-data.ts";

const TIME_ZONE = "Asia/Jerusalem";
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const runs = Number(process.env.BENCH_RUNS || 40);
const scale = Number(process.env.BENCH_SCALE || 1);
const keep = process.env.BENCH_KEEP === "1";
const only = process.env.BENCH_ONLY ?? "";
// Its own name lets two branches bench on one server at once.
const DATABASE = process.env.BENCH_DATABASE_NAME ?? "alex_scale";
const databaseUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
})();

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The child's work: stream the long session's CSV to nowhere and report the peak RSS. */
async function exportChild() {
  const handle = await openDatabase({ url: databaseUrl, migrate: false });
  const session = await findClientSession(handle.db, undefined, "scale_long_session");
  if (!session) throw new Error("No long session in the scale database.");
  const baseline = process.memoryUsage().rss;
  const started = performance.now();
  const response = sessionCsvResponse(
    handle.db,
    session,
    {
      headers: {
        timestamp: "Timestamp",
        role: "Role",
        userMessage: "User Message",
        aiResponse: "AI Response",
        messageType: "Message Type",
        cost: "Cost",
        channel: "Channel",
      },
      channel: (channel) => channel,
      role: (role) => role,
      messageType: (type) => type,
    },
    TIME_ZONE,
  );
  let bytes = 0;
  for await (const chunk of response.body!) bytes += (chunk as Uint8Array).byteLength;
  const seconds = (performance.now() - started) / 1000;
  await handle.close();
  console.log(
    JSON.stringify({ bytes, seconds, baselineRss: baseline, peakRss: process.resourceUsage().maxRSS * 1024 }),
  );
}

type Case = { name: string; target: number; run: (db: Database) => Promise<unknown> };

async function main() {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const [exists] = await admin`select 1 from pg_database where datname = ${DATABASE}`;
  if (!exists) await admin.unsafe(`create database ${DATABASE}`);
  const migrated = await openDatabase({ url: databaseUrl });
  await migrated.close();

  const loader = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const [{ clients } = { clients: 0 }] = await loader<
    { clients: number }[]
  >`select count(*)::int as clients from clients`;
  if (clients === 0) {
    console.log(`Loading ${scale === 1 ? "" : `${scale} × `}300 clients, 100,000 sessions, 1,000,000 messages…`);
    const summary = await loadScaleData(loader, {
      clients: Math.round(300 * scale),
      sessions: Math.round(100_000 * scale),
      messages: Math.round(1_000_000 * scale),
    });
    console.log(`Loaded in ${summary.seconds} s:`, summary);
  } else {
    console.log(`Reusing ${DATABASE} (${clients} clients); drop it for a fresh load.`);
  }
  await loader.end();

  // Every query a case sends is captured, to be explained afterwards.
  let captured: { query: string; parameters: unknown[] }[] | undefined;
  const client = postgres(databaseUrl, {
    max: 4,
    onnotice: () => {},
    debug: (_connection, query, parameters) => captured?.push({ query, parameters: parameters as unknown[] }),
  });
  const db = drizzle(client, { schema }) as unknown as Database;

  const [busiest] = await client<
    { id: number }[]
  >`select client_id as id from chat_sessions group by client_id order by count(*) desc limit 1`;
  const [sample] = await client<
    { publicId: string }[]
  >`select public_id as "publicId" from chat_sessions order by id desc offset 5000 limit 1`;
  const query = (input: Record<string, string>) => sessionQuerySchema.parse(input);
  const list = (input: Record<string, string>) => (database: Database) =>
    loadSessionList(database, query(input), { timeZone: TIME_ZONE });
  const cases: Case[] = [
    { name: "sessions: all clients, this week", target: 50, run: list({ period: "week" }) },
    // Unfiltered, the monitor's all-time figures are the kept totals (chat_session_totals).
    { name: "sessions: all clients, all time", target: 50, run: list({ period: "all" }) },
    {
      name: "sessions: one client, this month",
      target: 50,
      run: list({ period: "month", clientId: String(busiest!.id) }),
    },
    {
      name: "sessions: partial id search, all time",
      target: 50,
      run: list({ period: "all", search: sample!.publicId.slice(6, 14) }),
    },
    { name: "sessions: IP search, all time", target: 50, run: list({ period: "all", search: "10.12.1" }) },
    { name: "sessions: deep page (500), all time", target: 50, run: list({ period: "all", page: "500" }) },
    {
      name: "sessions: business name search, month",
      target: 50,
      run: list({ period: "month", search: "business 17" }),
    },
    { name: "monitor client picker", target: 50, run: (database) => listClientsForPicker(database) },
    {
      name: "dashboard: /api/stats (today, month)",
      target: 50,
      run: async (database) => getDashboardStats(database, periodBoundaries(TIME_ZONE)),
    },
    { name: "dashboard: recent activity", target: 100, run: (database) => listRecentActivity(database, 8) },
    {
      name: "dashboard: high-usage clients (30 days)",
      target: 100,
      run: (database) => listHighUsageClients(database, new Date(Date.now() - 30 * 86_400_000), 3),
    },
    ...ANALYTICS_PERIODS.map((days) => ({
      name: `analytics: ${days} days`,
      target: 250,
      run: (database: Database) => loadAnalytics(database, { days, timeZone: TIME_ZONE }),
    })),
    {
      name: "completed functions: first page, all",
      target: 50,
      run: (database) => completedFunctionsPage(database, { page: 1 }, TIME_ZONE),
    },
    {
      name: "completed functions: one client, a month",
      target: 50,
      run: (database) => {
        const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
        return completedFunctionsPage(database, { page: 1, clientId: busiest!.id, from }, TIME_ZONE);
      },
    },
  ];

  const results: { name: string; p50: number; p95: number; target: number; seqScanOfMessages: boolean }[] = [];
  const plans: string[] = [];
  for (const benchCase of cases.filter((candidate) => candidate.name.includes(only))) {
    for (let i = 0; i < 3; i++) await benchCase.run(db);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await benchCase.run(db);
      times.push(performance.now() - started);
    }
    captured = [];
    await benchCase.run(db);
    const queries = captured;
    captured = undefined;
    let seqScanOfMessages = false;
    plans.push(`\n### ${benchCase.name}`);
    // A search runs in a transaction with a statement timeout: its begin, set and commit have no plan.
    for (const { query: text, parameters } of queries.filter(({ query: text }) => /^\s*(select|with)\b/i.test(text))) {
      const rows = await client.unsafe(
        `explain (analyze, costs off, timing on, summary on) ${text}`,
        parameters as postgres.ParameterOrJSON<never>[],
      );
      const plan = rows.map((row) => String((row as Record<string, unknown>)["QUERY PLAN"])).join("\n");
      if (/Seq Scan on messages\b/.test(plan)) seqScanOfMessages = true;
      plans.push(`\n${text.replace(/\s+/g, " ").slice(0, 300)}\n${plan}`);
    }
    results.push({
      name: benchCase.name,
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      target: benchCase.target,
      seqScanOfMessages,
    });
  }
  await client.end();

  if (process.env.BENCH_PLANS !== "0") console.log(`\n## Query plans (EXPLAIN ANALYZE)${plans.join("\n")}`);

  const child = spawnSync(
    process.execPath,
    ["--import", "tsx", path.resolve(import.meta.dirname, "bench-scale.ts"), "--export-child"],
    {
      env: { ...process.env },
      encoding: "utf8",
    },
  );
  if (child.status !== 0) throw new Error(`The export child failed:\n${child.stderr}`);
  const exported = JSON.parse(child.stdout.trim().split("\n").at(-1)!) as {
    bytes: number;
    seconds: number;
    baselineRss: number;
    peakRss: number;
  };

  console.log(`\n## Server time over ${runs} runs (in process, PostgreSQL 127.0.0.1)\n`);
  console.log("| case | p50 | p95 | target p95 | seq scan of messages |");
  console.log("|---|---|---|---|---|");
  for (const result of results) {
    const verdict = result.p95 <= result.target ? "ok" : "OVER";
    console.log(
      `| ${result.name} | ${ms(result.p50)} | ${ms(result.p95)} | < ${result.target} ms ${verdict} | ${result.seqScanOfMessages ? "YES" : "no"} |`,
    );
  }
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `\nCSV export of the 10,000-message session: ${mb(exported.bytes)} in ${exported.seconds.toFixed(2)} s; ` +
      `RSS ${mb(exported.baselineRss)} before, peak ${mb(exported.peakRss)} (the process's whole life).`,
  );

  if (!keep) await admin.unsafe(`drop database if exists ${DATABASE} with (force)`);
  await admin.end();
}

if (process.argv.includes("--export-child")) await exportChild();
else await main();
