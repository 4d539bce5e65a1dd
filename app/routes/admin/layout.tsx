import { Outlet } from "react-router";
import type { PersonRole } from "#db/vocabulary.ts";
import type { Route } from "./+types/layout";
import { requireOperatorForPage } from "~/auth/guard.server.ts";
import { opensPage } from "~/auth/permissions.ts";
import { AppShell } from "~/components/app-shell.tsx";
import { operatorContext } from "~/context.ts";
import { useTranslation } from "react-i18next";
import { useWaitingCount } from "~/handoff/components/waiting-count.tsx";
import { ADMIN_INBOX, waitingCountPath } from "~/handoff/inbox-query.ts";
import { LiveEventsProvider, useLive } from "~/live/live-events.tsx";
import { PORTAL_SHELL } from "~/portal/portal-shell.ts";

export const middleware: Route.MiddlewareFunction[] = [requireOperatorForPage];

export const handle = { i18n: ["admin", "account", "portal", "inbox"] };

export function loader({ context }: Route.LoaderArgs) {
  const person = context.get(operatorContext);
  return { name: person.displayName ?? person.username, role: person.role, business: person.clientId !== null };
}

/**
 * The back-office's frame. A business's person reaches only their own account pages here (the guard
 * sends them to their portal otherwise), and sees them in the portal's frame.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { name, role, business } = loaderData;
  if (business) {
    return (
      <AppShell kind={PORTAL_SHELL} name={name} canOpen={(path) => opensPage(role, path)}>
        <Outlet />
      </AppShell>
    );
  }
  return (
    <LiveEventsProvider>
      <LiveShell name={name} role={role} />
    </LiveEventsProvider>
  );
}

/**
 * The shell with the live stream's badges: the visitors waiting for a person, and new conversations
 * and leads since their pages were opened.
 */
function LiveShell({ name, role }: { name: string; role: PersonRole }) {
  const { t } = useTranslation("inbox");
  const unseen = useLive()?.unseen;
  const waiting = useWaitingCount(waitingCountPath(ADMIN_INBOX));
  return (
    <AppShell
      name={name}
      canOpen={(path) => opensPage(role, path)}
      badges={{
        inbox: waiting ? t("nav.waiting", { count: waiting }) : undefined,
        chatSessions: unseen?.sessions,
        leads: unseen?.leads,
      }}
    >
      <Outlet />
    </AppShell>
  );
}
