import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { jobRuns } from "#db/schema.ts";

/** The first key of every job's advisory lock ("jobs" in ASCII), so our locks never collide with another key space. */
const JOB_LOCK_NAMESPACE = 0x6a6f6273;

/**
 * Runs `work` in one transaction that holds the job's advisory lock until it commits. A
 * transaction-level lock lives and dies with its transaction, which keeps it on the one connection
 * postgres.js reserved for it. Another server holding the lock: `{ locked: false }` at once, no wait.
 */
export async function withJobLock<T>(
  db: Database,
  jobName: string,
  work: (tx: Database) => Promise<T>,
): Promise<{ locked: true; value: T } | { locked: false }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${JOB_LOCK_NAMESPACE}, hashtext(${jobName}))` })
      .from(sql`(select 1) as lock_probe`);
    if (!row?.locked) return { locked: false };
    return { locked: true, value: await work(tx) };
  });
}

export async function hasJobRun(db: Database, jobName: string, slot: Date) {
  const [row] = await db
    .select({ id: jobRuns.id })
    .from(jobRuns)
    .where(and(eq(jobRuns.jobName, jobName), eq(jobRuns.slot, slot)))
    .limit(1);
  return row !== undefined;
}

export async function recordJobRun(db: Database, run: typeof jobRuns.$inferInsert) {
  await db.insert(jobRuns).values(run);
}
