import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, like } from "drizzle-orm";
import { openDatabase, type Database, type DatabaseHandle } from "#db/connection.ts";
import { authSessions, jobRuns, rateLimitEvents } from "#db/schema.ts";
import type { Job } from "~/jobs/job.ts";
import { deleteExpiredAuthSessionsJob, JOBS, pruneRateLimitEventsJob } from "~/jobs/jobs.server.ts";
import { runJob } from "~/jobs/runner.server.ts";
import { findOperatorByUsername, upsertOperator } from "~/models/operator.server.ts";
import { configureLogging } from "~/server/log.server.ts";
import { RATE_LIMIT_RETENTION_MS } from "~/server/rate-limit.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { startServer } from "../../support/server.ts";

const timeZone = "Asia/Jerusalem";
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** The fixed clock: 13:05 in Jerusalem, just as the hourly prune is due. */
const NOW = new Date("2026-05-01T10:05:00Z");
const before = (ms: number) => new Date(NOW.getTime() - ms);

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** A job that counts its runs; `hold` keeps a run going until the test lets it finish. */
function countingJob(name: string, hold?: Promise<void>) {
  const calls = { count: 0, started: deferred() };
  const job: Job = {
    name,
    schedule: { every: "hour", minute: 5 },
    run: async () => {
      calls.count++;
      calls.started.resolve();
      await hold;
      return { done: 1 };
    },
  };
  return { job, calls };
}

describe.each(testDrivers)("the job runner on %s", (driver) => {
  let handle: DatabaseHandle & { url?: string };
  let db: Database;

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("prunes rate-limit events older than the retention and keeps the rest", async () => {
    const ages = [
      RATE_LIMIT_RETENTION_MS + HOUR,
      RATE_LIMIT_RETENTION_MS + 1000,
      RATE_LIMIT_RETENTION_MS - MINUTE,
      2 * MINUTE,
    ];
    await db.insert(rateLimitEvents).values(ages.map((age) => ({ bucket: `prune:${age}`, createdAt: before(age) })));

    const result = await runJob(db, pruneRateLimitEventsJob, { now: NOW, timeZone });

    expect(result).toEqual({ outcome: "succeeded", slot: NOW, counts: { deleted: 2 } });
    const kept = await db
      .select({ bucket: rateLimitEvents.bucket })
      .from(rateLimitEvents)
      .where(like(rateLimitEvents.bucket, "prune:%"));
    expect(kept.map((row) => row.bucket).sort()).toEqual([
      `prune:${2 * MINUTE}`,
      `prune:${RATE_LIMIT_RETENTION_MS - MINUTE}`,
    ]);
  });

  it("deletes expired operator sessions and keeps live ones", async () => {
    await upsertOperator(db, `sessions-${driver}`, "not-a-real-hash");
    const operator = (await findOperatorByUsername(db, `sessions-${driver}`))!;
    await db.insert(authSessions).values([
      { id: `expired-${driver}`, operatorId: operator.id, expiresAt: before(1000) },
      { id: `live-${driver}`, operatorId: operator.id, expiresAt: new Date(NOW.getTime() + HOUR) },
    ]);

    // The daily job at 03:30 Jerusalem time: at 13:05 its slot is this morning's.
    const result = await runJob(db, deleteExpiredAuthSessionsJob, { now: NOW, timeZone });

    expect(result).toEqual({ outcome: "succeeded", slot: new Date("2026-05-01T00:30:00Z"), counts: { deleted: 1 } });
    const left = await db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.operatorId, operator.id));
    expect(left).toEqual([{ id: `live-${driver}` }]);
  });

  it("records each run, runs a slot once, and runs the next slot", async () => {
    const { job, calls } = countingJob(`once-${driver}`);
    expect((await runJob(db, job, { now: NOW, timeZone })).outcome).toBe("succeeded");
    // A server that wakes up later in the same hour finds the slot done.
    expect(await runJob(db, job, { now: new Date(NOW.getTime() + 50 * MINUTE), timeZone })).toEqual({
      outcome: "skipped",
      slot: NOW,
      reason: "already-ran",
    });
    expect((await runJob(db, job, { now: new Date(NOW.getTime() + HOUR), timeZone })).outcome).toBe("succeeded");
    expect(calls.count).toBe(2);

    const runs = await db.select().from(jobRuns).where(eq(jobRuns.jobName, job.name)).orderBy(jobRuns.slot);
    expect(runs.map(({ slot, outcome, counts, error }) => ({ slot, outcome, counts, error }))).toEqual([
      { slot: NOW, outcome: "succeeded", counts: { done: 1 }, error: null },
      { slot: new Date(NOW.getTime() + HOUR), outcome: "succeeded", counts: { done: 1 }, error: null },
    ]);
    for (const run of runs) expect(run.finishedAt.getTime()).toBeGreaterThanOrEqual(run.startedAt.getTime());
  });

  it("records a failed run with its message and undoes what it half did", async () => {
    const failing: Job = {
      name: `failing-${driver}`,
      schedule: { every: "day", hour: 3, minute: 30 },
      run: async ({ db: work }) => {
        await work.insert(rateLimitEvents).values({ bucket: `half-done-${driver}` });
        throw new Error("the payment provider did not answer");
      },
    };

    const result = await runJob(db, failing, { now: NOW, timeZone });

    expect(result).toEqual({
      outcome: "failed",
      slot: new Date("2026-05-01T00:30:00Z"),
      error: "the payment provider did not answer",
    });
    expect(
      await db
        .select()
        .from(rateLimitEvents)
        .where(eq(rateLimitEvents.bucket, `half-done-${driver}`)),
    ).toEqual([]);
    const [run] = await db.select().from(jobRuns).where(eq(jobRuns.jobName, failing.name));
    expect(run).toMatchObject({ outcome: "failed", error: "the payment provider did not answer", counts: {} });
  });

  it("writes one JSON log line per run", async () => {
    const { job } = countingJob(`logged-${driver}`);
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((line) => lines.push(String(line)) > 0);
    configureLogging({ level: "info" });
    try {
      await runJob(db, job, { now: NOW, timeZone });
      await runJob(db, job, { now: NOW, timeZone });
    } finally {
      configureLogging({ level: "silent" });
      write.mockRestore();
    }
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      {
        time: expect.any(String),
        level: "info",
        event: "job.run",
        job: job.name,
        slot: NOW.toISOString(),
        outcome: "succeeded",
        ms: expect.any(Number),
        counts: { done: 1 },
      },
    ]);
  });

  it("runs a slot once when several runners race for it", async () => {
    const second = handle.url ? await openDatabase({ url: handle.url, migrate: false }) : undefined;
    try {
      // PostgreSQL: two connections, as two app servers have; the run is held open until every other
      // runner has either given up or started the job too, so a missing lock would show as a second run.
      // PGlite has one connection per process, which runs one transaction at a time: no hold there.
      const runners = second ? [db, second.db, db, second.db] : [db, db, db, db];
      const hold = deferred();
      let accountedFor = 0;
      const account = () => {
        if (++accountedFor === runners.length) hold.resolve();
      };
      let runs = 0;
      const job: Job = {
        name: `race-${driver}`,
        schedule: { every: "hour", minute: 5 },
        run: async () => {
          runs++;
          if (second) {
            account();
            await hold.promise;
          }
          return {};
        },
      };
      const results = await Promise.all(
        runners.map(async (runner) => {
          const result = await runJob(runner, job, { now: NOW, timeZone });
          if (result.outcome === "skipped") account();
          return result;
        }),
      );
      expect(runs).toBe(1);
      expect(results.filter((result) => result.outcome === "succeeded")).toHaveLength(1);
      expect(await db.select().from(jobRuns).where(eq(jobRuns.jobName, job.name))).toHaveLength(1);
    } finally {
      await second?.close();
    }
  });

  it.runIf(driver === "postgres")(
    "makes a second server skip a job while the first is running it, and later too",
    async () => {
      const second = await openDatabase({ url: handle.url!, migrate: false });
      try {
        const hold = deferred();
        const { job, calls } = countingJob(`held-${driver}`, hold.promise);
        const first = runJob(db, job, { now: NOW, timeZone });
        await calls.started.promise;

        expect(await runJob(second.db, job, { now: NOW, timeZone })).toEqual({
          outcome: "skipped",
          slot: NOW,
          reason: "busy",
        });
        hold.resolve();
        expect((await first).outcome).toBe("succeeded");
        expect(await runJob(second.db, job, { now: new Date(NOW.getTime() + 10 * MINUTE), timeZone })).toEqual({
          outcome: "skipped",
          slot: NOW,
          reason: "already-ran",
        });
        expect(calls.count).toBe(1);
      } finally {
        await second.close();
      }
    },
  );
});

