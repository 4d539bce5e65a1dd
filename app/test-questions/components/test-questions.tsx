import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Play, Plus, Save, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { FormErrors, TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { parseForm } from "~/components/ui/parse-form.ts";
import { formatDateTime } from "~/lib/format.ts";
import { TEST_QUESTION_LIMITS, testQuestionFormSchema } from "../test-question-schema.ts";
import type { TestQuestionsView } from "../test-questions.server.ts";

type LastResult = SubmissionResult<string[]> | null | undefined;
type TestQuestionRow = TestQuestionsView["questions"][number];

/** Where the forms post, and the hidden fields that name the client (the admin page's; the portal's is the session's). */
type Target = { action: string; fields: Record<string, string | number> };

export const TEST_QUESTIONS_TITLE_ID = "test-questions-title";

/**
 * "3 of 20 test questions now fail", with each failing question, its fact and what Alex answered:
 * shown at the top of the training page when any fails; nothing otherwise.
 */
export function FailingTestQuestions({ view, listPath }: { view: TestQuestionsView; listPath: string }) {
  const { t } = useTranslation("test-questions");
  if (view.failing.length === 0) return null;
  return (
    <Alert tone="warning" title={t("summary.failing", { failed: view.failing.length, total: view.questions.length })}>
      <p>{t("summary.description")}</p>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        {view.failing.map((question) => (
          <li key={question.id}>
            <bdi dir="auto" className="font-medium">
              {question.question}
            </bdi>{" "}
            <span>({t("summary.expected", { fact: question.fact })})</span>
          </li>
        ))}
      </ul>
      <Link to={listPath} className="mt-2 inline-block underline">
        {t("summary.open")}
      </Link>
    </Alert>
  );
}

/**
 * A client's test questions: each with its fact, the last run's pass or fail and the answer given,
 * editable and deletable; a form for a new one, and "Run now".
 */
export function TestQuestions({
  view,
  target,
  timeZone,
  lastResult,
}: {
  view: TestQuestionsView;
  target: Target;
  timeZone: string;
  /** The refused post's reply, and which form sent it (a question's id, or "add"). */
  lastResult: { target: number | "add"; result: LastResult } | undefined;
}) {
  const { t } = useTranslation("test-questions");
  const navigation = useNavigation();
  const running = navigation.state === "submitting" && navigation.formData?.get("intent") === "testRun";
  return (
    <FormMessages ns="test-questions">
      <TitledCard id={TEST_QUESTIONS_TITLE_ID} title={t("title")} description={t("description")}>
        <div className="space-y-4">
          {view.running ? <p className="text-sm text-slate-600">{t("pending")}</p> : null}
          {view.questions.length === 0 ? (
            <p className="text-slate-600">{t("empty")}</p>
          ) : (
            <>
              <Form method="post" action={target.action} preventScrollReset>
                <HiddenFields fields={target.fields} />
                <Button type="submit" name="intent" value="testRun" variant="secondary" disabled={running}>
                  <Play className="h-4 w-4" aria-hidden="true" />
                  {running ? t("running") : t("run")}
                </Button>
              </Form>
              <ol className="space-y-4">
                {view.questions.map((question, index) => (
                  <li key={question.id}>
                    <TestQuestionItem
                      question={question}
                      number={index + 1}
                      target={target}
                      timeZone={timeZone}
                      lastResult={lastResult?.target === question.id ? lastResult.result : undefined}
                    />
                  </li>
                ))}
              </ol>
            </>
          )}
          <AddTestQuestion
            target={target}
            full={view.questions.length >= view.max}
            lastResult={lastResult?.target === "add" ? lastResult.result : undefined}
          />
        </div>
      </TitledCard>
    </FormMessages>
  );
}

function HiddenFields({ fields }: { fields: Target["fields"] }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

function useTestQuestionForm(id: string, values: { question: string; fact: string }, lastResult: LastResult) {
  return useForm({
    id,
    lastResult,
    defaultValue: values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: testQuestionFormSchema }),
  });
}

