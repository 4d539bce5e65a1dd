import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase, type Database } from "#db/connection.ts";
import { seedDemoData } from "~/billing/demo-bills.server.ts";
import { REFUSAL_MARK } from "./loopback-guard.mjs";

/** The app server loads the loopback guard before anything else. */
const GUARD_OPTIONS = `--import ${path.join(import.meta.dirname, "loopback-guard-process.mjs")}`;

/**
 * V8 compiles the embedded database's WebAssembly once, without optimising it again in the background:
 * a test server lives for seconds to minutes, and over that span the optimising tier cost twice the CPU
 * and answered no faster (5,000 queries: 2.6 s either way, 4.1 against 3.4 s of CPU).
 */
export const TEST_NODE_FLAGS = ["--liftoff-only"];

export const TEST_ADMIN = { username: "operator", password: "correct-horse-battery" };

/** The lowest port the kernel hands to `listen(0)` and to outgoing connections (Linux's ephemeral range). */
function ephemeralPortsFrom(): number {
  try {
    return Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * A port nothing listens on, for a server the caller starts a moment later. It comes from below the
 * kernel's ephemeral range: a port from that range can be handed meanwhile to a stand-in that listens
 * on port 0, in a file running beside this one (seen: PHP's server found its port taken, and the
 * WordPress probe reached another test's stand-in instead).
 */
export async function freePort(): Promise<number> {
  const below = ephemeralPortsFrom();
  const lowest = Math.min(10_000, below - 1_000);
  for (;;) {
    const port = lowest + Math.floor(Math.random() * (below - lowest));
    if (await canListen(port)) return port;
  }
}

export type RunningServer = {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far (its JSON log lines when started with LOG_LEVEL=info). */
  output: () => string;
  /**
   * Stops the server and removes its data; `keepData` leaves the database for a look afterwards.
   * Fails when the server tried to reach anything outside loopback (tests/support/loopback-guard-process.mjs).
   */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
};

type ServerOptions = {
  /** Runs on the demo data before the server starts (the embedded database has one user at a time). */
  prepareDatabase?: (db: Database) => Promise<void>;
  /** Start on this folder (a database already prepared, or left by a stopped server). */
  dataDir?: string;
};

/**
 * An embedded database migrated and given the demo data once for a whole test run, made by
 * `makeDataTemplate` and named by TEST_DATA_TEMPLATE (tests/support/http-server.global.ts sets it for
 * Vitest's workers). A server copies it instead of creating, migrating and seeding its own: that was
 * most of a start, 7 of its 7.5 s of CPU.
 */
export async function makeDataTemplate(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "alex-template-"));
  const handle = await openDatabase({ dataDir });
  try {
    await seedDemoData(handle.db, { timeZone: "Asia/Jerusalem" });
  } finally {
    await handle.close();
  }
  return dataDir;
}

/** Copies the run's template database into `dataDir`; false when there is none (outside Vitest). */
function copyDataTemplate(dataDir: string): boolean {
  const template = process.env.TEST_DATA_TEMPLATE;
  if (!template) return false;
  // cp keeps PGlite's 1,200 files in a twentieth of a second; fs.cpSync took 0.8 s.
  execFileSync("cp", ["-a", path.join(template, "pglite"), path.join(dataDir, "pglite")]);
  return true;
}

/** The embedded database the server will open, migrated, seeded and given the test's own rows. */
export async function prepareEmbeddedDatabase(dataDir: string, prepare: (db: Database) => Promise<void>) {
  const fromTemplate = copyDataTemplate(dataDir);
  const handle = await openDatabase({ dataDir, migrate: !fromTemplate });
  try {
    if (!fromTemplate) await seedDemoData(handle.db, { timeZone: "Asia/Jerusalem" });
    await prepare(handle.db);
  } finally {
    await handle.close();
  }
}

/** Opens a stopped server's embedded database, to check what it wrote. */
export async function inspectEmbeddedDatabase<T>(dataDir: string, inspect: (db: Database) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir, migrate: false });
  try {
    return await inspect(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * Starts the production build (`node server.mjs`, never through npm, so a kill reaches node)
 * on a free port, with its own embedded database folder and demo data.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "alex-test-"));
  if (options.prepareDatabase) await prepareEmbeddedDatabase(dataDir, options.prepareDatabase);
  else if (!options.dataDir && !env.DATABASE_URL && !env.DATA_DIR) copyDataTemplate(dataDir);
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, "server.mjs"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      SEED_DEMO: "true",
      LOG_LEVEL: "silent",
      ...env,
      NODE_OPTIONS: [process.env.NODE_OPTIONS, GUARD_OPTIONS].filter(Boolean).join(" "),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (Date.now() >= deadline) throw new Error(`The server did not start in time:\n${output}`);
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
      const refused = output.split("\n").filter((line) => line.startsWith(REFUSAL_MARK));
      if (refused.length > 0) {
        throw new Error(
          `The server tried to leave this machine (use a .example or .test name, or a stand-in on 127.0.0.1):\n${[...new Set(refused)].join("\n")}`,
        );
      }
    },
  };
}

export const serverDatabases = process.env.TEST_DATABASE_URL
  ? (["embedded", "postgres"] as const)
  : (["embedded"] as const);

/**
 * A server of the test's own on the embedded database, or on a new database of the PostgreSQL test
 * server (TEST_DATABASE_URL), dropped when the server stops; `env` adds to the server's environment.
 */
export async function startServerOn(
  database: (typeof serverDatabases)[number],
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (database === "embedded" || !serverUrl) return startServer(env);
  const name = `alex_own_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const server = await startServer({
    ...env,
    DATABASE_URL: url.toString(),
    SESSION_SECRET: "an-own-server-test-session-secret-0123456789",
    CREDENTIALS_KEY: "cd".repeat(32),
  }).catch(async (error: unknown) => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    throw error;
  });
  return {
    ...server,
    stop: async (options) => {
      try {
        await server.stop(options);
      } finally {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  };
}

/** The operator's session cookie (`name=value`) on a server of the test's own. */
export function operatorCookieOn(server: RunningServer): Promise<string> {
  return sessionCookieOn(server, TEST_ADMIN);
}

/** A person's session cookie (`name=value`) on a server of the test's own: an operator or a business's person. */
export async function sessionCookieOn(
  server: RunningServer,
  credentials: { username: string; password: string },
): Promise<string> {
  const login = await fetch(`${server.url}/login`, {
    method: "POST",
    body: new URLSearchParams(credentials),
    redirect: "manual",
  });
  const cookie = login.headers.getSetCookie().find((value) => value.startsWith("alex_session="));
  if (!cookie) throw new Error(`${credentials.username} could not sign in (${login.status}).`);
  return cookie.split(";")[0]!;
}
