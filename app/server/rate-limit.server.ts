import type { Database } from "#db/connection.ts";
import { countRateLimitEvents, recordRateLimitEvents } from "~/models/rate-limit.server.ts";

export type RateLimitRule = { limit: number; windowMs: number };
export type RateLimitVerdict = { limited: false } | { limited: true; retryAfterSeconds: number };

/**
 * Limits live in the database so they hold across app servers. A bucket is limited
 * once it has `limit` events inside the window; it frees up when its oldest event ages out.
 */
export async function checkRateLimit(
  db: Database,
  buckets: string[],
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitVerdict> {
  const rows = await countRateLimitEvents(db, buckets, new Date(now.getTime() - rule.windowMs));
  const full = rows.filter((row) => row.events >= rule.limit && row.oldest);
  if (full.length === 0) return { limited: false };
  const freeAt = Math.max(...full.map((row) => new Date(row.oldest!).getTime() + rule.windowMs));
  return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
}

export async function countAgainstRateLimit(db: Database, buckets: string[]) {
  await recordRateLimitEvents(db, buckets);
}

export function tooManyRequestsHeaders(verdict: { retryAfterSeconds: number }) {
  return { "Retry-After": String(verdict.retryAfterSeconds) };
}