function Outcome({ question, timeZone }: { question: TestQuestionRow; timeZone: string }) {
  const { t, i18n } = useTranslation("test-questions");
  if (question.lastPassed === null || question.lastRunAt === null) return <Badge>{t("notRun")}</Badge>;
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <Badge tone={question.lastPassed ? "success" : "danger"}>
          {question.lastPassed ? t("passed") : t("failed")}
        </Badge>
        <span>{t("ranAt", { when: formatDateTime(question.lastRunAt, i18n.language, timeZone) })}</span>
      </div>
      <p className="text-sm text-slate-700">
        <span className="font-medium">{t("answerGiven")}: </span>
        <bdi dir="auto" className="break-words whitespace-pre-line">
          {question.lastAnswer}
        </bdi>
      </p>
    </div>
  );
}

function TestQuestionItem({
  question,
  number,
  target,
  timeZone,
  lastResult,
}: {
  question: TestQuestionRow;
  number: number;
  target: Target;
  timeZone: string;
  lastResult: LastResult;
}) {
  const { t } = useTranslation("test-questions");
  const navigation = useNavigation();
  const formId = `test-question-${question.id}`;
  const titleId = `${formId}-title`;
  const [form, fields] = useTestQuestionForm(formId, question, lastResult);
  const busy = navigation.state === "submitting" && navigation.formData?.get("testQuestionId") === String(question.id);
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-lg border border-slate-200 p-3">
      <h3 id={titleId} className="text-sm font-semibold text-slate-600">
        {t("number", { number })}
      </h3>
      <Outcome question={question} timeZone={timeZone} />
      <Form method="post" action={target.action} {...getFormProps(form)} preventScrollReset className="space-y-3">
        <HiddenFields fields={{ ...target.fields, testQuestionId: question.id }} />
        <FormErrors form={form} />
        <TextField field={fields.question} label={t("question")} dir="auto" maxLength={TEST_QUESTION_LIMITS.question} />
        <TextField field={fields.fact} label={t("fact")} dir="auto" maxLength={TEST_QUESTION_LIMITS.fact} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="testEdit" disabled={busy} aria-describedby={titleId}>
            <Save className="h-4 w-4" aria-hidden="true" />
            {t("save")}
          </Button>
        </div>
      </Form>
      <Form method="post" action={target.action} preventScrollReset className="flex justify-end">
        <HiddenFields fields={{ ...target.fields, testQuestionId: question.id }} />
        <Button
          type="submit"
          name="intent"
          value="testRemove"
          variant="ghost"
          size="sm"
          disabled={busy}
          aria-describedby={titleId}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {t("remove")}
        </Button>
      </Form>
    </section>
  );
}

function AddTestQuestion({ target, full, lastResult }: { target: Target; full: boolean; lastResult: LastResult }) {
  const { t } = useTranslation("test-questions");
  const navigation = useNavigation();
  const [form, fields] = useTestQuestionForm("test-question-add", { question: "", fact: "" }, lastResult);
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "testAdd";
  return (
    <section aria-labelledby="test-question-add-title" className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id="test-question-add-title" className="text-sm font-semibold text-slate-700">
        {t("addTitle")}
      </h3>
      <Form method="post" action={target.action} {...getFormProps(form)} preventScrollReset className="space-y-3">
        <HiddenFields fields={target.fields} />
        <FormErrors form={form} />
        {full ? <p className="text-sm text-amber-900">{t("full", { max: TEST_QUESTION_LIMITS.rows })}</p> : null}
        <TextField field={fields.question} label={t("question")} dir="auto" maxLength={TEST_QUESTION_LIMITS.question} />
        <TextField
          field={fields.fact}
          label={t("fact")}
          hint={t("factHint")}
          dir="auto"
          maxLength={TEST_QUESTION_LIMITS.fact}
        />
        <Button type="submit" name="intent" value="testAdd" disabled={saving || full}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t("add")}
        </Button>
      </Form>
    </section>
  );
}
