import { LayoutDashboard, RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { readRouteError } from "~/components/error-page.tsx";
import { Button } from "~/components/ui/button.tsx";

type PanelProps = { status: number; title: string; message: string; retry?: boolean; stack?: string };

/** Sits in the shell's <main> (the back-office's or the portal's), in place of the page, so the header and the navigation stay. */
function AdminErrorPanel({ status, title, message, retry, stack }: PanelProps) {
  const { t } = useTranslation("admin");
  const { pathname, search } = useLocation();
  // The same panel sits in the portal's shell: its way back is the portal's home.
  const inPortal = pathname === "/portal" || pathname.startsWith("/portal/");
  return (
    <section
      aria-labelledby="admin-error-title"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center"
    >
      <title>{`${title} | Alex`}</title>
      <p className="text-5xl font-bold text-brand-600" aria-hidden="true">
        {status}
      </p>
      <h1 id="admin-error-title" className="text-2xl font-semibold text-slate-900">
        {title}
      </h1>
      <p className="text-slate-600">{message}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to={inPortal ? "/portal" : "/admin/dashboard"}>
            <LayoutDashboard className="h-4 w-4" aria-hidden="true" />
            {t(inPortal ? "errorPanel.portal" : "errorPanel.dashboard")}
          </Link>
        </Button>
        {retry ? (
          <Button asChild variant="secondary">
            {/* A full load of the same address: a failed post is not sent again. */}
            <a href={`${pathname}${search}`}>
              <RotateCcw className="h-4 w-4" aria-hidden="true" />
              {t("errorPanel.retry")}
            </a>
          </Button>
        ) : null}
      </div>
      {stack ? <pre className="max-w-full overflow-auto text-start text-xs text-red-700">{stack}</pre> : null}
    </section>
  );
}

/** An admin address that names nothing: an unknown page, or an id that is not there (a deleted client). */
export function AdminNotFound() {
  const { t } = useTranslation();
  return <AdminErrorPanel status={404} title={t("notFound.title")} message={t("notFound.message")} />;
}

/** A page or a change the person's role on the team does not allow (app/auth/permissions.ts). */
export function AdminForbidden() {
  const { t } = useTranslation();
  return <AdminErrorPanel status={403} title={t("forbidden.title")} message={t("forbidden.message")} />;
}

/** Whatever an admin page threw (in its loader, action or render), inside the shell. */
export function AdminError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { status, notFound, stack } = readRouteError(error);
  if (notFound) return <AdminNotFound />;
  if (status === 403) return <AdminForbidden />;
  return <AdminErrorPanel status={status} title={t("error.title")} message={t("error.message")} retry stack={stack} />;
}
