/** The portal's training page, one part at a time (`?tab=`); the FAQ first: what a business fixes most. */
export const PORTAL_TRAINING_TABS = ["faq", "greeting", "info", "hours", "scanner", "history"] as const;
export type PortalTrainingTab = (typeof PORTAL_TRAINING_TABS)[number];

export const PORTAL_TRAINING_PATH = "/portal/training";
export const trainingTabPath = (tab: PortalTrainingTab) => `${PORTAL_TRAINING_PATH}?tab=${tab}`;
