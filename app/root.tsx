import "~/lib/zod-browser-config.ts";
import { DirectionProvider } from "@radix-ui/react-direction";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { nonceContext } from "~/context.ts";
import { directionOf, type Language } from "~/i18n/config.ts";
import { i18nMiddleware, languageContext } from "~/i18n/middleware.server.ts";
import { runtimeMiddleware } from "~/runtime.server.ts";
import { databaseOutageMiddleware } from "~/server/database-outage.server.ts";
import { securityHeadersMiddleware } from "~/server/security.server.ts";
import { takeToast } from "~/server/toast-cookie.server.ts";
import { RouteErrorPage } from "~/components/error-page.tsx";
import { useIslandPage } from "~/islands/island-page.tsx";
import { Toaster as ToasterOnServer } from "~/components/ui/toast.tsx";

/**
 * The browser loads Radix Toast only when there is a toast to show, so pages without one do not
 * ship it. The server renders it in place (the import is dropped from the browser's bundle), so a
 * toast's <noscript> banner is part of the page, not streamed in later by a script.
 */
const Toaster = import.meta.env.SSR
  ? ToasterOnServer
  : lazy(() => import("~/components/ui/toast.tsx").then((module) => ({ default: module.Toaster })));

export const middleware: Route.MiddlewareFunction[] = [
  securityHeadersMiddleware,
  databaseOutageMiddleware,
  runtimeMiddleware,
  i18nMiddleware,
];

export const handle = { i18n: ["common"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, headers } = await takeToast(request);
  return data(
    { language: context.get(languageContext), nonce: context.get(nonceContext), toast: toast ?? null },
    // Only a shown toast needs its cookie cleared; other pages send no cookie and stay cacheable.
    toast ? { headers } : undefined,
  );
}

const FAVICON = { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" } as const;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }, FAVICON];

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const language: Language = rootData?.language ?? (i18n.language === "en" ? "en" : "he");
  const direction = directionOf(language);
  const islandPage = useIslandPage();

  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [i18n, language]);

  return (
    <html lang={language} dir={direction}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {islandPage ? (
          <>
            <link {...FAVICON} />
            <style dangerouslySetInnerHTML={{ __html: islandPage.styles }} />
          </>
        ) : (
          <Links />
        )}
      </head>
      <body className="min-h-dvh">
        <DirectionProvider dir={direction}>{children}</DirectionProvider>
        {islandPage ? (
          <script nonce={rootData?.nonce} dangerouslySetInnerHTML={{ __html: islandPage.script }} />
        ) : (
          <>
            <ScrollRestoration nonce={rootData?.nonce} />
            <Scripts nonce={rootData?.nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Outlet />
      {loaderData.toast ? (
        <Suspense fallback={null}>
          <Toaster toast={loaderData.toast} />
        </Suspense>
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
