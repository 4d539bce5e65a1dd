import type { Database } from "#db/connection.ts";
import { findOperatorByUsername } from "~/models/operator.server.ts";
import { checkRateLimit, countAgainstRateLimit, type RateLimitVerdict } from "~/server/rate-limit.server.ts";
import { decoyPasswordHash, verifyPassword } from "./password.server.ts";

/** More than 10 failed logins from one IP or for one username within 15 minutes locks that key out. */
export const LOGIN_RATE_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 };

const bucketsFor = (ip: string, username: string) => [`login:ip:${ip}`, `login:user:${username.toLowerCase()}`];

export type LoginOutcome =
  | { kind: "success"; operatorId: number }
  | { kind: "invalid" }
  | { kind: "limited"; verdict: Extract<RateLimitVerdict, { limited: true }> };

export async function attemptLogin(
  db: Database,
  credentials: { username: string; password: string },
  ip: string,
): Promise<LoginOutcome> {
  const buckets = bucketsFor(ip, credentials.username);
  const verdict = await checkRateLimit(db, buckets, LOGIN_RATE_LIMIT);
  if (verdict.limited) return { kind: "limited", verdict };

  const operator = await findOperatorByUsername(db, credentials.username);
  const valid = await verifyPassword(credentials.password, operator?.passwordHash ?? (await decoyPasswordHash));
  if (operator && valid) return { kind: "success", operatorId: operator.id };

  await countAgainstRateLimit(db, buckets);
  return { kind: "invalid" };
}
