import clsx from "clsx";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, NavLink, useLocation } from "react-router";
import { LanguageSelect } from "~/components/language-select.tsx";
import { Avatar } from "~/components/ui/card.tsx";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog.tsx";
import { RowIcon, type RowIconName } from "~/components/ui/row-icon.tsx";

/** One entry of a shell's navigation: its page, its label's key in the shell's namespace, its icon. */
export type NavigationEntry = {
  to: string;
  key: string;
  icon: RowIconName;
};

/** The back-office navigation, in its order on screen. */
const ADMIN_NAVIGATION = [
  { to: "/admin/dashboard", key: "dashboard", icon: "layout-dashboard" },
  { to: "/admin/clients", key: "clients", icon: "users" },
  { to: "/admin/inbox", key: "inbox", icon: "headset" },
  { to: "/admin/chat-sessions", key: "chatSessions", icon: "messages-square" },
  { to: "/admin/saved-replies", key: "savedReplies", icon: "message-square-text" },
  { to: "/admin/system-status", key: "systemStatus", icon: "server-cog" },
  { to: "/admin/ai-training", key: "aiTraining", icon: "bot" },
  { to: "/admin/billing", key: "billing", icon: "credit-card" },
  { to: "/admin/completed-functions", key: "completedFunctions", icon: "circle-check" },
  { to: "/admin/plugin", key: "plugin", icon: "puzzle" },
  { to: "/admin/analytics", key: "analytics", icon: "chart-column" },
  { to: "/admin/leads", key: "leads", icon: "inbox" },
  { to: "/admin/team", key: "team", icon: "user-cog" },
] as const satisfies NavigationEntry[];

/** Whether the signed-in person's role opens a page: a link to one it does not is not shown. */
export type CanOpen = (path: string) => boolean;

/**
 * What waits behind a navigation entry, by the entry's key: a count of new items (new conversations,
 * new leads), or a text already said (the visitors waiting for a person).
 */
export type NavigationBadges = Partial<Record<string, number | string>>;

/** What makes a shell the back-office's or the portal's: its title, its navigation and its home page. */
export type ShellKind = { ns: string; navigation: readonly NavigationEntry[]; home: { path: string; entry: string } };

export const ADMIN_SHELL: ShellKind = {
  ns: "admin",
  navigation: ADMIN_NAVIGATION,
  home: { path: "/admin", entry: "/admin/dashboard" },
};

function ShellNavigation({
  kind,
  canOpen,
  onNavigate,
  badges,
}: {
  kind: ShellKind;
  canOpen: CanOpen;
  onNavigate?: () => void;
  badges: NavigationBadges;
}) {
  const { t } = useTranslation(kind.ns);
  const { pathname } = useLocation();
  return (
    <ul className="space-y-1">
      {kind.navigation
        .filter(({ to }) => canOpen(to))
        .map(({ to, key, icon }) => {
          // The home page is current on itself alone: every other page's address starts with the portal's home.
          const current =
            pathname === to ||
            (to !== kind.home.path && pathname.startsWith(`${to}/`)) ||
            (to === kind.home.entry && pathname === kind.home.path);
          return (
            <li key={to}>
              <NavLink
                to={to}
                onClick={onNavigate}
                aria-current={current ? "page" : undefined}
                className={clsx(
                  "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium",
                  current ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100",
                )}
              >
                <RowIcon name={icon} className="h-5 w-5 shrink-0" />
                {t(`nav.${key}`)}
                {badges[key] ? (
                  <span className="ms-auto rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                    {typeof badges[key] === "string"
                      ? badges[key]
                      : t("live.unseen", { count: badges[key], ns: "admin" })}
                  </span>
                ) : null}
              </NavLink>
            </li>
          );
        })}
    </ul>
  );
}

/**
 * The signed-in pages' frame: a header with the language, one's account and sign-out, and the
 * navigation (a side column on a desktop, a menu on a phone). The back-office and the portal differ
 * only in `kind`.
 */
export function AppShell({
  kind = ADMIN_SHELL,
  name,
  canOpen,
  badges = {},
  children,
}: {
  kind?: ShellKind;
  /** The signed-in person's display name, else their sign-in name. */
  name: string;
  canOpen: CanOpen;
  badges?: NavigationBadges;
  children: ReactNode;
}) {
  const { t } = useTranslation(kind.ns);
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="min-h-dvh">
      <header className="fixed inset-x-0 top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4">
        <Dialog open={menuOpen} onOpenChange={setMenuOpen}>
          <DialogTrigger
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
            aria-label={t("shell.openMenu")}
          >
            <RowIcon name="menu" className="h-6 w-6" />
          </DialogTrigger>
          <DialogContent title={t("shell.title")} placement="side">
            <nav aria-label={t("shell.navigation")}>
              <ShellNavigation kind={kind} canOpen={canOpen} onNavigate={() => setMenuOpen(false)} badges={badges} />
            </nav>
          </DialogContent>
        </Dialog>
        <p className="text-lg font-semibold text-slate-900">{t("shell.title")}</p>
        <div className="ms-auto flex items-center gap-2 sm:gap-3">
          <LanguageSelect />
          <span className="sr-only">{t("shell.signedInAs", { name })}</span>
          <Link
            to="/account"
            title={t("shell.myAccount", { ns: "account" })}
            className="inline-flex min-w-0 items-center gap-2 rounded-lg p-1 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            <Avatar initial={name.charAt(0).toUpperCase()} />
            <span className="hidden max-w-48 truncate md:inline">
              <bdi>{name}</bdi>
            </span>
            <span className="sr-only">{t("shell.myAccount", { ns: "account" })}</span>
          </Link>
          <Form method="post" action="/logout">
            <button
              type="submit"
              className="inline-flex items-center gap-2 rounded-lg p-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              <RowIcon name="log-out" className="h-5 w-5 rtl:-scale-x-100" />
              <span className="hidden sm:inline">{t("shell.logout", { ns: "admin" })}</span>
              <span className="sr-only sm:hidden">{t("shell.logout", { ns: "admin" })}</span>
            </button>
          </Form>
        </div>
      </header>
      <nav
        aria-label={t("shell.navigation")}
        className="fixed inset-y-0 start-0 top-16 hidden w-64 overflow-y-auto border-e border-slate-200 bg-white p-4 lg:block"
      >
        <ShellNavigation kind={kind} canOpen={canOpen} badges={badges} />
      </nav>
      <main className="px-4 pt-20 pb-10 sm:px-6 lg:ps-72 lg:pe-8">{children}</main>
    </div>
  );
}
