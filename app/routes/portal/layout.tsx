import { Outlet } from "react-router";
import type { PersonRole } from "#db/vocabulary.ts";
import type { Route } from "./+types/layout";
import { requireBusinessUserForPage } from "~/auth/guard.server.ts";
import { opensPage } from "~/auth/permissions.ts";
import { AppShell } from "~/components/app-shell.tsx";
import { databaseContext, operatorContext, portalClientContext } from "~/context.ts";
import { findClientById } from "~/models/client.server.ts";
import { useTranslation } from "react-i18next";
import { useWaitingCount } from "~/handoff/components/waiting-count.tsx";
import { PORTAL_INBOX, waitingCountPath } from "~/handoff/inbox-query.ts";
import { LiveEventsProvider, useLive } from "~/live/live-events.tsx";
import { PORTAL_LIVE } from "~/sessions/portal-conversation-paths.ts";
import { PORTAL_SHELL } from "~/portal/portal-shell.ts";

export const middleware: Route.MiddlewareFunction[] = [requireBusinessUserForPage];

export const handle = { i18n: ["portal", "admin", "account", "inbox"] };

export async function loader({ context }: Route.LoaderArgs) {
  const person = context.get(operatorContext);
  const client = await findClientById(context.get(databaseContext), context.get(portalClientContext));
  return { name: person.displayName ?? person.username, role: person.role, businessName: client?.businessName ?? "" };
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  return (
    <LiveEventsProvider place={PORTAL_LIVE}>
      <LivePortalShell {...loaderData} />
    </LiveEventsProvider>
  );
}

/**
 * The shell with the business's live stream's badges: its visitors waiting for a person, and new
 * conversations since their page was opened.
 */
function LivePortalShell({ name, role }: { name: string; role: PersonRole }) {
  const { t } = useTranslation("inbox");
  const unseen = useLive()?.unseen;
  const waiting = useWaitingCount(waitingCountPath(PORTAL_INBOX));
  return (
    <AppShell
      kind={PORTAL_SHELL}
      name={name}
      canOpen={(path) => opensPage(role, path)}
      badges={{ inbox: waiting ? t("nav.waiting", { count: waiting }) : undefined, conversations: unseen?.sessions }}
    >
      <Outlet />
    </AppShell>
  );
}
