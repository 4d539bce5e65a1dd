import { Outlet } from "react-router";
import type { Route } from "./+types/page-errors";
import { AdminError } from "~/components/admin-error.tsx";

/** Every portal page sits in this pathless route, so an error in one stays inside the shell (as in the back-office). */
export default function PortalPages() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
