import { and, count, gt, inArray, lt, min } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { rateLimitEvents } from "#db/schema.ts";

export async function recordRateLimitEvents(db: Database, buckets: string[]) {
  if (buckets.length === 0) return;
  await db.insert(rateLimitEvents).values(buckets.map((bucket) => ({ bucket })));
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

/** Deletes the events older than `before`; answers how many went. */
export async function pruneRateLimitEvents(db: Database, before: Date) {
  const deleted = await db
    .delete(rateLimitEvents)
    .where(lt(rateLimitEvents.createdAt, before))
    .returning({ id: rateLimitEvents.id });
  return deleted.length;
}
