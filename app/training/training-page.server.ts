import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { z } from "zod";
import type { Database } from "#db/connection.ts";
import { answerVisitor, modelSettingsFrom } from "~/assistant/assistant.server.ts";
import type { Env } from "~/env.server.ts";
import type { Language } from "~/i18n/config.ts";
import { findClientById } from "~/models/client.server.ts";
import { createTrainingConfig, updateTrainingConfig } from "~/models/training-config.server.ts";
import { parseFaq, SALES_FLOW, trainingFormSchema } from "./training-schema.ts";

type Translate = (key: string, values?: Record<string, unknown>) => string;

const previewSchema = z.object({
  clientId: z.coerce.number("errors.chooseClient").int().positive("errors.chooseClient"),
  message: z.string().trim().min(1, "errors.required").max(500, "errors.tooLong"),
});

export type TrainingActionContext = { db: Database; env: Env; language: Language; t: Translate };

/** Save (spec §4: update if a config exists, otherwise create) or a preview turn through the real assistant. */
export async function handleTrainingAction(formData: FormData, { db, env, language, t }: TrainingActionContext) {
  if (formData.get("intent") === "preview") {
    const submission = parseWithZod(formData, { schema: previewSchema });
    if (submission.status !== "success") return data({ intent: "preview" as const, result: submission.reply(), reply: null }, { status: 400 });
    const client = await findClientById(db, submission.value.clientId);
    if (!client) return data({ intent: "preview" as const, result: submission.reply({ formErrors: ["errors.chooseClient"] }), reply: null }, { status: 400 });
    const answer = await answerVisitor(db, modelSettingsFrom(env), {
      client,
      message: submission.value.message,
      imageCount: 0,
      requestLanguage: language,
      history: [],
      knownDetails: {},
      onDelta: () => {},
    });
    return { intent: "preview" as const, result: submission.reply({ resetForm: true }), reply: { question: submission.value.message, answer: answer.reply } };
  }

  const submission = parseWithZod(formData, { schema: trainingFormSchema });
  if (submission.status !== "success") return data({ intent: "save" as const, result: submission.reply(), reply: null }, { status: 400 });
  const { clientId, faq, ...fields } = submission.value;
  if (!(await findClientById(db, clientId))) {
    return data({ intent: "save" as const, result: submission.reply({ formErrors: ["errors.chooseClient"] }), reply: null }, { status: 400 });
  }
  const config = { ...fields, knowledgeBase: parseFaq(faq), salesFlow: [...SALES_FLOW] };
  // Update if a config exists, otherwise create; a create that lost a race to another save updates after all.
  const updated = await updateTrainingConfig(db, clientId, config);
  if (!updated && !(await createTrainingConfig(db, clientId, config))) await updateTrainingConfig(db, clientId, config);
  return redirectWithSuccess(`/admin/ai-training?clientId=${clientId}`, t("training.saved"));
}
