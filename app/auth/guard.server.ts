import { redirect, type MiddlewareFunction } from "react-router";
import { databaseContext, operatorContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { getOperatorSession } from "./session.server.ts";

/** A same-site path to return to after login; anything else (another host, `//evil`) falls back. */
export function safeRedirectPath(target: unknown, fallback = "/admin/dashboard") {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) {
    return fallback;
  }
  return target;
}

function withRefreshedCookie(response: Response, cookie: string | null) {
  if (cookie) response.headers.append("Set-Cookie", cookie);
  return response;
}

/** Guards every /admin page: no valid session, off to the login page, with the way back. */
export const requireOperatorForPage: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  const session = await getOperatorSession(context.get(databaseContext), request);
  if (!session) {
    throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
  }
  context.set(operatorContext, session.operator);
  return withRefreshedCookie(await next(), session.refreshedCookie);
};

/** Guards every admin and data API: no valid session, a 401 with a JSON error. */
export const requireOperatorForApi: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = await getOperatorSession(context.get(databaseContext), request);
  if (!session) {
    const t = getTranslator(context);
    return Response.json({ error: t("auth.required") }, { status: 401, headers: { "Cache-Control": "no-store" } });
  }
  context.set(operatorContext, session.operator);
  return withRefreshedCookie(await next(), session.refreshedCookie);
};
