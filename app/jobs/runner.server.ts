import type { Database } from "#db/connection.ts";
import { hasJobRun, recordJobRun, withJobLock } from "~/models/job-run.server.ts";
import { logError, logInfo } from "~/server/log.server.ts";
import type { Job, JobCounts } from "./job.ts";
import { slotAt } from "./schedule.ts";

type JobRunResult =
  | { outcome: "succeeded"; slot: Date; counts: JobCounts }
  | { outcome: "failed"; slot: Date; error: string }
  /** Another server is running this job right now, or this slot already ran (here or elsewhere). */
  | { outcome: "skipped"; slot: Date; reason: "busy" | "already-ran" };

/**
 * Runs `job` for the slot that `now` falls in, at most once per slot across every app server: the
 * job's advisory lock keeps two servers from running it at the same time, and the `job_runs` row,
 * written in the same transaction, keeps a server that comes later from running the slot again.
 * The job's work runs in a savepoint, so a failure undoes its half-done work but is still recorded.
 * Each run (not a skip) is one JSON log line, written once its record is committed.
 */
export async function runJob(
  db: Database,
  job: Job,
  { now, timeZone }: { now: Date; timeZone: string },
): Promise<JobRunResult> {
  const slot = slotAt(job.schedule, now, timeZone);
  const attempt = await withJobLock(db, job.name, async (tx) => {
    if (await hasJobRun(tx, job.name, slot))
      return { result: { outcome: "skipped", slot, reason: "already-ran" } as const };
    const startedAt = new Date();
    let result: JobRunResult;
    let failure: unknown;
    try {
      const counts = await tx.transaction((work) => job.run({ db: work, now, slot, timeZone }));
      result = { outcome: "succeeded", slot, counts };
    } catch (error) {
      failure = error;
      result = { outcome: "failed", slot, error: error instanceof Error ? error.message : String(error) };
    }
    const finishedAt = new Date();
    await recordJobRun(tx, {
      jobName: job.name,
      slot,
      startedAt,
      finishedAt,
      outcome: result.outcome,
      counts: result.outcome === "succeeded" ? result.counts : {},
      error: result.outcome === "failed" ? result.error : null,
    });
    return { result, failure, ms: finishedAt.getTime() - startedAt.getTime() };
  });
  if (!attempt.locked) return { outcome: "skipped", slot, reason: "busy" };

  const { result, failure, ms } = attempt.value;
  const fields = { event: "job.run", job: job.name, slot: slot.toISOString(), outcome: result.outcome, ms };
  if (result.outcome === "succeeded") logInfo("job.run", { ...fields, counts: result.counts });
  if (result.outcome === "failed") logError(failure, fields);
  return result;
}
