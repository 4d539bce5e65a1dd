import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { nonceContext } from "~/context.ts";
import { languageContext } from "~/i18n/middleware.server.ts";
import { cookieNames } from "./cookie-names.ts";

/** Says on every page response whether it came from the cache (`hit`) or was just rendered into it (`miss`). */
export const PAGE_CACHE_HEADER = "X-Page-Cache";

type CachedPage = { variant: string; body: string; nonce: string; headers: [string, string][] };

type PageCacheOptions = {
  /**
   * What else the page shows besides its language and the year, read on every request (the investor
   * page's chat link comes from the database). A different answer renders the page afresh and
   * replaces the cached one, so the cache never serves a stale page and holds one per path and language.
   */
  variant?: (context: Readonly<RouterContextProvider>) => Promise<string> | string;
};

/** Only the language cookie may shape the page; any other (a toast, a session) means it is rendered afresh. */
function carriesOtherCookies(request: Request) {
  return cookieNames(request).some((name) => name !== "lng");
}

/**
 * For a page whose plain visit is the same for every visitor who reads it in one language (the
 * landing page, the investor pitch): render it once per path and language, then reuse the HTML
 * (docs/decisions/004-page-cache.md). Only a GET of the document itself, with no query string and no
 * cookie but `lng`, is served from the cache; a data request, a POST, a query, a toast or a signed-in
 * operator is rendered afresh, and so is any response that sets a cookie or is not a 200 page. Each
 * response still gets its own CSP nonce: the cached page's nonce is swapped for the request's.
 */
export function pageCacheMiddleware({ variant }: PageCacheOptions = {}): MiddlewareFunction<Response> {
  const pages = new Map<string, CachedPage>();

  return async ({ request, url, context }, next) => {
    const requested = new URL(request.url);
    const isPlainDocumentGet =
      request.method === "GET" &&
      requested.pathname === url.pathname &&
      requested.search === "" &&
      !carriesOtherCookies(request);
    if (!isPlainDocumentGet) return next();

    const key = `${url.pathname}|${context.get(languageContext)}`;
    const currentVariant = `${new Date().getUTCFullYear()}|${variant ? await variant(context) : ""}`;
    const nonce = context.get(nonceContext);
    const cached = pages.get(key);
    if (cached?.variant === currentVariant) {
      const headers = new Headers(cached.headers);
      headers.set(PAGE_CACHE_HEADER, "hit");
      return new Response(cached.body.split(cached.nonce).join(nonce), { status: 200, headers });
    }

    const response = await next();
    const cacheable =
      response.status === 200 &&
      !response.headers.has("Set-Cookie") &&
      response.headers.get("Content-Type")?.startsWith("text/html") === true;
    if (!cacheable || !nonce) return response;
    const body = await response.text();
    pages.set(key, { variant: currentVariant, body, nonce, headers: [...response.headers] });
    const headers = new Headers(response.headers);
    headers.set(PAGE_CACHE_HEADER, "miss");
    return new Response(body, { status: response.status, headers });
  };
}
