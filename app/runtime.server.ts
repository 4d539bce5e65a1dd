import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { MiddlewareFunction } from "react-router";
import { openDatabase, type Database, type DatabaseHandle } from "#db/connection.ts";
import { ensureDemoClient, isDatabaseEmpty } from "#db/seed.ts";
import { hashPassword } from "~/auth/password.server.ts";
import { seedDemoData } from "~/billing/demo-bills.server.ts";
import { configureSessionCookie } from "~/auth/session.server.ts";
import { drainChannelWork } from "~/channels/background.server.ts";
import { configureChannelApis } from "~/channels/channel-apis.server.ts";
import { configureCredentialsKey, resolveCredentialsKey } from "~/checks/credentials.server.ts";
import { databaseContext, envContext, liveEventsContext } from "~/context.ts";
import { parseEnv, type Env } from "~/env.server.ts";
import { startDeliveryWorker, type DeliveryWorker } from "~/jobs/delivery-worker.server.ts";
import { startHandoffTimeouts, type HandoffTimeouts } from "~/handoff/handoff.server.ts";
import { startQuietRatingAsks, type QuietRatingAsks } from "~/channels/channel-rating.server.ts";
import { cardRenewalJob, JOBS } from "~/jobs/jobs.server.ts";
import { cardcomClientFor } from "~/payments/card-payments.server.ts";
import { startScheduler, type Scheduler } from "~/jobs/scheduler.server.ts";
import { startTaxDocumentWorker, type TaxDocumentWorker } from "~/jobs/tax-document-worker.server.ts";
import { startTestQuestionWorker, type TestQuestionWorker } from "~/jobs/test-question-worker.server.ts";
import { modelSettingsFrom } from "~/assistant/assistant.server.ts";
import { mailSettingsOf } from "~/mail/send-mail.server.ts";
import { morningClientFor } from "~/tax-documents/tax-documents.server.ts";
import { deliveryConfigOf } from "~/leads/lead-delivery.server.ts";
import { backfillKnowledgeSearchText } from "~/models/knowledge-entry.server.ts";
import { backfillTrainingKnowledge } from "~/training/training.server.ts";
import { countOperators, upsertOperator } from "~/models/operator.server.ts";
import { configureLogging } from "~/server/log.server.ts";
import { configureSecurityHeaders } from "~/server/security.server.ts";
import { configureToastCookie } from "~/server/toast-cookie.server.ts";

export type Runtime = {
  env: Env;
  database: DatabaseHandle;
  scheduler: Scheduler;
  deliveryWorker: DeliveryWorker;
  handoffTimeouts: HandoffTimeouts;
  quietRatingAsks: QuietRatingAsks;
  /** Null when Morning is not configured: payments then get no tax document. */
  taxDocumentWorker: TaxDocumentWorker | null;
  testQuestionWorker: TestQuestionWorker;
  report: string[];
};

/** One runtime (and so one database client) per process, kept on globalThis so dev reloads reuse it. */
const processState = globalThis as typeof globalThis & { alexRuntime?: Promise<Runtime> };

export function startRuntime(source: Record<string, string | undefined> = process.env): Promise<Runtime> {
  processState.alexRuntime ??= boot(source).catch((error: unknown) => {
    processState.alexRuntime = undefined;
    throw error;
  });
  return processState.alexRuntime;
}

export async function stopRuntime() {
  const runtime = processState.alexRuntime;
  processState.alexRuntime = undefined;
  if (!runtime) return;
  const {
    scheduler,
    deliveryWorker,
    handoffTimeouts,
    quietRatingAsks,
    taxDocumentWorker,
    testQuestionWorker,
    database,
  } = await runtime;
  await drainChannelWork();
  await scheduler.stop();
  await deliveryWorker.stop();
  await taxDocumentWorker?.stop();
  await testQuestionWorker.stop();
  await handoffTimeouts.stop();
  await quietRatingAsks.stop();
  await database.close();
}

