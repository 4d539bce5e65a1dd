import { and, count, gt, inArray, lt, min, sql } from "drizzle-orm";
import { selectRows, type Database } from "#db/connection.ts";
import { rateLimitEvents } from "#db/schema.ts";

/** The first key of every rate-limit lock ("rate" in ASCII), apart from the job runner's. */
const RATE_LIMIT_LOCK_NAMESPACE = 0x72617465;

/** Records one event in each bucket; answers their ids, so a reserved attempt can be given back. */
export async function recordRateLimitEvents(db: Database, buckets: string[]): Promise<number[]> {
  if (buckets.length === 0) return [];
  const rows = await db
    .insert(rateLimitEvents)
    .values(buckets.map((bucket) => ({ bucket })))
    .returning({ id: rateLimitEvents.id });
  return rows.map((row) => row.id);
}

export async function deleteRateLimitEvents(db: Database, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, ids));
}

/**
 * Runs `work` in a transaction holding an advisory lock on each bucket (taken in one order, so two
 * callers never wait on each other crosswise): counting and recording become one step, and fifty
 * parallel requests cannot all read "nine so far".
 */
export async function withRateLimitLocks<T>(
  db: Database,
  buckets: string[],
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    for (const bucket of [...new Set(buckets)].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(${RATE_LIMIT_LOCK_NAMESPACE}, hashtext(${bucket}))`);
    }
    return work(tx);
  });
}

/** Counts and the oldest event time within the window, per bucket. */
export async function countRateLimitEvents(db: Database, buckets: string[], since: Date) {
  const rows = await db
    .select({ bucket: rateLimitEvents.bucket, events: count(), oldest: min(rateLimitEvents.createdAt) })
    .from(rateLimitEvents)
    .where(and(inArray(rateLimitEvents.bucket, buckets), gt(rateLimitEvents.createdAt, since)))
    .groupBy(rateLimitEvents.bucket);
  return rows;
}

/**
 * One statement for a limit checked on every call of a busy API: counts the bucket's events since
 * `since` and, when they are under `limit`, records one more. Answers the count before it and the
 * oldest event's time.
 */
export async function recordRateLimitEventUnder(db: Database, bucket: string, since: Date, limit: number) {
  const [row] = await selectRows<{ events: number | string; oldest: string | Date | null }>(
    db,
    sql`with recent as (
          select count(*) as events, min(${rateLimitEvents.createdAt}) as oldest
          from ${rateLimitEvents}
          where ${rateLimitEvents.bucket} = ${bucket} and ${rateLimitEvents.createdAt} > ${since.toISOString()}::timestamptz
        ), recorded as (
          insert into ${rateLimitEvents} (bucket) select ${bucket} from recent where recent.events < ${limit}
        )
        select events, oldest from recent`,
  );
  return { events: Number(row?.events ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Deletes the events older than `before`; answers how many went. */
export async function pruneRateLimitEvents(db: Database, before: Date) {
  const deleted = await db
    .delete(rateLimitEvents)
    .where(lt(rateLimitEvents.createdAt, before))
    .returning({ id: rateLimitEvents.id });
  return deleted.length;
}
