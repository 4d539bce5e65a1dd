import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/components/ui/parse-form.ts";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { TONES } from "#db/vocabulary.ts";
import { Button } from "~/components/ui/button.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { FormErrors, SelectField, TextareaField, TextField } from "~/components/ui/form-fields.tsx";
import { FAQ_LIMITS, SALES_FLOW, trainingFormSchema, type FaqRow } from "../training-schema.ts";

type TrainingValues = {
  businessType: string;
  greeting: string;
  greetingEn: string;
  tone: string;
  businessInfo: string;
  faq: FaqRow[];
};

type TrainingFormProps = {
  clientId: number | null;
  businessTypes: readonly string[];
  values: TrainingValues | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  saving: boolean;
  /** "Answer this" on a knowledge gap: its group, whose question is the last FAQ row. */
  gapId?: number | null;
};

function useTrainingForm({
  clientId,
  values,
  lastResult,
}: Pick<TrainingFormProps, "clientId" | "values" | "lastResult">) {
  return useForm({
    id: "training-form",
    lastResult,
    defaultValue: { clientId: clientId ? String(clientId) : "", tone: "friendly_professional", ...values },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: trainingFormSchema }),
  });
}

type TrainingFormMetadata = ReturnType<typeof useTrainingForm>;

export function TrainingForm({ clientId, businessTypes, values, lastResult, saving, gapId }: TrainingFormProps) {
  const { t } = useTranslation("client-config");
  const [form, fields] = useTrainingForm({ clientId, values, lastResult });
  const errors = [...(form.errors ?? []), ...(fields.clientId.errors ?? [])];
  return (
    <TitledCard id="training-form-title" title={t("training.formTitle")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {/* Enter in a field saves: the form's first submit button is the one a browser presses, not a row's. */}
        <button type="submit" name="intent" value="save" hidden tabIndex={-1} aria-hidden="true" />
        <input type="hidden" name="clientId" value={clientId ?? ""} />
        {gapId ? <input type="hidden" name="gapId" value={gapId} /> : null}
        <FormErrors form={form} errors={errors.length > 0 ? errors : undefined} />
        <SelectField
          field={fields.businessType}
          label={t("training.businessType")}
          placeholder={t("training.chooseBusinessType")}
          options={businessTypes.map((type) => ({ value: type, label: t(`training.businessTypes.${type}`) }))}
        />
        <TextareaField
          field={fields.greeting}
          label={t("training.greeting")}
          hint={t("training.greetingHint")}
          rows={3}
          dir="rtl"
          lang="he"
        />
        <TextareaField field={fields.greetingEn} label={t("training.greetingEn")} rows={3} dir="ltr" lang="en" />
        <SelectField
          field={fields.tone}
          label={t("training.tone")}
          options={TONES.map((tone) => ({ value: tone, label: t(`training.tones.${tone}`) }))}
        />
        <div>
          <p className="mb-1 text-sm font-medium text-slate-900">{t("training.salesFlow")}</p>
          <ol className="flex flex-wrap gap-2 text-sm">
            {SALES_FLOW.map((stage, index) => (
              <li key={stage} className="rounded-full bg-slate-100 px-3 py-1 text-slate-700">
                {index + 1}. {t(`training.stages.${index}`)}
              </li>
            ))}
          </ol>
        </div>
        <TextareaField field={fields.businessInfo} label={t("training.businessInfo")} rows={5} dir="auto" />
        <FaqRows form={form} field={fields.faq} gapRow={gapId ? (values?.faq.length ?? 0) - 1 : undefined} />
        <Button type="submit" name="intent" value="save" disabled={saving}>
          {saving ? t("bottom.saving") : t("training.save")}
        </Button>
      </Form>
    </TitledCard>
  );
}

/**
 * The FAQ as question and answer rows. Add, remove and move are Conform's list intents: submit
 * buttons that change the rows in the browser, and without JavaScript post the form and come back
 * with the rows changed and nothing saved.
 */
function FaqRows({
  form,
  field,
  gapRow,
}: {
  form: TrainingFormMetadata[0];
  field: TrainingFormMetadata[1]["faq"];
  gapRow: number | undefined;
}) {
  const { t } = useTranslation("client-config");
  const rows = field.getFieldList();
  return (
    <fieldset className="space-y-3" aria-describedby="faq-hint">
      <legend className="text-sm font-medium text-slate-900">{t("training.faq")}</legend>
      <p id="faq-hint" className="text-sm text-slate-600">
        {t("training.faqHint", { max: FAQ_LIMITS.rows })}
      </p>
      {field.errors ? <FormErrors form={form} errors={field.errors} /> : null}
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const { q, a } = row.getFieldset();
          const number = index + 1;
          return (
            <li key={row.key} className="space-y-2 rounded-lg border border-slate-200 p-3">
              {index === gapRow ? (
                <p className="rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-900">{t("training.gapRow")}</p>
              ) : null}
              <TextField
                field={q}
                label={t("training.question", { number })}
                dir="auto"
                maxLength={FAQ_LIMITS.question}
              />
              <TextareaField
                field={a}
                label={t("training.answer", { number })}
                rows={2}
                dir="auto"
                maxLength={FAQ_LIMITS.answer}
              />
              <div className="flex flex-wrap justify-end gap-2">
                <Button
                  type="submit"
                  variant="ghost"
                  size="sm"
                  className="disabled:opacity-40"
                  {...form.reorder.getButtonProps({ name: field.name, from: index, to: index - 1 })}
                  disabled={index === 0}
                  aria-label={t("training.moveUp", { number })}
                >
                  <ArrowUp className="h-4 w-4" aria-hidden="true" />
                </Button>
                <Button
                  type="submit"
                  variant="ghost"
                  size="sm"
                  className="disabled:opacity-40"
                  {...form.reorder.getButtonProps({ name: field.name, from: index, to: index + 1 })}
                  disabled={index === rows.length - 1}
                  aria-label={t("training.moveDown", { number })}
                >
                  <ArrowDown className="h-4 w-4" aria-hidden="true" />
                </Button>
                <Button
                  type="submit"
                  variant="ghost"
                  size="sm"
                  {...form.remove.getButtonProps({ name: field.name, index })}
                  aria-label={t("training.removeRow", { number })}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  <span aria-hidden="true">{t("training.remove")}</span>
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        {...form.insert.getButtonProps({ name: field.name, defaultValue: { q: "", a: "" } })}
        disabled={rows.length >= FAQ_LIMITS.rows}
      >
        <Plus className="h-4 w-4" aria-hidden="true" />
        {t("training.addRow")}
      </Button>
    </fieldset>
  );
}
