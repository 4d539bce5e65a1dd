import { count } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { newsletterSubscribers } from "#db/schema.ts";
import { countLeadsWhere, leadConditions, newestFirst, type LeadFilter, type LeadPage } from "./lead-filter.server.ts";
import { listNewestFirst, type NewestFirstPage } from "./newest-first.server.ts";

export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;

export type SubscribeOutcome = { kind: "subscribed"; id: number } | { kind: "already-subscribed" };

const UNIQUE_VIOLATION = "23505";

function isUniqueViolation(error: unknown) {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return cause?.code === UNIQUE_VIOLATION;
}

/**
 * One row per address, whatever its case: the unique index on lower(email) decides, so two
 * simultaneous sign-ups of the same address cannot both get in.
 */
export async function subscribeToNewsletter(db: Database, email: string, language: string): Promise<SubscribeOutcome> {
  try {
    const [created] = await db
      .insert(newsletterSubscribers)
      .values({ email, language })
      .returning({ id: newsletterSubscribers.id });
    return { kind: "subscribed", id: created!.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: "already-subscribed" };
    throw error;
  }
}

export async function countNewsletterSubscribers(db: Database) {
  const [row] = await db.select({ total: count() }).from(newsletterSubscribers);
  return row?.total ?? 0;
}

export function listNewsletterSubscribers(db: Database, page?: NewestFirstPage): Promise<NewsletterSubscriber[]> {
  return listNewestFirst(db, newsletterSubscribers, page);
}

/** Subscribers have nothing to follow up: the filter's search alone applies. */
const subscriberConditions = (filter: LeadFilter) => leadConditions(filter, [newsletterSubscribers.email]);

export function countNewsletterSubscribersMatching(db: Database, filter: LeadFilter) {
  return countLeadsWhere(db, newsletterSubscribers, subscriberConditions(filter));
}

export function listNewsletterSubscribersMatching(
  db: Database,
  filter: LeadFilter,
  { limit, offset }: LeadPage,
): Promise<NewsletterSubscriber[]> {
  return db
    .select()
    .from(newsletterSubscribers)
    .where(subscriberConditions(filter))
    .orderBy(...newestFirst(newsletterSubscribers))
    .limit(limit)
    .offset(offset);
}
