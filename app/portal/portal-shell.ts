import {
  Bot,
  CheckCircle2,
  CreditCard,
  Inbox,
  LayoutDashboard,
  MessageSquareText,
  MessagesSquare,
  Puzzle,
  ShieldCheck,
  UserCog,
} from "lucide-react";
import type { ShellKind } from "~/components/app-shell.tsx";

/** The portal's frame: a business's own pages, in its navigation's order. */
export const PORTAL_SHELL: ShellKind = {
  ns: "portal",
  navigation: [
    { to: "/portal", key: "home", icon: LayoutDashboard },
    { to: "/portal/conversations", key: "conversations", icon: MessagesSquare },
    { to: "/portal/saved-replies", key: "savedReplies", icon: MessageSquareText },
    { to: "/portal/leads", key: "leads", icon: Inbox },
    { to: "/portal/completed-functions", key: "completedFunctions", icon: CheckCircle2 },
    { to: "/portal/training", key: "training", icon: Bot },
    { to: "/portal/plugin", key: "plugin", icon: Puzzle },
    { to: "/portal/billing", key: "billing", icon: CreditCard },
    { to: "/portal/privacy", key: "privacy", icon: ShieldCheck },
    { to: "/portal/people", key: "people", icon: UserCog },
  ],
  home: { path: "/portal", entry: "/portal" },
};
