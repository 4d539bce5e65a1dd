import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Plus, Save, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card, TitledCard } from "~/components/ui/card.tsx";
import { ConfirmButton, ConfirmStep } from "~/components/ui/confirm.tsx";
import { FormErrors, TextareaField, TextField } from "~/components/ui/form-fields.tsx";
import { parseForm } from "~/components/ui/parse-form.ts";
import { FAQ_LIMITS, faqEntryFormSchema, type FaqRow } from "~/training/training-schema.ts";
import { trainingTabPath } from "./training-tabs.ts";

type FaqEntry = FaqRow & { id: number };
type LastResult = SubmissionResult<string[]> | null | undefined;

const FAQ_PATH = trainingTabPath("faq");

function useFaqForm(id: string, values: FaqRow, lastResult: LastResult) {
  return useForm({
    id,
    lastResult,
    defaultValue: values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: faqEntryFormSchema }),
  });
}

/**
 * The business's questions and answers, each its own form: fix an answer and save it, or remove the
 * entry (asked first); and a form for a new one. Each entry posts its id (the assistant's copy of
 * it), which the server looks for in the session's business only.
 */
export function PortalFaq({
  entries,
  maxEntries,
  lastResult,
  confirmRemove,
  gap,
}: {
  entries: FaqEntry[];
  maxEntries: number;
  /** The refused post's reply, and which form sent it (an entry's id, or "add"). */
  lastResult: { target: number | "add"; result: LastResult } | undefined;
  confirmRemove: number | undefined;
  /** "Answer this" on a knowledge gap: the new entry's form starts with its question. */
  gap: { id: number; question: string } | null;
}) {
  const { t } = useTranslation("portal-training");
  const removing = entries.find((entry) => entry.id === confirmRemove);
  return (
    <div className="space-y-4">
      <TitledCard id="faq-title" title={t("faq.title")} description={t("faq.description")}>
        {removing ? (
          <ConfirmStep
            title={t("faq.removeTitle", { question: removing.q })}
            description={t("faq.removeDescription")}
            confirmLabel={t("faq.remove")}
            fields={{ intent: "faqRemove", faqId: removing.id }}
            action={FAQ_PATH}
            cancelTo={FAQ_PATH}
          />
        ) : null}
        {entries.length === 0 ? <p className="text-slate-600">{t("faq.empty")}</p> : null}
      </TitledCard>
      {entries.length > 0 ? (
        <ol className="space-y-4">
          {entries.map((entry, index) => (
            <li key={`${entry.id}`}>
              <FaqEntryForm
                entry={entry}
                number={index + 1}
                lastResult={lastResult?.target === entry.id ? lastResult.result : undefined}
              />
            </li>
          ))}
        </ol>
      ) : null}
      <AddFaqForm
        key={gap?.id ?? "new"}
        gap={gap}
        full={entries.length >= maxEntries}
        lastResult={lastResult?.target === "add" ? lastResult.result : undefined}
      />
    </div>
  );
}

function FaqEntryForm({ entry, number, lastResult }: { entry: FaqEntry; number: number; lastResult: LastResult }) {
  const { t } = useTranslation("portal-training");
  const navigation = useNavigation();
  const formId = `faq-${entry.id}`;
  const [form, fields] = useFaqForm(formId, { q: entry.q, a: entry.a }, lastResult);
  const saving = navigation.state === "submitting" && navigation.formData?.get("faqId") === String(entry.id);
  const titleId = `${formId}-title`;
  return (
    <Card aria-labelledby={titleId}>
      <h3 id={titleId} className="mb-3 text-sm font-semibold text-slate-600">
        {t("faq.entry", { number })}
      </h3>
      <Form method="post" action={FAQ_PATH} {...getFormProps(form)} preventScrollReset className="space-y-3">
        <input type="hidden" name="faqId" value={entry.id} />
        <FormErrors form={form} />
        <TextField field={fields.q} label={t("faq.question")} dir="auto" maxLength={FAQ_LIMITS.question} />
        <TextareaField field={fields.a} label={t("faq.answer")} rows={3} dir="auto" maxLength={FAQ_LIMITS.answer} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="faqEdit" disabled={saving}>
            <Save className="h-4 w-4" aria-hidden="true" />
            {saving ? t("faq.saving") : t("faq.save")}
          </Button>
        </div>
      </Form>
      <Form id={`${formId}-remove`} method="post" action={FAQ_PATH} className="mt-3 flex justify-end">
        <input type="hidden" name="intent" value="faqRemove" />
        <input type="hidden" name="faqId" value={entry.id} />
        <ConfirmButton
          form={`${formId}-remove`}
          title={t("faq.removeTitle", { question: entry.q })}
          description={t("faq.removeDescription")}
          confirmLabel={t("faq.remove")}
          variant="ghost"
          size="sm"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {t("faq.remove")}
        </ConfirmButton>
      </Form>
    </Card>
  );
}

function AddFaqForm({
  full,
  lastResult,
  gap,
}: {
  full: boolean;
  lastResult: LastResult;
  gap: { id: number; question: string } | null;
}) {
  const { t } = useTranslation("portal-training");
  const navigation = useNavigation();
  const [form, fields] = useFaqForm("faq-add", { q: gap?.question ?? "", a: "" }, lastResult);
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "faqAdd";
  return (
    <TitledCard id="faq-add-title" title={t("faq.addTitle")}>
      <Form method="post" action={FAQ_PATH} {...getFormProps(form)} preventScrollReset className="space-y-3">
        <FormErrors form={form} />
        {gap ? <input type="hidden" name="gapId" value={gap.id} /> : null}
        {gap ? <p className="rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-900">{t("faq.gapNote")}</p> : null}
        {full ? <p className="text-sm text-amber-900">{t("faq.full", { max: FAQ_LIMITS.rows })}</p> : null}
        <TextField field={fields.q} label={t("faq.question")} dir="auto" maxLength={FAQ_LIMITS.question} />
        <TextareaField field={fields.a} label={t("faq.answer")} rows={3} dir="auto" maxLength={FAQ_LIMITS.answer} />
        <Button type="submit" name="intent" value="faqAdd" disabled={saving || full}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t("faq.add")}
        </Button>
      </Form>
    </TitledCard>
  );
}
