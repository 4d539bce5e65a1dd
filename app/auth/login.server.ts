import type { Database } from "#db/connection.ts";
import { findOperatorByUsername } from "~/models/operator.server.ts";
import {
  countRateLimitEvents,
  deleteRateLimitEvents,
  recordRateLimitEvents,
  withRateLimitLocks,
} from "~/models/rate-limit.server.ts";
import type { RateLimitVerdict } from "~/server/rate-limit.server.ts";
import { decoyPasswordHash, verifyPassword } from "./password.server.ts";

/**
 * Ten failed logins within 15 minutes: from one address, that address is refused for every
 * username; for one username, it is refused to every address that has failed before, while an
 * address with no failures still gets its password checked (docs/decisions/011-login-limits.md).
 */
export const LOGIN_RATE_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 };

const addressBucket = (ip: string) => `login:ip:${ip}`;
const usernameBucket = (username: string) => `login:user:${username.toLowerCase()}`;

export type LoginOutcome =
  | { kind: "success"; operatorId: number; clientId: number | null }
  | { kind: "invalid" }
  | { kind: "limited"; verdict: Extract<RateLimitVerdict, { limited: true }> };

type Reservation = { kind: "reserved"; eventIds: number[] } | Extract<LoginOutcome, { kind: "limited" }>;

/**
 * Decides and counts in one locked step: the attempt is recorded as a failure before the password
 * is checked (and given back if it was right), so parallel attempts see each other.
 */
function reserveAttempt(db: Database, ip: string, username: string, now = new Date()): Promise<Reservation> {
  const buckets = [addressBucket(ip), usernameBucket(username)];
  return withRateLimitLocks(db, buckets, async (tx) => {
    const since = new Date(now.getTime() - LOGIN_RATE_LIMIT.windowMs);
    const rows = await countRateLimitEvents(tx, buckets, since);
    const address = rows.find((row) => row.bucket === buckets[0]);
    const user = rows.find((row) => row.bucket === buckets[1]);
    const full = (row: typeof address) => row !== undefined && row.events >= LOGIN_RATE_LIMIT.limit;
    const blocking = full(address) ? address : full(user) && address !== undefined ? user : undefined;
    if (blocking?.oldest) {
      const freeAt = new Date(blocking.oldest).getTime() + LOGIN_RATE_LIMIT.windowMs;
      return {
        kind: "limited",
        verdict: { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) },
      };
    }
    return { kind: "reserved", eventIds: await recordRateLimitEvents(tx, buckets) };
  });
}

export async function attemptLogin(
  db: Database,
  credentials: { username: string; password: string },
  ip: string,
): Promise<LoginOutcome> {
  const reservation = await reserveAttempt(db, ip, credentials.username);
  if (reservation.kind === "limited") return reservation;

  // An invited person signs in with their e-mail address, stored in lower case: typed in any case it is theirs.
  const operator =
    (await findOperatorByUsername(db, credentials.username)) ??
    (credentials.username.includes("@")
      ? await findOperatorByUsername(db, credentials.username.toLowerCase())
      : undefined);
  // A disabled person, or one invited who has not chosen a password yet, is refused like a wrong password.
  const usable = operator && !operator.disabledAt && operator.passwordHash ? operator : undefined;
  const valid = await verifyPassword(credentials.password, usable?.passwordHash ?? (await decoyPasswordHash));
  if (usable && valid) {
    await deleteRateLimitEvents(db, reservation.eventIds);
    return { kind: "success", operatorId: usable.id, clientId: usable.clientId };
  }
  return { kind: "invalid" };
}
