import type { IncomingMessage, ServerResponse } from "node:http";
import type { DatabaseHandle } from "#db/connection.ts";
import { NO_STORE } from "./json-api.server.ts";
import { baselineSecurityHeaders } from "./security.server.ts";

const HEALTH_TIMEOUT_MS = 2000;

/** Whether `ping` (a trivial query) comes back within `timeoutMs`. */
export async function databaseAnswers(ping: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("database timeout")), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export type Health = { status: 200; body: { status: "ok" } } | { status: 503; body: HealthFailure };
type HealthFailure = { status: "unavailable"; database: "unreachable" };

/** The check under way for each way of pinging: checks that arrive meanwhile share its answer. */
const checksUnderWay = new WeakMap<() => Promise<unknown>, Promise<Health>>();

/**
 * Healthy when the database answers within two seconds. Checks that arrive while one is under way
 * share its ping: its answer is at most one ping old, and a burst of checks costs one query.
 */
export function checkHealth(ping: () => Promise<unknown>): Promise<Health> {
  let check = checksUnderWay.get(ping);
  if (!check) {
    check = databaseAnswers(ping, HEALTH_TIMEOUT_MS).then((answers): Health => {
      checksUnderWay.delete(ping);
      return answers
        ? { status: 200, body: { status: "ok" } }
        : { status: 503, body: { status: "unavailable", database: "unreachable" } };
    });
    checksUnderWay.set(ping, check);
  }
  return check;
}

/**
 * `GET /healthz` (and HEAD) is answered by server.mjs ahead of everything else: a load balancer polls it
 * often, and it needs none of what a page does (compression, static files, the router, sessions,
 * languages, the access log). docs/request-cost.md has the figures. With a query string it goes the
 * usual way, so the front door still judges it; other methods reach the route (app/routes/healthz.ts).
 */
export function isPlainHealthCheck(request: IncomingMessage) {
  return request.url === "/healthz" && (request.method === "GET" || request.method === "HEAD");
}

export function healthCheckHandler(database: Pick<DatabaseHandle, "ping">) {
  const fixedHeaders = { ...baselineSecurityHeaders(), "Cache-Control": NO_STORE, "Content-Type": "application/json" };
  return async (request: IncomingMessage, response: ServerResponse) => {
    const health = await checkHealth(database.ping);
    const body = JSON.stringify(health.body);
    response.writeHead(health.status, { ...fixedHeaders, "Content-Length": Buffer.byteLength(body) });
    response.end(request.method === "HEAD" ? undefined : body);
  };
}
