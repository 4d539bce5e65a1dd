import type { MiddlewareFunction } from "react-router";
import { nonceContext } from "~/context.ts";
import { languageContext } from "~/i18n/middleware.server.ts";

type CachedPage = { body: string; nonce: string; headers: [string, string][] };

/** One rendered page per language (and year, for the footer's copyright line), for the life of the process. */
const pages = new Map<string, CachedPage>();

/** Only the language cookie may shape the page; any other (a toast, a session) means it is rendered afresh. */
function carriesOtherCookies(request: Request) {
  const cookies = request.headers.get("Cookie");
  if (!cookies) return false;
  return cookies.split(";").some((cookie) => cookie.trim().split("=")[0] !== "lng");
}

/**
 * The plain landing page (`/`, no query) is the same for every visitor who reads it in one
 * language: its copy and prices live in the build, not the database. Rendering it once per
 * language and reusing the HTML frees the server for everything else. Each response still gets
 * its own CSP nonce: the cached page's nonce is swapped for the request's.
 */
export const landingPageCacheMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.pathname !== "/" || url.search !== "" || carriesOtherCookies(request)) return next();

  const key = `${context.get(languageContext)}|${new Date().getUTCFullYear()}`;
  const nonce = context.get(nonceContext);
  const cached = pages.get(key);
  if (cached) {
    return new Response(cached.body.split(cached.nonce).join(nonce), { status: 200, headers: cached.headers });
  }

  const response = await next();
  const cacheable =
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    response.headers.get("Content-Type")?.startsWith("text/html") === true;
  if (!cacheable || !nonce) return response;
  const body = await response.text();
  pages.set(key, { body, nonce, headers: [...response.headers] });
  return new Response(body, { status: response.status, headers: response.headers });
};
