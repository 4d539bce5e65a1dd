import type { Env } from "~/env.server.ts";

/**
 * Structured logs: one JSON object per line. Logging is called from places without the router
 * context (the job runner, the document renderer), so the runtime sets the level once at start-up
 * from the validated env; `silent` (the tests' setting) turns it off.
 */
let level: Env["LOG_LEVEL"] = "info";

export function configureLogging(settings: { level: Env["LOG_LEVEL"] }) {
  level = settings.level;
}

export function logInfo(event: string, fields: Record<string, unknown> = {}) {
  if (level === "silent") return;
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: "info", event, ...fields })}\n`);
}

/**
 * A failed query's message lists its parameters: what a visitor typed (a name, an e-mail). The log
 * keeps the statement and the database's reason, never the values.
 */
function describeError(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const failedQuery = error as Error & { query?: unknown; params?: unknown };
  if (typeof failedQuery.query !== "string" || !Array.isArray(failedQuery.params)) {
    return { message: error.message, stack: error.stack };
  }
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const message = `Failed query: ${failedQuery.query}${cause ? ` (${cause.message})` : ""}`;
  return { message, stack: error.stack?.replace(error.message, message) };
}

export function logError(error: unknown, fields: Record<string, unknown> = {}) {
  if (level === "silent") return;
  const detail = describeError(error);
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: "error", ...fields, ...detail })}\n`);
}
