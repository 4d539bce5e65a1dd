import type { Database } from "#db/connection.ts";
import { countRateLimitEvents, recordRateLimitEventUnder, recordRateLimitEvents } from "~/models/rate-limit.server.ts";

export type RateLimitRule = { limit: number; windowMs: number };

/**
 * How long counted events are kept (the job runner prunes older ones). It must be at least the
 * longest window of any rule: today an hour (investment inquiries; logins 15 minutes, public forms
 * 10 minutes, the message API a minute per address; its per-session daily cap counts messages, not
 * these events). A day leaves room for a daily rule. `checkRateLimit` refuses a rule with a longer
 * window, because it would count too few events.
 */
export const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;
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
  checkWindow(rule);
  const rows = await countRateLimitEvents(db, buckets, new Date(now.getTime() - rule.windowMs));
  return verdictOf(rows, rule, now);
}

/**
 * checkRateLimit and countAgainstRateLimit for one bucket in one statement, for a limit on every
 * call of a busy API (the message API's per-address limit): a call under the limit is counted.
 */
export async function admitUnderRateLimit(
  db: Database,
  bucket: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitVerdict> {
  checkWindow(rule);
  const row = await recordRateLimitEventUnder(db, bucket, new Date(now.getTime() - rule.windowMs), rule.limit);
  return verdictOf([row], rule, now);
}

function checkWindow(rule: RateLimitRule) {
  if (rule.windowMs > RATE_LIMIT_RETENTION_MS) {
    throw new Error(
      `A rate limit window of ${rule.windowMs} ms is longer than RATE_LIMIT_RETENTION_MS: raise the retention.`,
    );
  }
}

function verdictOf(
  rows: { events: number; oldest: Date | string | null }[],
  rule: RateLimitRule,
  now: Date,
): RateLimitVerdict {
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
