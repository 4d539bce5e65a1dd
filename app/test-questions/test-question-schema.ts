import { z } from "zod";
import { singleLineText } from "~/lib/text.ts";

/**
 * At most 50 questions a client: a run asks each through the assistant (with a model, one provider
 * call each). A question is as long as an FAQ question; a fact is a short phrase, not an answer.
 */
export const TEST_QUESTION_LIMITS = { rows: 50, question: 300, fact: 120 } as const;

/** One test question: what a visitor would ask, and what the answer must hold. */
export const testQuestionFormSchema = z.object({
  question: singleLineText("errors.questionRequired")
    .trim()
    .min(1, "errors.questionRequired")
    .max(TEST_QUESTION_LIMITS.question, "errors.questionTooLong"),
  fact: singleLineText("errors.factRequired")
    .trim()
    .min(1, "errors.factRequired")
    .max(TEST_QUESTION_LIMITS.fact, "errors.factTooLong")
    // Punctuation alone is nothing to look for (app/test-questions/fact-match.server.ts).
    .regex(/[\p{L}\p{N}]/u, "errors.factNoWords"),
});

/** A test question's id as its forms post it: anything else is no question. */
export const testQuestionIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** The intents of the test questions' forms, on the admin's and the portal's training pages. */
export const TEST_QUESTION_INTENTS = ["testAdd", "testEdit", "testRemove", "testRun"] as const;
export type TestQuestionIntent = (typeof TEST_QUESTION_INTENTS)[number];
export const isTestQuestionIntent = (intent: unknown): intent is TestQuestionIntent =>
  (TEST_QUESTION_INTENTS as readonly unknown[]).includes(intent);
