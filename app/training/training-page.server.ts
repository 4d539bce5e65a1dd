import { parseForm } from "~/components/ui/parse-form.ts";
import { data } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { z } from "zod";
import type { Database } from "#db/connection.ts";
import { answerVisitor, modelSettingsFrom } from "~/assistant/assistant.server.ts";
import { BUSINESS_TYPES } from "#db/vocabulary.ts";
import type { Env } from "~/env.server.ts";
import type { Language } from "~/i18n/config.ts";
import { findClientById, listClientsForPicker } from "~/models/client.server.ts";
import { findDemoClient } from "~/models/demo-client.server.ts";
import { findTrainingConfig } from "~/models/training-config.server.ts";
import { answerGapsWithFaq, gapToAnswer, loadGaps } from "~/gaps/gaps.server.ts";
import type { TestQuestionIntent } from "~/test-questions/test-question-schema.ts";
import { handleTestQuestionAction, loadTestQuestions } from "~/test-questions/test-questions.server.ts";
import { gapIdSchema } from "~/gaps/gap-schema.ts";
import { conversationSchema, previewSchema, PREVIEW_TURNS, type PreviewTurn } from "./preview-schema.ts";
import { FAQ_LIMITS, SALES_FLOW, TRAINING_BUSINESS_TYPES, trainingFormSchema, type FaqRow } from "./training-schema.ts";
import { recordTrainingChange, type TrainingEditor } from "./training-history.server.ts";
import { saveTraining } from "./training.server.ts";

type Translate = (key: string, values?: Record<string, unknown>) => string;

const selectedClientSchema = z.coerce.number().int().positive().max(2_147_483_647).nullable().catch(null);

/** Blank rows the form offers to fill in: one under the saved ones, three when there are none. */
const BLANK_FAQ_ROWS = { afterSaved: 1, whenEmpty: 3 } as const;

/**
 * The page's client picker, the chosen client (`?clientId=`) and the form's values for it. The public
 * demo, which no other picker offers, comes last here: what it answers visitors of the public pages
 * and investors is trained like any business's.
 */
export async function loadTrainingPage(db: Database, requestedClientId: string | null, requestedGap: string | null) {
  const demo = await findDemoClient(db);
  const clients = [...(await listClientsForPicker(db)), ...(demo ? [demo] : [])];
  const requested = selectedClientSchema.parse(requestedClientId);
  const selected = clients.find((client) => client.id === requested);
  const client = selected ? await findClientById(db, selected.id) : undefined;
  const training = client ? await findTrainingConfig(db, client.id) : undefined;
  const businessType = training?.businessType ?? client?.businessType ?? "";
  const faq = training ? faqRowsOf(training.knowledgeBase) : [];
  const blankRows = faq.length > 0 ? BLANK_FAQ_ROWS.afterSaved : BLANK_FAQ_ROWS.whenEmpty;
  // "Answer this" on a gap: its question waits in a new row for the answer.
  const gap = client ? await gapToAnswer(db, client.id, requestedGap, FAQ_LIMITS.question) : undefined;
  const gapRows = gap ? [{ q: gap.question, a: "" }] : [];
  return {
    clients: clients.map(({ id, businessName }) => ({ id, businessName })),
    selectedId: client?.id ?? null,
    businessTypes: BUSINESS_TYPES.filter(
      (type) => (TRAINING_BUSINESS_TYPES as readonly string[]).includes(type) || type === businessType,
    ),
    /** When the form was last saved: a new value remounts the form on the saved values. */
    savedAt: training?.updatedAt.toISOString() ?? null,
    form: client
      ? {
          businessType: (BUSINESS_TYPES as readonly string[]).includes(businessType) ? businessType : "",
          greeting: training?.greeting ?? "",
          greetingEn: training?.greetingEn ?? "",
          tone: training?.tone ?? "friendly_professional",
          businessInfo: training?.businessInfo ?? "",
          faq: [...faq, ...gapRows, ...Array.from({ length: gap ? 0 : blankRows }, () => ({ q: "", a: "" }))],
        }
      : null,
    gapId: gap?.id ?? null,
    gaps: client ? await loadGaps(db, client.id) : null,
    testQuestions: client ? await loadTestQuestions(db, client.id) : null,
  };
}

/**
 * The FAQ rows of a stored knowledge base: `faq` as a list of `{q, a}`, or, written before the rows
 * existed, as one text, shown as an answer waiting for its question.
 */
