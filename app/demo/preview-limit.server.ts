import type { Database } from "#db/connection.ts";
import { checkRateLimit, countAgainstRateLimit, type RateLimitRule } from "~/server/rate-limit.server.ts";

/** The preview stores nothing, but each post is a parse and a render: a person needs a handful. */
export const PREVIEW_LIMIT: RateLimitRule = { limit: 30, windowMs: 10 * 60 * 1000 };

/** Checked before the body is read; every post counts. */
export async function admitPreviewPost(db: Database, ip: string) {
  const bucket = `preview:ip:${ip}`;
  const verdict = await checkRateLimit(db, [bucket], PREVIEW_LIMIT);
  if (!verdict.limited) await countAgainstRateLimit(db, [bucket]);
  return verdict;
}