async function boot(source: Record<string, string | undefined>): Promise<Runtime> {
  const env = parseEnv(source);
  configureLogging({ level: env.LOG_LEVEL });
  configureSecurityHeaders({ development: env.NODE_ENV === "development" });
  const embedded = !env.DATABASE_URL;
  const dataDir = path.resolve(env.DATA_DIR);
  const report: string[] = [];

  const secret = env.SESSION_SECRET ?? (embedded ? readOrCreateSecret(dataDir) : ephemeralSecret(report));
  configureSessionCookie(secret);
  configureToastCookie(secret);
  const credentials = resolveCredentialsKey(env);
  configureCredentialsKey(credentials.key);
  configureChannelApis(env);
  if (credentials.generated && !embedded) {
    report.push(
      `CREDENTIALS_KEY is not set: stored WordPress passwords are encrypted with ${path.join(dataDir, "credentials-key")}; every server needs the same key.`,
    );
  }
  const database = env.DATABASE_URL ? await openDatabase({ url: env.DATABASE_URL }) : await openDatabase({ dataDir });
  report.push(embedded ? `Database: embedded PGlite in ${dataDir}` : "Database: PostgreSQL (DATABASE_URL)");
  report.push(
    env.AI_BASE_URL
      ? `Assistant: ${env.AI_MODEL} at ${env.AI_BASE_URL}`
      : "Assistant: the built-in responder (no AI_BASE_URL)",
  );
  report.push(
    env.SMTP_URL
      ? `Lead e-mails: through ${new URL(env.SMTP_URL).host}, from ${env.MAIL_FROM}`
      : "Lead e-mails: off (no SMTP_URL); leads stay in the back-office and webhooks",
  );
  const morning = morningClientFor(env);
  report.push(
    morning
      ? `Tax documents: through Morning at ${new URL(env.MORNING_BASE_URL).host}`
      : "Tax documents: off (no MORNING_API_KEY_ID and MORNING_API_KEY_SECRET); payments get none",
  );
  report.push(
    env.CARDCOM_TERMINAL_NUMBER && env.CARDCOM_API_NAME
      ? `Israeli cards: Cardcom terminal ${env.CARDCOM_TERMINAL_NUMBER} at ${new URL(env.CARDCOM_BASE_URL).host}; saved cards renew`
      : "Israeli cards: off (no CARDCOM_TERMINAL_NUMBER and CARDCOM_API_NAME); bills offer PayPal only",
  );

  try {
    await database.startupLock(async () => {
      report.push(...(await ensureOperator(database.db, env, embedded)));
      const backfilled = await backfillKnowledgeSearchText(database.db);
      if (backfilled > 0) report.push(`Knowledge search: indexed ${backfilled} older entries`);
      const taught = await backfillTrainingKnowledge(database.db);
      if (taught > 0)
        report.push(`Knowledge search: added the FAQ and business information of ${taught} trained clients`);
      if ((env.SEED_DEMO ?? embedded) && (await isDatabaseEmpty(database.db))) {
        await seedDemoData(database.db, { timeZone: env.TZ_DISPLAY });
        report.push("Demo data: seeded");
      }
      if (await ensureDemoClient(database.db)) report.push("Public demo: its own client created (never billed)");
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const cardcom = cardcomClientFor(env);
  // The card renewals need Cardcom, so they are scheduled only with it.
  const jobs = cardcom
    ? [...JOBS, cardRenewalJob({ cardcom, mail: mailSettingsOf(env), publicUrl: env.PUBLIC_URL })]
    : JOBS;
  const scheduler = startScheduler({ db: database.db, jobs, timeZone: env.TZ_DISPLAY });
  const deliveryWorker = startDeliveryWorker({ db: database.db, config: deliveryConfigOf(env), bus: database.events });
  const handoffTimeouts = startHandoffTimeouts({ db: database.db, bus: database.events });
  const quietRatingAsks = startQuietRatingAsks({ db: database.db });
  const taxDocumentWorker = morning
    ? startTaxDocumentWorker({
        db: database.db,
        config: { morning, mail: mailSettingsOf(env), timeZone: env.TZ_DISPLAY, publicUrl: env.PUBLIC_URL },
      })
    : null;
  const testQuestionWorker = startTestQuestionWorker({ db: database.db, modelSettings: modelSettingsFrom(env) });
  return {
    env,
    database,
    scheduler,
    deliveryWorker,
    handoffTimeouts,
    quietRatingAsks,
    taxDocumentWorker,
    testQuestionWorker,
    report,
  };
}

function readOrCreateSecret(dataDir: string) {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function ephemeralSecret(report: string[]) {
  report.push("SESSION_SECRET is not set: sessions end when the server restarts.");
  return randomBytes(32).toString("base64url");
}

async function ensureOperator(db: Database, env: Env, embedded: boolean): Promise<string[]> {
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    await upsertOperator(db, env.ADMIN_USERNAME, await hashPassword(env.ADMIN_PASSWORD));
    return [`Operator login: ${env.ADMIN_USERNAME} (password from ADMIN_PASSWORD)`];
  }
  if ((await countOperators(db)) > 0) {
    return ["Operator login: your existing operator (set ADMIN_USERNAME and ADMIN_PASSWORD to reset a password)"];
  }
  if (!embedded) return ["No operator exists: set ADMIN_USERNAME and ADMIN_PASSWORD to create one."];
  const password = randomBytes(12).toString("base64url");
  await upsertOperator(db, "admin", await hashPassword(password));
  return [
    `Operator login created: username "admin", password "${password}"`,
    "  (shown this once; set ADMIN_USERNAME and ADMIN_PASSWORD to choose your own)",
  ];
}

/** Hands the process's database to every loader and action. */
export const runtimeMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const runtime = await startRuntime();
  context.set(databaseContext, runtime.database.db);
  context.set(liveEventsContext, runtime.database.events);
  context.set(envContext, runtime.env);
  return next();
};
