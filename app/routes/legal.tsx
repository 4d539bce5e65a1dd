import { data } from "react-router";
import type { Route } from "./+types/legal";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { SiteFooter } from "~/landing/components/site-footer.tsx";
import { LegalDocument } from "~/legal/components/legal-document.tsx";
import { legalPageAt } from "~/legal/legal-pages.ts";
import { pageCacheMiddleware } from "~/server/page-cache.server.ts";
import { loadAsDocument } from "~/islands/island-page.tsx";

/** Each legal page depends only on its path and the language. */
export const middleware: Route.MiddlewareFunction[] = [pageCacheMiddleware()];

export const handle = { i18n: ["legal", "landing"], islands: true };

/** One module serves /privacy, /terms and /accessibility (app/legal/legal-pages.ts); the path picks the text. */
export function loader({ url, context }: Route.LoaderArgs) {
  const page = legalPageAt(url.pathname);
  if (!page) throw data(null, { status: 404 });
  const t = getTranslator(context);
  return {
    page,
    title: t(`${page}.title`, { ns: "legal" }),
    description: t(`${page}.description`, { ns: "legal" }),
  };
}

export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} | Alex` : "Alex" },
  { name: "description", content: loaderData?.description ?? "" },
];

export default function Legal({ loaderData }: Route.ComponentProps) {
  return (
    <LegalDocument
      page={loaderData.page}
      footer={<SiteFooter newsletterResult={undefined} newsletterOutcome={undefined} />}
    />
  );
}
