import { data } from "react-router";
import { AdminNotFound } from "~/components/admin-error.tsx";

/** Any portal address that names no page: a 404 inside the shell. */
export function loader() {
  return data(null, { status: 404 });
}

export default function PortalNotFoundPage() {
  return <AdminNotFound />;
}
