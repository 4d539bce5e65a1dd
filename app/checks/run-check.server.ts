import type { Database } from "#db/connection.ts";
import { recordIntegrationCheck } from "~/models/integration-check.server.ts";
import { CheckFailure, CheckTimeoutError, explainCheckError } from "./check-errors.server.ts";
import { CHECK_TIMEOUT_MS, type CheckKind, type ConnectionResult } from "./connection-result.ts";
import { explain, explanationText, type Explanation, type StoredExplanation, type Translate } from "./explanation.ts";

/** What a probe found: nothing thrown means connected unless it says otherwise. */
export type ProbeOutcome = {
  ok: boolean;
  failure?: Explanation;
  notice?: Explanation;
  details: Record<string, unknown>;
};

export type Probe = (signal: AbortSignal) => Promise<ProbeOutcome>;

/**
 * Runs one check within the 5 s limit and keeps its result in integration_checks: a probe that
 * throws or overruns is disconnected with its explanation, never an exception for the caller. The
 * row keeps the explanation's key and values, so the page shows it in its reader's language; `t`
 * (the caller's language) words the API's answer and the row's text.
 */
export async function runConnectionCheck(
  db: Database,
  target: { kind: CheckKind; clientId: number | null },
  probe: Probe,
  t: Translate,
): Promise<ConnectionResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new CheckTimeoutError()), CHECK_TIMEOUT_MS);
  const started = performance.now();
  let outcome: ProbeOutcome;
  try {
    outcome = await Promise.race([
      probe(controller.signal),
      new Promise<never>((_, reject) =>
        controller.signal.addEventListener("abort", () => reject(controller.signal.reason as Error), { once: true }),
      ),
    ]);
  } catch (error) {
    const failure = error instanceof CheckFailure ? error : undefined;
    outcome = {
      ok: false,
      failure: explainCheckError(error),
      notice: failure?.notice,
      details: failure?.details ?? {},
    };
  } finally {
    clearTimeout(timer);
    if (!controller.signal.aborted) controller.abort();
  }
  const durationMs = Math.round(performance.now() - started);
  const error = outcome.ok ? undefined : (outcome.failure ?? explain("explain.unexpected"));
  const explanation: StoredExplanation = {
    ...(error ? { error } : {}),
    ...(outcome.notice ? { notice: outcome.notice } : {}),
  };
  const message = error ? explanationText(t, error) : "";
  const row = await recordIntegrationCheck(db, {
    clientId: target.clientId,
    kind: target.kind,
    success: outcome.ok,
    durationMs,
    message,
    explanation,
    details: outcome.details,
  });
  return {
    kind: target.kind,
    status: outcome.ok ? "connected" : "disconnected",
    checkedAt: row.createdAt.toISOString(),
    durationMs,
    ...(error ? { error: message, ...(error.raw ? { rawError: error.raw } : {}), explanation: error } : {}),
    ...(outcome.notice ? { notice: explanationText(t, outcome.notice) } : {}),
    details: outcome.details,
  };
}
