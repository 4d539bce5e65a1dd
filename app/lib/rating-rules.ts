/**
 * What a "How did we do?" rating holds, for the widget's script and the server alike (free of zod,
 * because the widget's small script bundles it).
 */

/** Five faces, from 1 (bad) to 5 (great). */
export const RATING_SCORES = [1, 2, 3, 4, 5] as const;
export type RatingScore = (typeof RATING_SCORES)[number];
export const RATING_FACES: Record<RatingScore, string> = { 1: "😞", 2: "😕", 3: "😐", 4: "😊", 5: "😄" };

/** An optional comment: a few sentences at most. */
export const RATING_COMMENT_MAX_LENGTH = 500;

/** A rating this low, with a comment saying why, is a knowledge gap too. */
export const LOW_RATING = 2;
