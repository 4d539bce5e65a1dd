import type { Database } from "#db/connection.ts";
import { modelSettingsFrom, probeAssistant } from "~/assistant/assistant.server.ts";
import { ModelFailure } from "~/assistant/model-provider.server.ts";
import { ProviderHttpError } from "~/assistant/openai-chat.server.ts";
import type { Env } from "~/env.server.ts";
import type { Language } from "~/i18n/config.ts";
import type { Client } from "~/models/client.server.ts";
import { CheckFailure } from "./check-errors.server.ts";
import { CHECK_TIMEOUT_MS } from "./connection-result.ts";
import { explain } from "./explanation.ts";
import type { ProbeOutcome } from "./run-check.server.ts";

const REPLY_EXCERPT = 200;

/** Why the provider failed, as it said it: "status: body" for an HTTP error, as the other checks word one (`httpErrorText`). */
function providerError(failure: ModelFailure): string {
  const cause = failure.cause;
  if (cause instanceof ProviderHttpError)
    return `${cause.statusCode}: ${(cause.responseBody || cause.message).slice(0, 300)}`;
  return cause instanceof Error ? cause.message : failure.message;
}

/** A real round trip to the configured AI provider (or the built-in responder) with the client's own prompt, timed. */
export async function checkAi(db: Database, env: Env, client: Client, language: Language): Promise<ProbeOutcome> {
  const settings = modelSettingsFrom(env);
  const details: Record<string, unknown> = settings
    ? { provider: "model", model: settings.model, baseUrl: new URL(settings.baseUrl).origin }
    : { provider: "built-in" };
  const started = performance.now();
  try {
    // A little under the check's own limit, so the provider's timeout is the one reported.
    const { reply } = await probeAssistant(db, settings, client, { language, timeoutMs: CHECK_TIMEOUT_MS - 250 });
    Object.assign(details, {
      latencyMs: Math.round(performance.now() - started),
      reply: reply.slice(0, REPLY_EXCERPT),
    });
    return { ok: true, details };
  } catch (error) {
    if (!(error instanceof ModelFailure)) throw error;
    details.latencyMs = Math.round(performance.now() - started);
    throw new CheckFailure(explain(`ai.${error.reason}`, undefined, providerError(error)), details);
  }
}