describe("the scheduler in the production server", () => {
  it("runs every job's current slot at start-up, records it, and still stops promptly on SIGTERM", async () => {
    const server = await startServer({ SEED_DEMO: "false", LOG_LEVEL: "info" });
    try {
      const jobLines = () =>
        server
          .output()
          .split("\n")
          .filter((line) => line.includes('"event":"job.run"'))
          .map((line) => JSON.parse(line) as { job: string; outcome: string });
      const deadline = Date.now() + 30_000;
      while (jobLines().length < JOBS.length && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(
        jobLines()
          .map(({ job, outcome }) => ({ job, outcome }))
          .sort((a, b) => a.job.localeCompare(b.job)),
      ).toEqual(
        JOBS.map((job) => ({ job: job.name, outcome: "succeeded" })).sort((a, b) => a.job.localeCompare(b.job)),
      );

      const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
      const signalled = Date.now();
      server.process.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(5_000);

      const stopped = await openDatabase({ dataDir: server.dataDir, migrate: false });
      try {
        const runs = await stopped.db.select({ jobName: jobRuns.jobName, outcome: jobRuns.outcome }).from(jobRuns);
        expect(runs.sort((a, b) => a.jobName.localeCompare(b.jobName))).toEqual(
          JOBS.map((job) => ({ jobName: job.name, outcome: "succeeded" })).sort((a, b) =>
            a.jobName.localeCompare(b.jobName),
          ),
        );
      } finally {
        await stopped.close();
      }
    } finally {
      await server.stop();
    }
  }, 120_000);
});
