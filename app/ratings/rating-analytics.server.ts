import type { Database } from "#db/connection.ts";
import { addDays, startOfDay } from "~/lib/calendar.ts";
import {
  averageRatingPerClient,
  averageRatingPerWeek,
  countAnsweredWithoutPerson,
  listLowestRatedSessions,
} from "~/models/rating.server.ts";

/** The weeks the "over time" table covers, whatever the period. */
export const RATING_WEEKS = 12;
/** The lowest rated conversations listed, each a link to its session. */
const LOWEST_LISTED = 5;

/**
 * The ratings part of analytics for the period from `start` to `now`: per client its average
 * rating and how many, beside the share of its conversations Alex answered without a person; the
 * average per week of the last RATING_WEEKS weeks; and the lowest rated conversations.
 */
export async function loadRatingAnalytics(
  db: Database,
  { start, now, timeZone }: { start: Date; now: Date; timeZone: string },
) {
  const period = { start, end: now };
  const weeks = { start: addDays(startOfDay(now, timeZone), -7 * RATING_WEEKS, timeZone), end: now };
  const [ratings, answered, perWeek, lowest] = await Promise.all([
    averageRatingPerClient(db, period),
    countAnsweredWithoutPerson(db, period),
    averageRatingPerWeek(db, weeks, timeZone),
    listLowestRatedSessions(db, period, LOWEST_LISTED),
  ]);
  const byClient = new Map<
    number,
    { businessName: string; average: number | null; ratings: number; alexAlone: number | null }
  >();
  for (const row of answered)
    byClient.set(row.clientId, {
      businessName: row.businessName,
      average: null,
      ratings: 0,
      alexAlone: row.conversations === 0 ? null : row.alexAlone / row.conversations,
    });
  for (const row of ratings) {
    const known = byClient.get(row.clientId);
    byClient.set(row.clientId, {
      businessName: row.businessName,
      average: row.average,
      ratings: row.ratings,
      alexAlone: known?.alexAlone ?? null,
    });
  }
  return {
    perClient: [...byClient.entries()]
      .map(([clientId, row]) => ({ clientId, ...row }))
      // Rated clients first, the lowest average on top: the ones to look at.
      .sort(
        (a, b) => (a.average ?? Infinity) - (b.average ?? Infinity) || a.businessName.localeCompare(b.businessName),
      ),
    perWeek,
    lowest: lowest.map((row) => ({ ...row, ratedAt: row.ratedAt.toISOString() })),
  };
}

export type RatingAnalytics = Awaited<ReturnType<typeof loadRatingAnalytics>>;
