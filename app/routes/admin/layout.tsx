import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireOperatorForPage } from "~/auth/guard.server.ts";
import { AdminShell } from "~/components/admin-shell.tsx";
import { operatorContext } from "~/context.ts";
import { LiveEventsProvider, useLive } from "~/live/live-events.tsx";

export const middleware: Route.MiddlewareFunction[] = [requireOperatorForPage];

export const handle = { i18n: ["admin", "account"] };

export function loader({ context }: Route.LoaderArgs) {
  return { username: context.get(operatorContext).username };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <LiveEventsProvider>
      <LiveShell username={loaderData.username} />
    </LiveEventsProvider>
  );
}

/** The shell with the live stream's badges: new conversations and leads since their pages were opened. */
function LiveShell({ username }: { username: string }) {
  const unseen = useLive()?.unseen;
  return (
    <AdminShell username={username} badges={{ chatSessions: unseen?.sessions, leads: unseen?.leads }}>
      <Outlet />
    </AdminShell>
  );
}
