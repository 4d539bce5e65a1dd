import type { RouterContextProvider } from "react-router";
import { databaseContext, requestInfoContext } from "~/context.ts";
import { admitUnderRateLimit, type RateLimitRule } from "~/server/rate-limit.server.ts";

/**
 * Every view of and post to an invitation link, per client address: a person opening their link and
 * mistyping a password a few times stays far below it; someone trying links does not get far.
 */
export const INVITE_PAGE_LIMIT: RateLimitRule = { limit: 30, windowMs: 10 * 60 * 1000 };

/** Counts this request against the address's limit, before anything else is done for it. */
export function admitInviteRequest(context: Readonly<RouterContextProvider>) {
  const { ip } = context.get(requestInfoContext);
  return admitUnderRateLimit(context.get(databaseContext), `invite:ip:${ip}`, INVITE_PAGE_LIMIT);
}
