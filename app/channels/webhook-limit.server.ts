import type { Database } from "#db/connection.ts";
import { tooManyRequests, type ApiText } from "~/server/json-api.server.ts";
import { admitUnderRateLimit, type RateLimitRule } from "~/server/rate-limit.server.ts";

/**
 * Meta and Telegram deliver every client's messages from a few addresses of their own, so the limit
 * per address is generous; someone trying account ids or signatures meets it long before it matters.
 */
export const CHANNEL_WEBHOOK_LIMIT: RateLimitRule = { limit: 600, windowMs: 60 * 1000 };

/** Counts a webhook call against its address, before its body is read or an account is looked up. */
export async function limitChannelWebhook(db: Database, ip: string, text: ApiText, now = new Date()) {
  const verdict = await admitUnderRateLimit(db, `channel-webhook:${ip}`, CHANNEL_WEBHOOK_LIMIT, now);
  return verdict.limited ? tooManyRequests(text, verdict) : null;
}
