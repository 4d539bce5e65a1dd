import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { RouterContextProvider } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import { DatabaseLockedError, openDatabase, POSTGRES_POOL_SIZE } from "#db/connection.ts";
import { databaseContext } from "~/context.ts";
import { loader as healthz } from "~/routes/healthz.ts";
import { checkHealth } from "~/server/health.server.ts";
import { openTestDatabase } from "../../support/database.ts";
import { startServer } from "../../support/server.ts";

/**
 * These tests create embedded databases in new folders (initdb in WebAssembly, ~3 s on a quiet
 * machine) or start production servers (startServer alone allows a minute): on a busy machine,
 * more than the default 30 s.
 */
const SLOW_TEST_TIMEOUT_MS = 90_000;

const folders: string[] = [];
const tempFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), "alex-db-"));
  folders.push(folder);
  return folder;
};

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function callHealthz(db: unknown) {
  const context = new RouterContextProvider();
  context.set(databaseContext, db as never);
  const args = {
    context,
    request: new Request("http://127.0.0.1/healthz"),
    params: {},
    url: new URL("http://127.0.0.1/healthz"),
  };
  return healthz(args as unknown as Parameters<typeof healthz>[0]);
}

describe("the embedded database", () => {
  it(
    "persists in its folder and refuses a second instance on it",
    async () => {
      const folder = tempFolder();
      const first = await openDatabase({ dataDir: folder });
      await expect(openDatabase({ dataDir: folder })).rejects.toThrow(DatabaseLockedError);
      await expect(openDatabase({ dataDir: folder })).rejects.toThrow(/in use by another process/);
      await first.close();
      const reopened = await openDatabase({ dataDir: folder });
      await reopened.close();
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    "makes a second server on the same folder stop with a clear message",
    async () => {
      // The first server starts from the run's template database: this test is about the lock, and the
      // first test above already creates a database in a new folder.
      const server = await startServer({ SEED_DEMO: "false" });
      try {
        await expect(startServer({ DATA_DIR: server.dataDir, SEED_DEMO: "false" })).rejects.toThrow(
          /The embedded database in .* is in use by another process/,
        );
      } finally {
        await server.stop();
      }
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    "stops cleanly on SIGTERM: exit code 0, database closed, folder unlocked",
    async () => {
      const server = await startServer({ SEED_DEMO: "false" });
      expect(existsSync(path.join(server.dataDir, "server.lock"))).toBe(true);
      const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
      server.process.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(existsSync(path.join(server.dataDir, "server.lock"))).toBe(false);
      await server.stop();
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it("reports health: 200 while the database answers, 503 once it does not", async () => {
    const handle = await openDatabase({ memory: true, migrate: false });
    const healthy = await callHealthz(handle.db);
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toEqual({ status: "ok" });
    await handle.close();
    const unhealthy = await callHealthz(handle.db);
    expect(unhealthy.status).toBe(503);
    expect(await unhealthy.json()).toMatchObject({ status: "unavailable" });
  });

  it("answers the plain check's ping until it is closed, and shares one ping among a burst", async () => {
    const handle = await openDatabase({ memory: true, migrate: false });
    let pings = 0;
    const countedPing = async () => {
      pings++;
      await handle.ping();
    };
    const burst = await Promise.all(Array.from({ length: 20 }, () => checkHealth(countedPing)));
    expect(burst.map((health) => health.status)).toEqual(Array(20).fill(200));
    expect(pings).toBe(1);
    await handle.close();
    expect(await checkHealth(handle.ping)).toEqual({
      status: 503,
      body: { status: "unavailable", database: "unreachable" },
    });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL", () => {
  it("answers the health check's ping while every pooled connection waits", async () => {
    const handle = await openTestDatabase("postgres");
    const holder = postgres(handle.url!, { max: 1, onnotice: () => {} });
    try {
      // The holder takes a lock; visitors' queries wait for it, one on each of the pool's connections.
      await holder`select pg_advisory_lock(4242)`;
      let waitingDone = false;
      const waiting = Promise.all(
        Array.from({ length: POSTGRES_POOL_SIZE }, () => handle.db.execute(sql`select pg_advisory_xact_lock(4242)`)),
      ).then(() => (waitingDone = true));
      await expect
        .poll(
          async () =>
            (
              await holder`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`
            )[0]!.n,
        )
        .toBe(POSTGRES_POOL_SIZE);

      expect(await checkHealth(handle.ping)).toEqual({ status: 200, body: { status: "ok" } });
      expect(waitingDone).toBe(false);

      await holder`select pg_advisory_unlock(4242)`;
      await waiting;
    } finally {
      await holder.end();
      await handle.close();
    }
  });
});
