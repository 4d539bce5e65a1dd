import type { Database } from "#db/connection.ts";
import { recordLastExchangeGap } from "~/gaps/gaps.server.ts";
import { rateSession } from "~/models/rating.server.ts";
import { LOW_RATING } from "~/lib/rating-rules.ts";

/**
 * Keeps a conversation's rating, once: false when it was rated already (the first rating stands).
 * A low rating with a comment says Alex's last answer missed: that question becomes a "not helpful"
 * gap, its answer attached, like the widget's "Was this helpful? No".
 */
export async function recordRating(
  db: Database,
  session: { id: number; clientId: number },
  rating: { score: number; comment: string | null },
  at = new Date(),
) {
  return db.transaction(async (tx) => {
    if (!(await rateSession(tx, session.id, rating, at))) return false;
    if (rating.score <= LOW_RATING && rating.comment) await recordLastExchangeGap(tx, session, "not_helpful");
    return true;
  });
}
