import type { Database } from "#db/connection.ts";
import {
  countRateLimitEvents,
  deleteRateLimitEvents,
  recordRateLimitEvents,
  withRateLimitLocks,
} from "~/models/rate-limit.server.ts";
import { LOGIN_RATE_LIMIT } from "~/auth/login.server.ts";
import type { RateLimitRule } from "~/server/rate-limit.server.ts";

/**
 * Asking for a reset link: from one address, ten in 15 minutes (a person who mistyped their address a
 * few times is fine); for one sign-in name or address, five an hour, so no one can fill a person's
 * mailbox. Both are counted before anything is looked up.
 */
export const RESET_REQUEST_LIMITS = {
  address: { limit: 10, windowMs: 15 * 60 * 1000 },
  account: { limit: 5, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

/** Posting a new password to a reset link, per address: the link is unguessable, this only bounds the cost of scrypt. */
export const RESET_USE_LIMIT: RateLimitRule = { limit: 20, windowMs: 15 * 60 * 1000 };

/** Wrong current passwords on /account count like failed sign-ins (app/auth/login.server.ts), per person. */
export const CURRENT_PASSWORD_LIMIT: RateLimitRule = LOGIN_RATE_LIMIT;

export type Reservation = { kind: "reserved"; eventIds: number[] } | { kind: "limited"; retryAfterSeconds: number };

/**
 * Decides and counts in one locked step (as the sign-in does): each bucket under its own rule; when
 * one is full nothing is counted and the answer says when it frees up, else one event in each.
 */
export function reserveUnderLimits(
  db: Database,
  limits: { bucket: string; rule: RateLimitRule }[],
  now = new Date(),
): Promise<Reservation> {
  const buckets = limits.map((limit) => limit.bucket);
  return withRateLimitLocks(db, buckets, async (tx) => {
    let freeAt = 0;
    for (const { bucket, rule } of limits) {
      const [row] = await countRateLimitEvents(tx, [bucket], new Date(now.getTime() - rule.windowMs));
      if (row && row.events >= rule.limit && row.oldest) {
        freeAt = Math.max(freeAt, new Date(row.oldest).getTime() + rule.windowMs);
      }
    }
    if (freeAt > 0) {
      return { kind: "limited", retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
    }
    return { kind: "reserved", eventIds: await recordRateLimitEvents(tx, buckets) };
  });
}

/** Gives reserved events back (a right password): only failures count against a person. */
export function giveBack(db: Database, reservation: Extract<Reservation, { kind: "reserved" }>) {
  return deleteRateLimitEvents(db, reservation.eventIds);
}
