import type { Database } from "#db/connection.ts";
import { LICENSE_KEY_PATTERN } from "#db/license-key.ts";
import type { Env } from "~/env.server.ts";
import type { Language } from "~/i18n/config.ts";
import { countKnowledgeEntries } from "~/models/knowledge-entry.server.ts";
import { pingDatabase } from "~/models/health.server.ts";
import { findClientById, type Client } from "~/models/client.server.ts";
import { findSalesConfig } from "~/models/sales-config.server.ts";
import { findTrainingConfig } from "~/models/training-config.server.ts";
import { pluginZipStream } from "~/plugin/plugin-zip.server.ts";
import { modelSettingsFrom } from "~/assistant/assistant.server.ts";
import { loadTestQuestions, runTestQuestions } from "~/test-questions/test-questions.server.ts";
import { rawErrorOf } from "./check-errors.server.ts";
import { explain, explanationText, type Explanation, type ExplanationValue, type Translate } from "./explanation.ts";

/** What every check gets: the client under test, the database, and where its plugin would point. */
export type CheckContext = {
  db: Database;
  client: Client;
  serverUrl: string;
  /** The external checks read the AI provider and the allowed private hosts from it. */
  env: Env;
  language: Language;
  /** Translates a key of the `clients` namespace (another with `ns`) in the caller's language: the API's answer and the stored run's text. */
  t: Translate;
};

/** What a check found, as a key and values (shown in each reader's language) rather than as text. */
export type CheckOutcome = { success: boolean; explanation: Explanation; data?: unknown };

export type ClientCheck = { test: string; run: (context: CheckContext) => Promise<CheckOutcome> };

/** `message` is in the language of whoever ran it; `explanation` (missing in runs stored before it) lets the page show it in the reader's. */
export type CheckResult = {
  test: string;
  success: boolean;
  duration: number;
  message: string;
  explanation?: Explanation;
  data: unknown;
};

/** What `POST /api/system/full-client-test/{id}` answers: the pass count, each check, the run's details. */
export type FullClientTestResult = {
  summary: { passed: number; total: number };
  tests: CheckResult[];
  details: { clientId: number; businessName: string; licenseKey: string; startedAt: string; finishedAt: string };
};

/** The local checks' messages are in the `clients` namespace. */
const said = (key: string, values?: Record<string, ExplanationValue>): Explanation => ({
  ns: "clients",
  ...explain(key, values),
});

/**
 * The checks that need nothing outside this server. The list is open on purpose: the external
 * checks (WordPress, HivePress, AI provider, upload) join it with `registerClientCheck`.
 */
