import type { ClientStatus } from "#db/vocabulary.ts";

/** The client page's tabs, in order. */
export const CLIENT_TABS = [
  "overview",
  "usage",
  "sessions",
  "training",
  "delivery",
  "channels",
  "privacy",
  "access",
  "settings",
] as const;
export type ClientTab = (typeof CLIENT_TABS)[number];

/** The statuses that take the chat away from a client's visitors: asked for before they are set. */
export const HARMFUL_STATUSES: readonly ClientStatus[] = ["suspended", "cancelled"];