export function faqRowsOf(knowledgeBase: Record<string, unknown>): FaqRow[] {
  const { faq } = knowledgeBase;
  if (typeof faq === "string") return faq.trim() ? [{ q: "", a: faq.trim() }] : [];
  if (!Array.isArray(faq)) return [];
  return faq.flatMap((row: unknown) => {
    const { q, a } = (row ?? {}) as { q?: unknown; a?: unknown };
    return typeof q === "string" || typeof a === "string"
      ? [{ q: typeof q === "string" ? q : "", a: typeof a === "string" ? a : "" }]
      : [];
  });
}

export type TrainingActionContext = {
  db: Database;
  env: Env;
  language: Language;
  t: Translate;
  /** Who saves: the client's training history names them. */
  editor: TrainingEditor;
};

/**
 * The page's posts: a preview turn (`intent=preview`), the FAQ rows' add, remove and move buttons
 * (Conform's list intents: without JavaScript they come here and the form comes back changed), or
 * the save (it updates the client's config when there is one, otherwise creates it).
 */
export async function handleTrainingAction(formData: FormData, context: TrainingActionContext) {
  if (formData.get("intent") === "preview") return previewTurn(formData, context);
  const { db, t } = context;
  const submission = parseForm(formData, { schema: trainingFormSchema });
  if (submission.status !== "success") {
    return data(
      { intent: "save" as const, result: submission.reply() },
      { status: submission.status === "error" ? 400 : 200 },
    );
  }
  const { clientId, faq, ...fields } = submission.value;
  if (!(await findClientById(db, clientId))) {
    return data(
      { intent: "save" as const, result: submission.reply({ formErrors: ["errors.chooseClient"] }) },
      { status: 400 },
    );
  }
  // Keys other than `faq` (sent through the JSON API) are kept: the page edits the FAQ alone.
  const { faq: _previousFaq, ...otherKnowledge } = (await findTrainingConfig(db, clientId))?.knowledgeBase ?? {};
  const knowledgeBase = faq.length > 0 ? { ...otherKnowledge, faq } : otherKnowledge;
  const config = { ...fields, knowledgeBase, salesFlow: [...SALES_FLOW] };
  // Saved from "Answer this": the gap's group is answered by the entry closest to its question.
  const gapId = gapIdSchema.safeParse(formData.get("gapId"));
  await db.transaction(async (tx) => {
    await saveTraining(tx, clientId, config);
    await recordTrainingChange(tx, { clientId, editor: context.editor, kind: "training" });
    if (gapId.success) {
      await answerGapsWithFaq(
        tx,
        clientId,
        faq.map((row) => row.q),
        gapId.data,
      );
    }
  });
  return redirectWithSuccess(`/admin/ai-training?clientId=${clientId}`, t("training.saved"));
}

/**
 * The test questions' posts for the client the form names (`clientId`): one that is not there is
 * refused as the training form refuses it.
 */
export async function handleAdminTestQuestionAction(
  intent: TestQuestionIntent,
  formData: FormData,
  { db, env, tTests }: { db: Database; env: Env; tTests: Translate },
) {
  const clientId = selectedClientSchema.parse(formData.get("clientId"));
  const client = clientId === null ? undefined : await findClientById(db, clientId);
  if (!client) return data({ intent, result: null, error: tTests("errors.chooseClient") }, { status: 400 });
  return handleTestQuestionAction(intent, formData, {
    db,
    modelSettings: modelSettingsFrom(env),
    client,
    pagePath: `/admin/ai-training?clientId=${client.id}`,
    t: tTests,
  });
}

/**
 * One turn of the chat preview through the real assistant, nothing stored. The conversation so far
 * comes with the post and goes back with the answer, so the page shows all of it, with or without
 * JavaScript, and the assistant answers in its context.
 */
async function previewTurn(formData: FormData, { db, env, language }: TrainingActionContext) {
  const conversation = conversationSchema.parse(formData.get("conversation"));
  const refused = (error: string) => data({ intent: "preview" as const, conversation, error }, { status: 400 });
  const parsed = previewSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "errors.invalid");
  const client = await findClientById(db, parsed.data.clientId);
  if (!client) return refused("errors.chooseClient");
  const answer = await answerVisitor(db, modelSettingsFrom(env), {
    client,
    message: parsed.data.message,
    imageCount: 0,
    requestLanguage: language,
    history: conversation.map((turn) => ({
      userMessage: turn.question,
      aiResponse: turn.answer,
      messageType: "conversation",
    })),
    knownDetails: {},
    onDelta: () => {},
  });
  const turns: PreviewTurn[] = [...conversation, { question: parsed.data.message, answer: answer.reply }];
  return { intent: "preview" as const, conversation: turns.slice(-PREVIEW_TURNS), error: null };
}