const checks: ClientCheck[] = [
  {
    test: "database",
    async run({ db }) {
      await pingDatabase(db);
      return { success: true, explanation: said("fullTest.database.ok") };
    },
  },
  {
    test: "client_record",
    async run({ db, client }) {
      const record = await findClientById(db, client.id);
      if (!record) return { success: false, explanation: said("fullTest.clientRecord.missing") };
      return {
        success: true,
        explanation: said("fullTest.clientRecord.ok", { businessName: record.businessName }),
        data: { id: record.id, status: record.status, plan: record.plan, websiteDomain: record.websiteDomain },
      };
    },
  },
  {
    test: "training_config",
    async run({ db, client }) {
      const config = await findTrainingConfig(db, client.id);
      if (!config) return { success: false, explanation: said("fullTest.trainingConfig.missing") };
      return {
        success: true,
        explanation: said("fullTest.trainingConfig.ok"),
        data: { tone: config.tone, isActive: config.isActive, greeting: config.greeting.length > 0 },
      };
    },
  },
  {
    test: "sales_config",
    async run({ db, client }) {
      const config = await findSalesConfig(db, client.id);
      if (!config) return { success: false, explanation: said("fullTest.salesConfig.missing") };
      const enabled = Object.entries(config.capabilities)
        .filter(([, value]) => value === true)
        .map(([name]) => name);
      return {
        success: true,
        explanation: said("fullTest.salesConfig.ok"),
        data: { salesStyle: config.salesStyle, capabilities: enabled },
      };
    },
  },
  {
    test: "knowledge_base",
    async run({ db, client }) {
      const count = await countKnowledgeEntries(db, client.id);
      return count > 0
        ? { success: true, explanation: said("fullTest.knowledgeBase.ok", { count }), data: { entries: count } }
        : { success: false, explanation: said("fullTest.knowledgeBase.empty"), data: { entries: 0 } };
    },
  },
  {
    // The business's own test questions (app/test-questions/), asked now through the real assistant.
    test: "test_questions",
    async run({ db, client, env }) {
      const { passed, total } = await runTestQuestions(db, modelSettingsFrom(env), client);
      if (total === 0) return { success: true, explanation: said("fullTest.testQuestions.none"), data: { total } };
      const failing = (await loadTestQuestions(db, client.id)).failing.map(({ question, fact }) => ({
        question,
        fact,
      }));
      return {
        success: passed === total,
        explanation: said(passed === total ? "fullTest.testQuestions.ok" : "fullTest.testQuestions.failing", {
          passed,
          total,
          failed: total - passed,
        }),
        data: { passed, total, failing },
      };
    },
  },
  {
    test: "license",
    async run({ client }) {
      if (!LICENSE_KEY_PATTERN.test(client.licenseKey))
        return { success: false, explanation: said("fullTest.license.malformed") };
      // The widget and the message API serve active clients only.
      if (client.status !== "active") {
        return {
          success: false,
          explanation: said("fullTest.license.inactive", { status: { key: `status.${client.status}` } }),
          data: { status: client.status },
        };
      }
      return { success: true, explanation: said("fullTest.license.ok"), data: { status: client.status } };
    },
  },
  {
    test: "plugin_build",
    async run({ client, serverUrl }) {
      let bytes = 0;
      for await (const chunk of pluginZipStream({ licenseKey: client.licenseKey, serverUrl, syncSecret: "" }))
        bytes += chunk.byteLength;
      return { success: bytes > 0, explanation: said("fullTest.plugin.ok", { bytes }), data: { bytes, serverUrl } };
    },
  },
];

/** Adds a check to every later run (the external checks of app/checks/ register here). */
export function registerClientCheck(check: ClientCheck) {
  if (checks.some((existing) => existing.test === check.test))
    throw new Error(`A check named ${check.test} is already registered.`);
  checks.push(check);
}

export const registeredClientChecks = (): readonly ClientCheck[] => checks;

/** Runs every check in turn; a check that throws fails with its error's message, and the others still run. */
export async function runFullClientTest(
  context: CheckContext,
  list: readonly ClientCheck[] = checks,
): Promise<FullClientTestResult> {
  const startedAt = new Date();
  const tests: CheckResult[] = [];
  for (const check of list) {
    const start = performance.now();
    let outcome: CheckOutcome;
    try {
      outcome = await check.run(context);
    } catch (error) {
      outcome = { success: false, explanation: explain("explain.unexpected", undefined, rawErrorOf(error)) };
    }
    tests.push({
      test: check.test,
      success: outcome.success,
      duration: Math.round(performance.now() - start),
      message: explanationText(context.t, outcome.explanation),
      explanation: outcome.explanation,
      data: outcome.data ?? null,
    });
  }
  return {
    summary: { passed: tests.filter((result) => result.success).length, total: tests.length },
    tests,
    details: {
      clientId: context.client.id,
      businessName: context.client.businessName,
      licenseKey: context.client.licenseKey,
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
    },
  };
}

/** What the client list's test button shows after a run: all passed, some, or none. */
export type TestOutcome = "passed" | "partial" | "failed";
export const testOutcomeOf = ({ passed, total }: FullClientTestResult["summary"]): TestOutcome =>
  passed === total ? "passed" : passed === 0 ? "failed" : "partial";
