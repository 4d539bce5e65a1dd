import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database } from "#db/connection.ts";
import { configureLogging } from "~/server/log.server.ts";
import type { Job } from "./job.ts";
import type { runJob } from "./runner.server.ts";
import { startScheduler } from "./scheduler.server.ts";

const HOUR = 60 * 60 * 1000;
const hourly: Job = { name: "hourly", schedule: { every: "hour", minute: 5 }, run: async () => ({}) };
const daily: Job = { name: "daily", schedule: { every: "day", hour: 3, minute: 30 }, run: async () => ({}) };
const noDatabase = {} as Database;

/** A stand-in for `runJob` that notes which job it was asked to run and when. */
function recordingRunner() {
  const calls: string[] = [];
  const run: typeof runJob = async (_db, job, { now }) => {
    calls.push(`${job.name} ${now.toISOString()}`);
    return { outcome: "succeeded", slot: now, counts: {} };
  };
  return { calls, run };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the scheduler", () => {
  it("runs each job's latest slot at start, then each job when its next slot comes", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-26T22:30:00Z") }); // 00:30 in Jerusalem, 27 March
    const { calls, run } = recordingRunner();
    const scheduler = startScheduler({ db: noDatabase, jobs: [hourly, daily], timeZone: "Asia/Jerusalem", run });
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    await scheduler.stop();
    expect(calls).toEqual([
      "hourly 2026-03-26T22:30:00.000Z",
      "daily 2026-03-26T22:30:00.000Z",
      "hourly 2026-03-26T23:05:00.000Z",
      // The clocks jump from 02:00 to 03:00: the next hour's run is 03:05 local, and 03:30 comes 25 minutes later.
      "hourly 2026-03-27T00:05:00.000Z",
      "daily 2026-03-27T00:30:00.000Z",
      "hourly 2026-03-27T01:05:00.000Z",
    ]);
  });

  it("waits in stop for the run in progress, and starts nothing after", async () => {
    vi.useFakeTimers({ now: new Date("2026-06-01T10:00:00Z") });
    let finishRun = () => {};
    const started: string[] = [];
    const run: typeof runJob = async (_db, job, { now }) => {
      started.push(job.name);
      await new Promise<void>((resolve) => (finishRun = resolve));
      return { outcome: "succeeded", slot: now, counts: {} };
    };
    const scheduler = startScheduler({ db: noDatabase, jobs: [hourly, daily], timeZone: "Asia/Jerusalem", run });
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(["hourly"]);

    let stopReturned = false;
    const stopped = scheduler.stop().then(() => (stopReturned = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopReturned).toBe(false);
    finishRun();
    await stopped;
    // The daily job was queued behind the hourly one; once stopped, it never started, and no timer is left.
    expect(started).toEqual(["hourly"]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps going when a run throws, and says so in the log", async () => {
    vi.useFakeTimers({ now: new Date("2026-06-01T10:00:00Z") });
    const attempts: string[] = [];
    const run: typeof runJob = async (_db, job, { now }) => {
      attempts.push(job.name);
      if (attempts.length === 1) throw new Error("database unreachable");
      return { outcome: "succeeded", slot: now, counts: {} };
    };
    const errorLines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((line) => errorLines.push(String(line)) > 0);
    configureLogging({ level: "info" });
    try {
      const scheduler = startScheduler({ db: noDatabase, jobs: [hourly], timeZone: "Asia/Jerusalem", run });
      await vi.advanceTimersByTimeAsync(HOUR);
      await scheduler.stop();
    } finally {
      configureLogging({ level: "silent" });
      vi.mocked(process.stderr.write).mockRestore();
    }
    expect(attempts).toEqual(["hourly", "hourly"]);
    expect(errorLines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: "error", event: "job.error", job: "hourly", message: "database unreachable" }),
    ]);
  });
});
