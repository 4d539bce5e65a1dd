import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { authSessionContext, databaseContext, operatorContext, portalClientContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { jsonError } from "~/server/json-api.server.ts";
import { can, permissionFor, type Permission } from "./permissions.ts";
import { getOperatorSession, type OperatorSession } from "./session.server.ts";
import { REDIRECT_TO_MAX_LENGTH } from "./login-schema.ts";

const THIS_SITE = "http://this.site.invalid";
// eslint-disable-next-line no-control-regex -- a browser drops tabs and line breaks from a URL, so `/<TAB>/evil` is `//evil`
const CONTROL_OR_BACKSLASH = /[\u0000-\u001F\u007F-\u009F\\]/;

/**
 * A same-site path to return to after login, or the fallback. The decision is made on the path as
 * it will be sent: parsing resolves dot segments and `%2e`, so `/.//evil.example` and
 * `/%2e%2e//evil.example` become `//evil.example`, which a browser reads as another host. The
 * parsed path must start with exactly one `/`, hold no control character or backslash (browsers
 * read `/<TAB>/evil.example` and `/\\evil.example` as another host, and drop tabs and line breaks)
 * and still be on this site when parsed again. The answer is percent-encoded, so it is always a
 * valid Location header.
 */
export function safeRedirectPath(target: unknown, fallback = "/admin/dashboard") {
  if (typeof target !== "string" || !isSameSitePath(target)) return fallback;
  try {
    const url = new URL(target, THIS_SITE);
    const path = `${url.pathname}${url.search}${url.hash}`;
    return url.origin === THIS_SITE && isSameSitePath(path) ? path : fallback;
  } catch {
    return fallback;
  }
}

function isSameSitePath(path: string) {
  if (!path.startsWith("/") || path.startsWith("//") || CONTROL_OR_BACKSLASH.test(path)) return false;
  try {
    return new URL(path, THIS_SITE).origin === THIS_SITE;
  } catch {
    return false;
  }
}

/**
 * What an operator sees is theirs alone: no shared cache or browser history keeps it, whatever the
 * route below set (its pages, their `.data` requests, its APIs and downloads).
 */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

function privateResponse(response: Response, cookie: string | null) {
  if (cookie) response.headers.append("Set-Cookie", cookie);
  response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  return response;
}

/**
 * Where the login sends the operator afterwards: the page with its query, or the page alone when the
 * whole address is longer than the login form takes (it would also swell the redirect's header).
 */
function wayBackTo(url: URL) {
  const whole = safeRedirectPath(url.pathname + url.search);
  if (whole.length <= REDIRECT_TO_MAX_LENGTH) return whole;
  const page = safeRedirectPath(url.pathname);
  return page.length <= REDIRECT_TO_MAX_LENGTH ? page : safeRedirectPath(undefined);
}

/** Where a signed-in person is sent for a page their role does not open: a 403 inside the shell. */
export const FORBIDDEN_PAGE = "/admin/forbidden";
/** The portal's own: a business user's page their role does not open. */
export const PORTAL_FORBIDDEN_PAGE = "/portal/forbidden";
/** A business user's home: everything they may see is under it. */
export const PORTAL_HOME = "/portal";

/** Where a person the team requires a second factor of, who has none, is sent first. */
export const SECOND_FACTOR_SETUP_PAGE = "/account/second-factor";

/** Where the sign-in sends a person: the page asked for, unless it is outside their side of the product. */
export function landingFor(person: { clientId: number | null }, destination: string) {
  if (person.clientId === null) return destination;
  const theirs = [PORTAL_HOME, "/account"].some((home) => destination === home || destination.startsWith(`${home}/`));
  return theirs ? destination : PORTAL_HOME;
}

const privateRedirect = (to: string) => redirect(to, { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });

/** The signed-in person behind a page request, or off to the login page with the way back. */
async function requirePageSession(context: Readonly<RouterContextProvider>, request: Request, url: URL) {
  const session = await getOperatorSession(context.get(databaseContext), request);
  if (!session) throw redirect(`/login?${new URLSearchParams({ redirectTo: wayBackTo(url) })}`);
  return session;
}

const mayOpen = (session: OperatorSession, pattern: string, method: string) => {
  const permission = permissionFor(pattern, method);
  return permission !== null && can(session.operator.role, permission);
};

function signIn(context: Readonly<RouterContextProvider>, session: OperatorSession) {
  context.set(operatorContext, session.operator);
  context.set(authSessionContext, session.sessionId);
}

/**
 * Guards every /admin page (and one's own account): no valid session, off to the login page, with the
 * way back; a business user, to their portal (the back-office is not theirs; their account pages are,
 * in the portal's shell); a page or a post the person's role may not (app/auth/permissions.ts), off to
 * the forbidden page before the route's loader or action does anything; a second factor the team
 * requires and the person lacks, off to set it up (that page and /logout, outside this guard, stay open).
 */
export const requireOperatorForPage: MiddlewareFunction<Response> = async (
  { request, url, pattern, context },
  next,
) => {
  const session = await requirePageSession(context, request, url);
  const allowed = mayOpen(session, pattern, request.method);
  if (session.operator.clientId !== null && !allowed) throw privateRedirect(PORTAL_HOME);
  if (!allowed && url.pathname !== FORBIDDEN_PAGE) throw privateRedirect(FORBIDDEN_PAGE);
  // React Router writes the pattern without its leading slash (app/auth/permissions.ts).
  const onSetupPage = pattern.replace(/^\/?/, "/") === SECOND_FACTOR_SETUP_PAGE;
  if (!onSetupPage && session.secondFactorMissing) {
    throw privateRedirect(SECOND_FACTOR_SETUP_PAGE);
  }
  signIn(context, session);
  return privateResponse(await next(), session.refreshedCookie);
};

/**
 * Guards every /portal page and file: no valid session, off to the login page; a member of the
 * provider's team, to the back-office (they see every business there); a page the business role may
 * not, to the portal's forbidden page. The business is the one of the person's session, set for the
 * route as `portalClientContext`: no portal route reads it from the address or the body.
 */
export const requireBusinessUserForPage: MiddlewareFunction<Response> = async (
  { request, url, pattern, context },
  next,
) => {
  const session = await requirePageSession(context, request, url);
  const clientId = session.operator.clientId;
  if (clientId === null) throw privateRedirect("/admin");
  if (!mayOpen(session, pattern, request.method) && url.pathname !== PORTAL_FORBIDDEN_PAGE) {
    throw privateRedirect(PORTAL_FORBIDDEN_PAGE);
  }
  signIn(context, session);
  context.set(portalClientContext, clientId);
  return privateResponse(await next(), session.refreshedCookie);
};

/** Guards every admin and data API: no valid session, a 401 with a JSON error; a role that may not, a 403. */
export const requireOperatorForApi: MiddlewareFunction<Response> = async ({ request, pattern, context }, next) => {
  const db = context.get(databaseContext);
  const session = await getOperatorSession(db, request);
  if (!session) {
    const t = getTranslator(context);
    return jsonError(401, t("auth.required"), { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
  }
  if (!mayOpen(session, pattern, request.method)) {
    return jsonError(403, getTranslator(context)("auth.forbidden"), {
      headers: { "Cache-Control": PRIVATE_CACHE_CONTROL },
    });
  }
  if (session.secondFactorMissing) {
    return jsonError(403, getTranslator(context)("api.required", { ns: "second-factor" }), {
      headers: { "Cache-Control": PRIVATE_CACHE_CONTROL },
    });
  }
  signIn(context, session);
  return privateResponse(await next(), session.refreshedCookie);
};

/**
 * For an action whose intents differ in weight (the client page's): refuses the post, with a 403 the
 * page shows in the shell, unless the signed-in person's role may `permission`.
 */
export function requirePermission(context: Readonly<RouterContextProvider>, permission: Permission) {
  if (!can(context.get(operatorContext).role, permission)) throw data(null, { status: 403 });
}
