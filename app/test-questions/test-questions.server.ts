import { data } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import type { Database } from "#db/connection.ts";
import { answerVisitor } from "~/assistant/assistant.server.ts";
import type { ModelSettings } from "~/assistant/model-provider.server.ts";
import { parseForm } from "~/components/ui/parse-form.ts";
import { findClientById } from "~/models/client.server.ts";
import {
  countTestQuestions,
  deleteTestQuestion,
  insertTestQuestion,
  listClientsWithDueTestQuestions,
  listTestQuestions,
  saveTestOutcome,
  updateTestQuestion,
  type TestQuestion,
} from "~/models/test-question.server.ts";
import { holdsFact } from "./fact-match.server.ts";
import {
  TEST_QUESTION_LIMITS,
  testQuestionFormSchema,
  testQuestionIdSchema,
  type TestQuestionIntent,
} from "./test-question-schema.ts";

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** Questions asked at once: a model answers them side by side, without 50 requests at the same moment. */
const RUN_CONCURRENCY = 4;

/** Clients a worker round runs, the longest waiting first; the rest wait for the next round. */
const CLIENTS_PER_ROUND = 5;

export type TestRunClient = { id: number; businessName: string; businessType: string };

/**
 * Asks each of the client's test questions through the real assistant, as a new visitor's first
 * message: nothing is stored but each question's outcome (no session, no message, no bill, no
 * knowledge gap: those come from the chat's routes, not from answering). A question passes when the
 * answer holds its fact; the polite fallback of a failing model fails it. Answers the counts.
 */
export async function runTestQuestions(
  db: Database,
  modelSettings: ModelSettings | undefined,
  client: TestRunClient,
): Promise<{ passed: number; total: number }> {
  const questions = await listTestQuestions(db, client.id);
  let passed = 0;
  for (let at = 0; at < questions.length; at += RUN_CONCURRENCY) {
    const batch = questions.slice(at, at + RUN_CONCURRENCY);
    const outcomes = await Promise.all(batch.map((question) => ask(db, modelSettings, client, question)));
    passed += outcomes.filter(Boolean).length;
  }
  return { passed, total: questions.length };
}

async function ask(
  db: Database,
  modelSettings: ModelSettings | undefined,
  client: TestRunClient,
  question: TestQuestion,
) {
  const answer = await answerVisitor(db, modelSettings, {
    client,
    message: question.question,
    imageCount: 0,
    // The question's own words say its language; Hebrew answers one without letters, as the product's first language.
    requestLanguage: "he",
    history: [],
    knownDetails: {},
    onDelta: () => {},
  });
  const passed = !answer.providerFailed && holdsFact(answer.reply, question.fact);
  await saveTestOutcome(db, { ...question, dueAt: question.runDueAt, passed, answer: answer.reply });
  return passed;
}

/**
 * One round of the worker (app/jobs/test-question-worker.server.ts): runs the questions of the
 * clients whose training or pages changed since their last run. Answers how many clients it ran.
 */
export async function runDueTestQuestions(db: Database, modelSettings: ModelSettings | undefined) {
  const clientIds = await listClientsWithDueTestQuestions(db, CLIENTS_PER_ROUND);
  for (const clientId of clientIds) {
    const client = await findClientById(db, clientId);
    if (client) await runTestQuestions(db, modelSettings, client);
  }
  return clientIds.length;
}

/** What the training pages show of a client's test questions: each with its last outcome, and those failing now. */
export async function loadTestQuestions(db: Database, clientId: number) {
  const questions = (await listTestQuestions(db, clientId)).map((row) => ({
    id: row.id,
    question: row.question,
    fact: row.fact,
    due: row.runDueAt !== null,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastPassed: row.lastPassed,
    lastAnswer: row.lastAnswer,
  }));
  return {
    questions,
    max: TEST_QUESTION_LIMITS.rows,
    failing: questions.filter((question) => question.lastPassed === false),
    /** A run after a change is waiting or under way: the outcomes shown are from before it. */
    running: questions.some((question) => question.due),
  };
}

export type TestQuestionsView = Awaited<ReturnType<typeof loadTestQuestions>>;

export type TestQuestionActionContext = {
  db: Database;
  modelSettings: ModelSettings | undefined;
  /** The client the page acts for: the portal's own business, or the admin page's chosen one. */
  client: TestRunClient;
  /** Where a success returns, with its toast. */
  pagePath: string;
  /** The `test-questions` namespace in the user's language. */
  t: Translate;
};

/**
 * The test questions' posts: add, change, delete one, or run them all now. A question id of another
 * client (or of none) is a 404; refused input a 400 with the form's reasons; nothing half-written.
 */
export async function handleTestQuestionAction(
  intent: TestQuestionIntent,
  formData: FormData,
  { db, modelSettings, client, pagePath, t }: TestQuestionActionContext,
) {
  switch (intent) {
    case "testAdd": {
      const submission = parseForm(formData, { schema: testQuestionFormSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      if ((await countTestQuestions(db, client.id)) >= TEST_QUESTION_LIMITS.rows) {
        const full = t("errors.full", { max: TEST_QUESTION_LIMITS.rows });
        return data({ intent, result: submission.reply({ formErrors: [full] }) }, { status: 400 });
      }
      await insertTestQuestion(db, { clientId: client.id, ...submission.value });
      return redirectWithSuccess(pagePath, t("added"));
    }
    case "testEdit":
    case "testRemove": {
      const id = testQuestionIdSchema.safeParse(formData.get("testQuestionId"));
      if (!id.success) throw data(null, { status: 404 });
      if (intent === "testRemove") {
        if (!(await deleteTestQuestion(db, client.id, id.data))) throw data(null, { status: 404 });
        return redirectWithSuccess(pagePath, t("removed"));
      }
      const submission = parseForm(formData, { schema: testQuestionFormSchema });
      if (submission.status !== "success")
        return data({ intent, result: submission.reply(), testQuestionId: id.data }, { status: 400 });
      if (!(await updateTestQuestion(db, client.id, id.data, submission.value))) throw data(null, { status: 404 });
      return redirectWithSuccess(pagePath, t("saved"));
    }
    case "testRun": {
      const { passed, total } = await runTestQuestions(db, modelSettings, client);
      return redirectWithSuccess(pagePath, t("ran", { passed, total }));
    }
  }
}
