import { Outlet } from "react-router";
import type { Route } from "./+types/page-errors";
import { AdminError } from "~/components/admin-error.tsx";

/**
 * Every admin page sits in this pathless route, inside the shell. An error in a page (its loader,
 * action or render, or a 404 it throws for an unknown id) stops here, so the shell, rendered by the
 * layout above with its own data, stays around the error panel and the operator can go elsewhere.
 * (A boundary on the layout itself would lose the layout's data after a failed post: React Router
 * does not run the boundary route's loader then.) An error in the guard or the layout reaches the
 * root, whose public error page assumes no operator.
 */
export default function AdminPages() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
