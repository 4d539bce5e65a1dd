import { data } from "react-router";
import { AdminForbidden } from "~/components/admin-error.tsx";

/** Where the guard sends a page the person's role does not open: a 403 inside the shell. */
export function loader() {
  return data(null, { status: 403 });
}

export default function AdminForbiddenPage() {
  return <AdminForbidden />;
}
