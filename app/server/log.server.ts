/** Structured logs: one JSON object per line, silenced with LOG_LEVEL=silent (the tests set it). */
const silent = () => process.env.LOG_LEVEL === "silent";

export function logInfo(event: string, fields: Record<string, unknown> = {}) {
  if (silent()) return;
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: "info", event, ...fields })}\n`);
}

export function logError(error: unknown, fields: Record<string, unknown> = {}) {
  if (silent()) return;
  const detail =
    error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };
  process.stderr.write(
    `${JSON.stringify({ time: new Date().toISOString(), level: "error", ...fields, ...detail })}\n`,
  );
}
