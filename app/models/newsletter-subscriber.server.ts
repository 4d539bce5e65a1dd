import { count, desc, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { newsletterSubscribers } from "#db/schema.ts";

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
    const [created] = await db.insert(newsletterSubscribers).values({ email, language }).returning({ id: newsletterSubscribers.id });
    return { kind: "subscribed", id: created!.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: "already-subscribed" };
    throw error;
  }
}

export type NewsletterSubscriber = { id: number; email: string; language: string; createdAt: Date };

export async function countNewsletterSubscribers(db: Database) {
  const [row] = await db.select({ total: count() }).from(newsletterSubscribers);
  return row?.total ?? 0;
}

/** Newest first, `limit` at a time; `afterId` continues after that row (compared on the stored timestamp, not a rounded Date). */
export async function listNewsletterSubscribers(
  db: Database,
  { limit = 100, afterId }: { limit?: number; afterId?: number } = {},
): Promise<NewsletterSubscriber[]> {
  return db
    .select()
    .from(newsletterSubscribers)
    .where(
      afterId === undefined
        ? undefined
        : sql`(${newsletterSubscribers.createdAt}, ${newsletterSubscribers.id}) < (select created_at, id from newsletter_subscribers where id = ${afterId})`,
    )
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
    .limit(limit);
}
