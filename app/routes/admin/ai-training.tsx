import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/ai-training";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { databaseContext, envContext, operatorContext } from "~/context.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { GapsList } from "~/gaps/components/gaps-list.tsx";
import { sessionDetailPath } from "~/sessions/session-query.ts";
import { ChatPreview } from "~/training/components/chat-preview.tsx";
import { ClientPicker } from "~/training/components/client-picker.tsx";
import { TrainingForm } from "~/training/components/training-form.tsx";
import {
  handleAdminTestQuestionAction,
  handleTrainingAction,
  loadTrainingPage,
} from "~/training/training-page.server.ts";
import { Alert } from "~/components/ui/alert.tsx";
import {
  FailingTestQuestions,
  TEST_QUESTIONS_TITLE_ID,
  TestQuestions,
} from "~/test-questions/components/test-questions.tsx";
import { isTestQuestionIntent } from "~/test-questions/test-question-schema.ts";

export const handle = { i18n: ["client-config", "gaps", "test-questions"] };

export async function loader({ url, context }: Route.LoaderArgs) {
  return {
    title: getTranslator(context)("training.title", { ns: "client-config" }),
    timeZone: context.get(envContext).TZ_DISPLAY,
    ...(await loadTrainingPage(
      context.get(databaseContext),
      url.searchParams.get("clientId"),
      url.searchParams.get("gap"),
    )),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = getTranslator(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (isTestQuestionIntent(intent)) {
    return handleAdminTestQuestionAction(intent, formData, {
      db: context.get(databaseContext),
      env: context.get(envContext),
      tTests: (key, values) => t(key, { ns: "test-questions", ...values }),
    });
  }
  return handleTrainingAction(formData, {
    db: context.get(databaseContext),
    env: context.get(envContext),
    language: context.get(languageContext),
    editor: context.get(operatorContext),
    t: (key, values) => t(key, { ns: "client-config", ...values }),
  });
}

/** A preview turn changes nothing the page shows but the conversation: no need to reload its data (nor to hold the Send button). */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "preview" ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "AI Training"} | Alex` }];

type TestQuestionPosted = {
  intent: string;
  result?: SubmissionResult<string[]> | null;
  testQuestionId?: number;
  error?: string;
};

export default function AiTraining({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("client-config");
  const navigation = useNavigation();
  const { clients, selectedId, businessTypes, form, savedAt, gapId, gaps, testQuestions, timeZone } = loaderData;
  const trainingPath = `/admin/ai-training?clientId=${selectedId}`;
  const posted = actionData as TestQuestionPosted | undefined;
  return (
    <FormMessages ns="client-config">
      <div className="space-y-6">
        <PageHeader title={t("training.title")} description={t("training.subtitle")} />
        <ClientPicker clients={clients} selectedId={selectedId} />
        {testQuestions ? (
          <FailingTestQuestions view={testQuestions} listPath={`${trainingPath}#${TEST_QUESTIONS_TITLE_ID}`} />
        ) : null}
        {posted?.error ? <Alert tone="error">{posted.error}</Alert> : null}
        <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
          <TrainingForm
            key={`${selectedId ?? "none"}@${savedAt ?? ""}@${gapId ?? ""}`}
            clientId={selectedId}
            businessTypes={businessTypes}
            values={form}
            lastResult={actionData?.intent === "save" ? actionData.result : undefined}
            saving={navigation.state === "submitting" && navigation.formData?.get("intent") === "save"}
            gapId={gapId}
          />
          <ChatPreview key={selectedId ?? "none"} clientId={selectedId} />
        </div>
        {testQuestions && selectedId !== null ? (
          <TestQuestions
            view={testQuestions}
            target={{ action: trainingPath, fields: { clientId: selectedId } }}
            timeZone={timeZone}
            lastResult={
              posted?.intent === "testAdd"
                ? { target: "add", result: posted.result }
                : posted?.intent === "testEdit" && posted.testQuestionId !== undefined
                  ? { target: posted.testQuestionId, result: posted.result }
                  : undefined
            }
          />
        ) : null}
        {gaps ? (
          <GapsList
            gaps={gaps}
            timeZone={timeZone}
            links={{
              answer: (groupId) => `${trainingPath}&gap=${groupId}#training-form-title`,
              conversation: sessionDetailPath,
              faq: `${trainingPath}#training-form-title`,
            }}
          />
        ) : null}
      </div>
    </FormMessages>
  );
}
