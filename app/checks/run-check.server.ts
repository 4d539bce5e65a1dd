import type { Database } from "#db/connection.ts";
import { recordIntegrationCheck } from "~/models/integration-check.server.ts";
import { CheckFailure, CheckTimeoutError } from "./check-errors.server.ts";
import { CHECK_TIMEOUT_MS, type CheckKind, type ConnectionResult } from "./connection-result.ts";

/** What a probe found: nothing thrown means connected unless it says otherwise. */
export type ProbeOutcome = { ok: boolean; error?: string; details: Record<string, unknown> };

export type Probe = (signal: AbortSignal) => Promise<ProbeOutcome>;

/**
 * Runs one check within the 5 s limit and keeps its result in integration_checks: a probe that
 * throws or overruns is disconnected with its error, never an exception for the caller.
 */
export async function runConnectionCheck(
  db: Database,
  target: { kind: CheckKind; clientId: number | null },
  probe: Probe,
  describeError: (error: unknown) => string,
): Promise<ConnectionResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new CheckTimeoutError()), CHECK_TIMEOUT_MS);
  const started = performance.now();
  let outcome: ProbeOutcome;
  try {
    outcome = await Promise.race([
      probe(controller.signal),
      new Promise<never>((_, reject) => controller.signal.addEventListener("abort", () => reject(controller.signal.reason as Error), { once: true })),
    ]);
  } catch (error) {
    outcome = { ok: false, error: describeError(error), details: error instanceof CheckFailure ? error.details : {} };
  } finally {
    clearTimeout(timer);
    if (!controller.signal.aborted) controller.abort();
  }
  const durationMs = Math.round(performance.now() - started);
  const row = await recordIntegrationCheck(db, {
    clientId: target.clientId,
    kind: target.kind,
    success: outcome.ok,
    durationMs,
    message: outcome.error ?? "",
    details: outcome.details,
  });
  return {
    kind: target.kind,
    status: outcome.ok ? "connected" : "disconnected",
    checkedAt: row.createdAt.toISOString(),
    durationMs,
    ...(outcome.error ? { error: outcome.error } : {}),
    details: outcome.details,
  };
}
