import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireBusinessUserForPage } from "~/auth/guard.server.ts";
import { opensPage } from "~/auth/permissions.ts";
import { AppShell } from "~/components/app-shell.tsx";
import { databaseContext, operatorContext, portalClientContext } from "~/context.ts";
import { findClientById } from "~/models/client.server.ts";
import { PORTAL_SHELL } from "~/portal/portal-shell.ts";

export const middleware: Route.MiddlewareFunction[] = [requireBusinessUserForPage];

export const handle = { i18n: ["portal", "admin", "account"] };

export async function loader({ context }: Route.LoaderArgs) {
  const person = context.get(operatorContext);
  const client = await findClientById(context.get(databaseContext), context.get(portalClientContext));
  return { name: person.displayName ?? person.username, role: person.role, businessName: client?.businessName ?? "" };
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  const { name, role } = loaderData;
  return (
    <AppShell kind={PORTAL_SHELL} name={name} canOpen={(path) => opensPage(role, path)}>
      <Outlet />
    </AppShell>
  );
}
