import { data } from "react-router";
import { AdminNotFound } from "~/components/admin-error.tsx";

/** Any admin address that names no page: the admin 404, inside the shell. */
export function loader() {
  return data(null, { status: 404 });
}

export default function AdminNotFoundPage() {
  return <AdminNotFound />;
}
