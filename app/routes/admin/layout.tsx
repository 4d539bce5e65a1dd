import { Outlet } from "react-router";
import type { TeamRole } from "#db/vocabulary.ts";
import type { Route } from "./+types/layout";
import { requireOperatorForPage } from "~/auth/guard.server.ts";
import { can, ROUTE_ACCESS } from "~/auth/permissions.ts";
import { AdminShell } from "~/components/admin-shell.tsx";
import { operatorContext } from "~/context.ts";
import { LiveEventsProvider, useLive } from "~/live/live-events.tsx";

export const middleware: Route.MiddlewareFunction[] = [requireOperatorForPage];

export const handle = { i18n: ["admin", "account"] };

export function loader({ context }: Route.LoaderArgs) {
  const operator = context.get(operatorContext);
  return { name: operator.displayName ?? operator.username, role: operator.role };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <LiveEventsProvider>
      <LiveShell name={loaderData.name} role={loaderData.role} />
    </LiveEventsProvider>
  );
}

/** The shell with the live stream's badges: new conversations and leads since their pages were opened. */
function LiveShell({ name, role }: { name: string; role: TeamRole }) {
  const unseen = useLive()?.unseen;
  return (
    <AdminShell
      name={name}
      canOpen={(path) => opensFor(role, path)}
      badges={{ chatSessions: unseen?.sessions, leads: unseen?.leads }}
    >
      <Outlet />
    </AdminShell>
  );
}

/** A navigation link shows only for a role its page opens for: the table the guard reads (app/auth/permissions.ts). */
function opensFor(role: TeamRole, path: string) {
  const access = ROUTE_ACCESS[path];
  return access !== undefined && can(role, access.read);
}
