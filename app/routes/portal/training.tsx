import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/training";
import { BusinessHoursForm } from "~/clients/config/components/business-hours-form.tsx";
import { ScannerTab } from "~/clients/config/components/scanner-tab.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { LinkTabs } from "~/components/ui/link-tabs.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { databaseContext, envContext, operatorContext, portalClientContext } from "~/context.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { findClientById } from "~/models/client.server.ts";
import { PortalFaq } from "~/portal/training-faq.tsx";
import { handlePortalTrainingAction, loadPortalTraining } from "~/portal/training-page.server.ts";
import { PORTAL_TRAINING_TABS, trainingTabPath } from "~/portal/training-tabs.ts";
import { portalConversationPath } from "~/sessions/portal-conversation-paths.ts";
import { GapsList } from "~/gaps/components/gaps-list.tsx";
import { BusinessInfoForm, GreetingForm } from "~/portal/training-texts.tsx";
import { ChatPreview } from "~/training/components/chat-preview.tsx";
import { TrainingHistoryCard } from "~/training/components/training-history.tsx";
import { FailingTestQuestions, TestQuestions } from "~/test-questions/components/test-questions.tsx";
import { loadTestQuestions } from "~/test-questions/test-questions.server.ts";

export const handle = { i18n: ["portal-training", "client-config", "gaps", "test-questions"] };

/** The session's business: the portal's guard set it; a business that is gone is a 404. */
async function ownClient(context: Route.LoaderArgs["context"]) {
  const client = await findClientById(context.get(databaseContext), context.get(portalClientContext));
  if (!client) throw new Response(null, { status: 404 });
  return client;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const client = await ownClient(context);
  return {
    title: getTranslator(context)("title", { ns: "portal-training" }),
    timeZone: context.get(envContext).TZ_DISPLAY,
    now: new Date(),
    testQuestions: await loadTestQuestions(context.get(databaseContext), client.id),
    view: await loadPortalTraining(
      context.get(databaseContext),
      client,
      url.searchParams.get("tab"),
      url.searchParams.get("gap"),
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const client = await ownClient(context);
  const t = getTranslator(context);
  return handlePortalTrainingAction(await request.formData(), {
    db: context.get(databaseContext),
    env: context.get(envContext),
    language: context.get(languageContext),
    client,
    editor: context.get(operatorContext),
    t: (key, values) => t(key, { ns: "portal-training", ...values }),
    tConfig: (key, values) => t(key, { ns: "client-config", ...values }),
    tTests: (key, values) => t(key, { ns: "test-questions", ...values }),
  });
}

/** A preview turn changes nothing the page shows but the conversation: no need to reload its data. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "preview" ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Training"} | Alex` }];

type Posted = {
  intent?: string;
  result?: SubmissionResult<string[]> | null;
  faqId?: number;
  testQuestionId?: number;
  confirmRemove?: number;
};

export default function PortalTraining({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("portal-training");
  const navigation = useNavigation();
  const { view, timeZone, now, testQuestions } = loaderData;
  const posted = (actionData ?? {}) as Posted;
  const resultFor = (intent: string) => (posted.intent === intent ? posted.result : undefined);
  const savingIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  return (
    <FormMessages ns="client-config">
      <div className="space-y-6">
        <PageHeader title={t("title")} description={t("subtitle")} />
        <FailingTestQuestions view={testQuestions} listPath={trainingTabPath("tests")} />
        <LinkTabs
          label={t("tabsLabel")}
          current={view.tab}
          tabs={PORTAL_TRAINING_TABS.map((tab) => ({ value: tab, label: t(`tabs.${tab}`) }))}
        />
        <div key={view.tab}>
          {view.tab === "faq" ? (
            <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
              <PortalFaq
                entries={view.faq}
                maxEntries={view.maxEntries}
                confirmRemove={posted.confirmRemove}
                gap={view.gap}
                lastResult={
                  posted.intent === "faqEdit" && posted.faqId !== undefined
                    ? { target: posted.faqId, result: posted.result }
                    : posted.intent === "faqAdd"
                      ? { target: "add", result: posted.result }
                      : undefined
                }
              />
              <div>
                <ChatPreview clientId={view.clientId} intro={t("faq.previewIntro")} />
              </div>
            </div>
          ) : null}
          {view.tab === "gaps" ? (
            <GapsList
              gaps={view.gaps}
              timeZone={timeZone}
              links={{
                answer: (groupId) => `${trainingTabPath("faq")}&gap=${groupId}#faq-add-title`,
                conversation: portalConversationPath,
                faq: trainingTabPath("faq"),
              }}
            />
          ) : null}
          {view.tab === "tests" ? (
            <TestQuestions
              view={testQuestions}
              target={{ action: trainingTabPath("tests"), fields: {} }}
              timeZone={timeZone}
              lastResult={
                posted.intent === "testAdd"
                  ? { target: "add", result: posted.result }
                  : posted.intent === "testEdit" && posted.testQuestionId !== undefined
                    ? { target: posted.testQuestionId, result: posted.result }
                    : undefined
              }
            />
          ) : null}
          {view.tab === "greeting" ? (
            <GreetingForm values={view} lastResult={resultFor("greeting")} saving={savingIntent === "greeting"} />
          ) : null}
          {view.tab === "info" ? (
            <BusinessInfoForm
              businessInfo={view.businessInfo}
              lastResult={resultFor("info")}
              saving={savingIntent === "info"}
            />
          ) : null}
          {view.tab === "hours" ? (
            <BusinessHoursForm
              hours={view.hours.hours}
              saved={view.hours.saved}
              lastResult={resultFor("hours")}
              saving={savingIntent === "hours"}
            />
          ) : null}
          {view.tab === "scanner" ? (
            <div className="space-y-4">
              <p className="text-sm text-slate-600">{t("scanner.intro", { domain: view.domain })}</p>
              <ScannerTab
                scanEndpoint={null}
                salesConfig={view.salesConfig}
                lastResult={resultFor("urls") ?? resultFor("scan")}
                saving={savingIntent !== null}
              />
            </div>
          ) : null}
          {view.tab === "history" ? <TrainingHistoryCard history={view.history} timeZone={timeZone} now={now} /> : null}
        </div>
      </div>
    </FormMessages>
  );
}
