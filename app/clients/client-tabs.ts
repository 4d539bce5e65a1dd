import type { ClientStatus, PersonRole } from "#db/vocabulary.ts";
import { can, type Permission } from "~/auth/permissions.ts";

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

/** What each tab shows or changes, in the permission table's words: an agent sees the overview, the conversations and the training. */
const TAB_PERMISSIONS: Record<ClientTab, Permission> = {
  overview: "clients.view",
  usage: "billing.manage",
  sessions: "conversations.view",
  training: "training.edit",
  delivery: "clients.manage",
  channels: "clients.manage",
  privacy: "visitorData.export",
  access: "visitorData.export",
  settings: "clients.manage",
};

/** The tabs a role opens, in order. */
export const clientTabsFor = (role: PersonRole): ClientTab[] =>
  CLIENT_TABS.filter((tab) => can(role, TAB_PERMISSIONS[tab]));

/** The statuses that take the chat away from a client's visitors: asked for before they are set. */
export const HARMFUL_STATUSES: readonly ClientStatus[] = ["suspended", "cancelled"];
