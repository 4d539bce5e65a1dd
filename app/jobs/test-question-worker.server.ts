import type { Database } from "#db/connection.ts";
import type { ModelSettings } from "~/assistant/model-provider.server.ts";
import { logInfo } from "~/server/log.server.ts";
import { startPollingLoop, type PollingLoop } from "~/server/polling-loop.server.ts";
import { runDueTestQuestions } from "~/test-questions/test-questions.server.ts";

/**
 * How often the worker looks for test questions due after a training change or a scan: the training
 * page shows their outcome a moment after the save. An idle server asks one cheap indexed question.
 */
export const TEST_QUESTION_POLL_MS = 1_000;

export type TestQuestionWorker = PollingLoop;

/**
 * Runs the test questions of the clients whose training or pages changed (app/test-questions/), off
 * the request path: with a model, 50 questions take a while. What is due lives in the database
 * (`test_questions.run_due_at`), so a restart loses nothing; two servers may run the same client at
 * once, which only asks its questions twice. Like the scheduler, its timer never keeps the process
 * alive, and `stop` waits for the round in progress.
 */
export function startTestQuestionWorker({
  db,
  modelSettings,
  pollMs = TEST_QUESTION_POLL_MS,
}: {
  db: Database;
  modelSettings: ModelSettings | undefined;
  pollMs?: number;
}): TestQuestionWorker {
  return startPollingLoop({
    pollMs,
    errorEvent: "test_questions.round_failed",
    round: async () => {
      const clients = await runDueTestQuestions(db, modelSettings);
      if (clients > 0) logInfo("test_questions.ran", { clients });
    },
  });
}
