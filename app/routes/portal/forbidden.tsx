import { data } from "react-router";
import { AdminForbidden } from "~/components/admin-error.tsx";

/** Where the portal's guard sends a page the business role does not open: a 403 inside the shell. */
export function loader() {
  return data(null, { status: 403 });
}

export default function PortalForbiddenPage() {
  return <AdminForbidden />;
}
