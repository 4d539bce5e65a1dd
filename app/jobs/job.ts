import type { Database } from "#db/connection.ts";
import type { JobSchedule } from "./schedule.ts";

/** What a job gets: the transaction it works in, the clock it reads, the slot it runs for, and the display time zone of its calendar. */
export type JobContext = { db: Database; now: Date; slot: Date; timeZone: string };

/** What it did, for the run's record and log line: `{ deleted: 12 }`. */
export type JobCounts = Record<string, number>;

export type Job = {
  /** Unique and stable: it keys the advisory lock and the `job_runs` history. */
  name: string;
  schedule: JobSchedule;
  run: (context: JobContext) => Promise<JobCounts>;
};
