import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { tooManyRequests, type ApiText } from "~/server/json-api.server.ts";

/**
 * Meta and Telegram deliver every client's messages from a few addresses of their own, so the limit
 * per address is generous; someone trying account ids or signatures meets it long before it matters.
 */
export const CHANNEL_WEBHOOK_LIMIT = { limit: 600, windowSeconds: 60 };

/**
 * Counted in this process's memory, not the database: the limit comes before any work, and a
 * webhook call must not wait on the tables the message API's admission line may be waiting for.
 * With several app servers each counts its own share, which still bounds what one address costs.
 */
const limiter = new RateLimiterMemory({
  points: CHANNEL_WEBHOOK_LIMIT.limit,
  duration: CHANNEL_WEBHOOK_LIMIT.windowSeconds,
});

/** Counts a webhook call against its address, before its body is read or an account is looked up. */
export async function limitChannelWebhook(ip: string, text: ApiText) {
  try {
    await limiter.consume(ip);
    return null;
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return tooManyRequests(text, { retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) });
  }
}
