/**
 * What the benches that drive a running server share (scripts/bench-messages.ts, bench-live.ts,
 * bench-retries.ts, bench-chats.ts): the production build started on a free port as a bench wants it,
 * the client its visitors write to, and the server's memory.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase, type Database } from "../db/connection.ts";
import { generateLicenseKey } from "../db/license-key.ts";
import { clients, trainingConfigs } from "../db/schema.ts";
import { freePort } from "../tests/support/server.ts";

export const root = path.resolve(import.meta.dirname, "..");
export const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

/** Stops a bench before any work when there is no production build to start. */
export function requireBuild(bench: string) {
  if (existsSync(path.join(buildDir, "server/index.js"))) return;
  console.error(`${bench}: no production build in ${buildDir}; run npm run build first.`);
  process.exit(1);
}

export type BenchServer = {
  url: string;
  pid: number;
  /** Everything the server printed so far. */
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * The production build on a free port with the built-in responder, no demo data, no access log and
 * fresh secrets; `env` adds the database and anything else. It resolves once /healthz answers.
 * BENCH_PROFILE_DIR: the server writes a CPU profile there when it stops (docs/request-cost.md reads them).
 */
export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  const profile = process.env.BENCH_PROFILE_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, "server.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      PORT: String(port),
      SEED_DEMO: "false",
      LOG_LEVEL: "silent",
      ADMIN_USERNAME: "bench-operator",
      ADMIN_PASSWORD: randomBytes(18).toString("base64url"),
      SESSION_SECRET: randomBytes(32).toString("base64url"),
      CREDENTIALS_KEY: randomBytes(32).toString("base64"),
      AI_BASE_URL: "",
      AI_MODEL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid!,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * An active client with a greeting and a sales flow, whose license the bench's visitors write with.
 * Every bench message is a new visitor, so a new $1 conversation: without a monthly ceiling, or the
 * bench would turn into one of refusals within seconds.
 */
export async function insertBenchClient(db: Database, businessName: string) {
  const licenseKey = generateLicenseKey();
  const [client] = await db
    .insert(clients)
    .values({
      businessName,
      ownerEmail: "bench@example.com",
      websiteDomain: "bench.example",
      businessType: "services",
      licenseKey,
      monthlyUsageCeilingCents: null,
    })
    .returning({ id: clients.id });
  await db.insert(trainingConfigs).values({
    clientId: client!.id,
    businessType: "services",
    greeting: "שלום! איך אפשר לעזור?",
    salesFlow: ["need identification", "solution presentation", "deal closing"],
  });
  return { clientId: client!.id, licenseKey };
}

/** A process's resident memory in bytes (Linux's /proc; 0 elsewhere). */
export function rssOf(pid: number) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export const mb = (bytes: number) => bytes / 1024 / 1024;

/**
 * Runs a bench on a throwaway database: on PostgreSQL beside `postgresUrl` when one is given, else a
 * fresh embedded one. `prepare` fills it before the server starts; `run` gets the server's database
 * settings and what `prepare` returned. The database is gone afterwards either way.
 */
export async function onBenchDatabase<Prepared, Result>(
  bench: string,
  postgresUrl: string,
  prepare: (db: Database) => Promise<Prepared>,
  run: (label: string, serverEnv: Record<string, string>, prepared: Prepared) => Promise<Result>,
): Promise<Result> {
  const filled = async (handle: { db: Database; close: () => Promise<void> }) => {
    try {
      return await prepare(handle.db);
    } finally {
      await handle.close();
    }
  };
  if (postgresUrl) {
    const admin = postgres(postgresUrl, { max: 1, onnotice: () => {} });
    const name = `alex_${bench.replace(/-/g, "_")}_${process.pid}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    try {
      const prepared = await filled(await openDatabase({ url: url.toString() }));
      return await run("PostgreSQL", { DATABASE_URL: url.toString(), DATA_DIR: tmpdir() }, prepared);
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `alex-${bench}-`));
  try {
    const prepared = await filled(await openDatabase({ dataDir }));
    return await run("embedded", { DATA_DIR: dataDir, DATABASE_URL: "" }, prepared);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
