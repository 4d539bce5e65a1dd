import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link } from "react-router";

/**
 * How an error boundary reads what was thrown: a 404 (`data(null, { status: 404 })` or a Response)
 * means "not found", a 503 that the database is down (app/server/database-outage.server.ts), anything else a failure. The stack shows in development only, never in production.
 */
export function readRouteError(error: unknown) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return {
    status,
    notFound: status === 404,
    stack: import.meta.env.DEV && error instanceof Error ? error.stack : undefined,
  };
}

type ErrorPageProps = { status: number; title: string; message: string; stack?: string };

export function ErrorPage({ status, title, message, stack }: ErrorPageProps) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-[70dvh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-6xl font-bold text-brand-600" aria-hidden="true">
        {status}
      </p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-slate-600">{message}</p>
      {/* The home page is an island page (app/islands/island-page.tsx): always a document load. */}
      <Link
        to="/"
        reloadDocument
        className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        {t("notFound.home")}
      </Link>
      {stack ? <pre className="max-w-full overflow-auto text-start text-xs text-red-700">{stack}</pre> : null}
    </main>
  );
}

/** The public site's page for whatever a route threw. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { status, notFound, stack } = readRouteError(error);
  if (notFound) return <ErrorPage status={404} title={t("notFound.title")} message={t("notFound.message")} />;
  if (status === 503)
    return <ErrorPage status={503} title={t("error.unavailableTitle")} message={t("error.unavailableMessage")} />;
  return <ErrorPage status={status} title={t("error.title")} message={t("error.message")} stack={stack} />;
}
