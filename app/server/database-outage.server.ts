import { data, type MiddlewareFunction } from "react-router";
import { isDatabaseUnavailable } from "#db/connection.ts";
import { databaseContext } from "~/context.ts";
import { languageContext } from "~/i18n/middleware.server.ts";
import { pingDatabase } from "~/models/health.server.ts";
import { databaseAnswers } from "./health.server.ts";
import { apiTextIn, jsonError } from "./json-api.server.ts";

/** How long the check after a failure waits for the database: an outage answers at once (connection refused). */
const PING_TIMEOUT_MS = 1000;
/** What a 503 tells the caller: the database usually returns within seconds, and the server reconnects by itself. */
const RETRY_AFTER_SECONDS = 5;

/** Requests whose loader, action or middleware failed because the database was unreachable (noted by handleError). */
const failedOnDatabase = new WeakSet<Request>();

/**
 * When any request last failed on an unreachable database. A request that failed while another one
 * saw the outage is the outage's too, even when its own error read otherwise and the database came
 * back before the ping (it can return within a fraction of a second).
 */
let lastSeenUnavailableAt = 0;

/** Called with every error a route throws (app/entry.server.tsx): an unreachable database marks its request. */
export function noteRouteError(request: Request, error: unknown) {
  if (!isDatabaseUnavailable(error)) return;
  failedOnDatabase.add(request);
  lastSeenUnavailableAt = Date.now();
}

/**
 * While PostgreSQL is down (stopped, restarting, unreachable) every page and API that needs it fails:
 * the caller gets a 503 saying the service is briefly unavailable, not a 500 that reads like our bug.
 * A failure (5xx) counts when its error was a connection error, when another request met one while it
 * ran, or when a ping then finds the database gone; the first request after the database returns is
 * served as usual (postgres.js reconnects on its own).
 * Documents and client navigations get the error page's 503; everything else (the JSON APIs, /healthz's
 * neighbours) a JSON refusal in the caller's language with Retry-After.
 */
export const databaseOutageMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const startedAt = Date.now();
  const response = await next();
  if (response.status < 500 || response.status === 503) return response;
  let db;
  try {
    db = context.get(databaseContext);
  } catch {
    return response; // the runtime never started: not an outage this middleware can tell
  }
  const duringOutage = failedOnDatabase.has(request) || lastSeenUnavailableAt >= startedAt;
  if (!duringOutage && (await databaseAnswers(() => pingDatabase(db), PING_TIMEOUT_MS))) return response;
  const pathname = new URL(request.url).pathname;
  const html = /\btext\/html\b/.test(response.headers.get("Content-Type") ?? "") || pathname.endsWith(".data");
  if (html) throw data(null, { status: 503 });
  const text = await apiTextIn(context.get(languageContext));
  return jsonError(503, text("api.unavailable"), { headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } });
};
