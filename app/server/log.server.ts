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

export function logError(error: unknown, fields: Record<string, unknown> = {}) {
  if (level === "silent") return;
  const detail =
    error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };
  process.stderr.write(
    `${JSON.stringify({ time: new Date().toISOString(), level: "error", ...fields, ...detail })}\n`,
  );
}
