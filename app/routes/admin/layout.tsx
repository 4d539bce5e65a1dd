import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { requireOperatorForPage } from "~/auth/guard.server.ts";
import { AdminError } from "~/components/admin-error.tsx";
import { AdminShell } from "~/components/admin-shell.tsx";
import { RouteErrorPage } from "~/components/error-page.tsx";
import { operatorContext } from "~/context.ts";

export const middleware: Route.MiddlewareFunction[] = [requireOperatorForPage];

export const handle = { i18n: ["admin"] };

export function loader({ context }: Route.LoaderArgs) {
  return { username: context.get(operatorContext).username };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell username={loaderData.username}>
      <Outlet />
    </AdminShell>
  );
}

/**
 * An error in any admin page (its loader, action or render, or a 404 it throws for an unknown id)
 * shows in the shell, so the operator keeps the navigation. When this layout's own loader did not
 * run (the guard itself failed), nothing says the visitor is an operator: the public error page.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  if (!layout) return <RouteErrorPage error={error} />;
  return (
    <AdminShell username={layout.username}>
      <AdminError error={error} />
    </AdminShell>
  );
}
