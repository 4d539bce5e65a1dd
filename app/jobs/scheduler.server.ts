import type { Database } from "#db/connection.ts";
import { logError } from "~/server/log.server.ts";
import type { Job } from "./job.ts";
import { runJob } from "./runner.server.ts";
import { nextRunAfter, slotAt } from "./schedule.ts";

/** The longest the scheduler sleeps: a machine that was suspended, or a clock that was set, is noticed within the hour. */
const MAX_SLEEP_MS = 60 * 60 * 1000;

export type Scheduler = { stop: () => Promise<void> };

type SchedulerOptions = { db: Database; jobs: readonly Job[]; timeZone: string; run?: typeof runJob };

/**
 * An in-process timer loop: it sleeps until the next job is due, then runs every job whose slot
 * has changed since it last looked, one after another. At start it runs each job's latest slot
 * (a slot missed while no server was up, or one already done: `runJob` knows). The timer never
 * keeps the process alive, and `stop` waits for the run in progress, so shutdown stays prompt.
 */
export function startScheduler({ db, jobs, timeZone, run = runJob }: SchedulerOptions): Scheduler {
  const lastSlot = new Map<string, number>();
  let queue: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  function wake() {
    const now = new Date();
    for (const job of jobs) {
      const slot = slotAt(job.schedule, now, timeZone).getTime();
      if (lastSlot.get(job.name) === slot) continue;
      lastSlot.set(job.name, slot);
      queue = queue
        .then(() => (stopped ? undefined : run(db, job, { now, timeZone })))
        .catch((error: unknown) => logError(error, { event: "job.error", job: job.name }));
    }
    const due = Math.min(...jobs.map((job) => nextRunAfter(job.schedule, now, timeZone).getTime()));
    timer = setTimeout(wake, Math.min(Math.max(due - Date.now(), 0), MAX_SLEEP_MS));
    timer.unref();
  }

  if (jobs.length > 0) wake();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await queue;
    },
  };
}
