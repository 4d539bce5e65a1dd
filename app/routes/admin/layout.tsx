import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireOperatorForPage } from "~/auth/guard.server.ts";
import { AdminShell } from "~/components/admin-shell.tsx";
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
