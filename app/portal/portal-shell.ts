import type { ShellKind } from "~/components/app-shell.tsx";

/** The portal's frame: a business's own pages, in its navigation's order. */
export const PORTAL_SHELL: ShellKind = {
  ns: "portal",
  navigation: [
    { to: "/portal", key: "home", icon: "layout-dashboard" },
    { to: "/portal/inbox", key: "inbox", icon: "headset" },
    { to: "/portal/conversations", key: "conversations", icon: "messages-square" },
    { to: "/portal/saved-replies", key: "savedReplies", icon: "message-square-text" },
    { to: "/portal/leads", key: "leads", icon: "inbox" },
    { to: "/portal/completed-functions", key: "completedFunctions", icon: "circle-check" },
    { to: "/portal/training", key: "training", icon: "bot" },
    { to: "/portal/plugin", key: "plugin", icon: "puzzle" },
    { to: "/portal/billing", key: "billing", icon: "credit-card" },
    { to: "/portal/privacy", key: "privacy", icon: "shield-check" },
    { to: "/portal/people", key: "people", icon: "user-cog" },
  ],
  home: { path: "/portal", entry: "/portal" },
};
