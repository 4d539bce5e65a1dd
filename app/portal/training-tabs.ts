/**
 * The portal's training page, one part at a time (`?tab=`); the FAQ first: what a business fixes
 * most, then the knowledge gaps, the questions its FAQ does not answer yet, then its own test
 * questions, which say whether a change broke an answer.
 */
export const PORTAL_TRAINING_TABS = [
  "faq",
  "gaps",
  "tests",
  "greeting",
  "info",
  "hours",
  "scanner",
  "history",
] as const;
export type PortalTrainingTab = (typeof PORTAL_TRAINING_TABS)[number];

export const PORTAL_TRAINING_PATH = "/portal/training";
export const trainingTabPath = (tab: PortalTrainingTab) => `${PORTAL_TRAINING_PATH}?tab=${tab}`;
