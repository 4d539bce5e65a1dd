import type { Database } from "#db/connection.ts";
import type { Env } from "~/env.server.ts";
import type { Language } from "~/i18n/config.ts";
import type { Client } from "~/models/client.server.ts";
import { checkAi } from "./ai-check.server.ts";
import { CheckFailure, explainCheckError } from "./check-errors.server.ts";
import type { ClientCheckKind, ConnectionResult } from "./connection-result.ts";
import { checkDatabase } from "./database-check.server.ts";
import { recordIntegrationCheck } from "~/models/integration-check.server.ts";
import {
  registerClientCheck,
  runFullClientTest,
  type CheckContext,
  type FullClientTestResult,
} from "./full-client-test.server.ts";
import { explain, type Translate } from "./explanation.ts";
import { runConnectionCheck, type ProbeOutcome } from "./run-check.server.ts";
import { checkHivePress, checkUpload, checkWordPress } from "./site-checks.server.ts";
import { resolveWordPressTarget, WordPressRest } from "./wordpress-site.server.ts";

/** What a system check needs: the database, the environment (AI provider, allowed hosts) and the caller's language (the API's answer). */
export type SystemCheckContext = { db: Database; env: Env; language: Language; t: Translate };

export function runDatabaseCheck({ db, env, t }: SystemCheckContext): Promise<ConnectionResult> {
  return runConnectionCheck(db, { kind: "database", clientId: null }, () => checkDatabase(db, env), t);
}

const SITE_CHECKS = { wordpress: checkWordPress, hivepress: checkHivePress, upload: checkUpload } as const;

async function probeClient(
  context: SystemCheckContext,
  kind: ClientCheckKind,
  client: Client,
  signal: AbortSignal,
): Promise<ProbeOutcome> {
  const { db, env, language } = context;
  if (kind === "ai") return checkAi(db, env, client, language);
  const target = await resolveWordPressTarget(db, client);
  const rest = new WordPressRest(target, { signal, allowHosts: env.SCANNER_ALLOW_HOSTS });
  try {
    const outcome = await SITE_CHECKS[kind]({ rest, pluginSecret: client.pluginSecret });
    const notice = rest.schemeNotice();
    return notice ? { ...outcome, notice } : outcome;
  } catch (error) {
    // A later request failed after the scheme was settled: the result still says which one answered.
    const notice = rest.schemeNotice();
    if (!notice || (error instanceof CheckFailure && error.notice)) throw error;
    throw new CheckFailure(
      explainCheckError(error),
      error instanceof CheckFailure ? error.details : { siteUrl: rest.siteUrl },
      notice,
    );
  }
}

/** One check of one client, kept in its history. */
export function runClientCheck(
  context: SystemCheckContext,
  kind: ClientCheckKind,
  client: Client,
): Promise<ConnectionResult> {
  return runConnectionCheck(
    context.db,
    { kind, clientId: client.id },
    (signal) => probeClient(context, kind, client, signal),
    context.t,
  );
}

/** Refresh Status: the database and every check of the client at once (each within its own 5 s). */
export function runAllChecks(context: SystemCheckContext, client: Client): Promise<ConnectionResult[]> {
  return Promise.all([
    runDatabaseCheck(context),
    ...(["wordpress", "hivepress", "ai", "upload"] as const).map((kind) => runClientCheck(context, kind, client)),
  ]);
}

/** The full client test runs the external checks after its local ones; each also joins that check's history. */
for (const kind of ["wordpress", "hivepress", "ai", "upload"] as const) {
  registerClientCheck({
    test: kind,
    async run({ db, env, language, client, t }) {
      const result = await runClientCheck({ db, env, language, t }, kind, client);
      return {
        success: result.status === "connected",
        explanation: result.explanation ?? explain(`${kind}.ok`),
        data: result.details,
      };
    },
  });
}

export const FULL_TEST_KIND = "full-client-test";

/** Runs every registered check on the client and keeps the run in integration_checks. */
export async function runRecordedFullClientTest(context: CheckContext): Promise<FullClientTestResult> {
  const result = await runFullClientTest(context);
  await recordIntegrationCheck(context.db, {
    clientId: context.client.id,
    kind: FULL_TEST_KIND,
    success: result.summary.passed === result.summary.total,
    durationMs: result.tests.reduce((sum, test) => sum + test.duration, 0),
    message: `${result.summary.passed}/${result.summary.total}`,
    details: result,
  });
  return result;
}
