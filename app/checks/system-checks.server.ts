import type { Database } from "#db/connection.ts";
import type { Env } from "~/env.server.ts";
import type { Language } from "~/i18n/config.ts";
import type { Client } from "~/models/client.server.ts";
import { checkAi } from "./ai-check.server.ts";
import { describeCheckError, type Translate } from "./check-errors.server.ts";
import type { ClientCheckKind, ConnectionResult } from "./connection-result.ts";
import { checkDatabase } from "./database-check.server.ts";
import { recordIntegrationCheck } from "~/models/integration-check.server.ts";
import { registerClientCheck, runFullClientTest, type CheckContext, type FullClientTestResult } from "./full-client-test.server.ts";
import { runConnectionCheck, type ProbeOutcome } from "./run-check.server.ts";
import { checkHivePress, checkUpload, checkWordPress } from "./site-checks.server.ts";
import { resolveWordPressTarget, WordPressRest } from "./wordpress-site.server.ts";

/** What a system check needs: the database, the environment (AI provider, allowed hosts) and the operator's language. */
export type SystemCheckContext = { db: Database; env: Env; language: Language; t: Translate };

export function runDatabaseCheck({ db, env, t }: SystemCheckContext): Promise<ConnectionResult> {
  return runConnectionCheck(db, { kind: "database", clientId: null }, () => checkDatabase(db, env, t), describeCheckError(t));
}

const SITE_CHECKS = { wordpress: checkWordPress, hivepress: checkHivePress, upload: checkUpload } as const;

async function probeClient(context: SystemCheckContext, kind: ClientCheckKind, client: Client, signal: AbortSignal): Promise<ProbeOutcome> {
  const { db, env, language, t } = context;
  if (kind === "ai") return checkAi(db, env, client, language, t);
  const target = await resolveWordPressTarget(db, client);
  const rest = new WordPressRest(target, { signal, allowHosts: env.SCANNER_ALLOW_HOSTS, t });
  return SITE_CHECKS[kind]({ rest, licenseKey: client.licenseKey, t });
}

/** One check of one client, kept in its history. */
export function runClientCheck(context: SystemCheckContext, kind: ClientCheckKind, client: Client): Promise<ConnectionResult> {
  return runConnectionCheck(context.db, { kind, clientId: client.id }, (signal) => probeClient(context, kind, client, signal), describeCheckError(context.t));
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
      const translate: Translate = (key, values) => t(key, { ...values, ns: "checks" });
      const result = await runClientCheck({ db, env, language, t: translate }, kind, client);
      return { success: result.status === "connected", message: result.error ?? translate(`${kind}.ok`), data: result.details };
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
