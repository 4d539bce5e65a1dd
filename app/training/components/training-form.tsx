import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { TONES } from "#db/vocabulary.ts";
import { Button } from "~/components/ui/button.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { FormErrors, SelectField, TextareaField } from "~/components/ui/form-fields.tsx";
import { SALES_FLOW, TRAINING_BUSINESS_TYPES, trainingFormSchema } from "../training-schema.ts";

type TrainingFormProps = {
  clientId: number | null;
  training: { businessType: string; greeting: string; tone: string; businessInfo: string; faq: string } | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  saving: boolean;
};

export function TrainingForm({ clientId, training, lastResult, saving }: TrainingFormProps) {
  const { t } = useTranslation("client-config");
  const [form, fields] = useForm({
    id: "training-form",
    lastResult,
    defaultValue: { clientId: clientId ? String(clientId) : "", tone: "friendly_professional", ...training },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: trainingFormSchema }),
  });
  const errors = [...(form.errors ?? []), ...(fields.clientId.errors ?? [])];
  return (
    <TitledCard id="training-form-title" title={t("training.formTitle")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="clientId" value={clientId ?? ""} />
        <FormErrors form={form} errors={errors.length > 0 ? errors : undefined} />
        <SelectField
          field={fields.businessType}
          label={t("training.businessType")}
          placeholder={t("training.chooseBusinessType")}
          options={TRAINING_BUSINESS_TYPES.map((type) => ({ value: type, label: t(`training.businessTypes.${type}`) }))}
        />
        <TextareaField field={fields.greeting} label={t("training.greeting")} rows={3} />
        <SelectField field={fields.tone} label={t("training.tone")} options={TONES.map((tone) => ({ value: tone, label: t(`training.tones.${tone}`) }))} />
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
        <TextareaField field={fields.businessInfo} label={t("training.businessInfo")} rows={5} />
        <TextareaField field={fields.faq} label={t("training.faq")} hint={t("training.faqHint")} rows={6} dir="ltr" className="font-mono" />
        <Button type="submit" name="intent" value="save" disabled={saving}>
          {saving ? t("bottom.saving") : t("training.save")}
        </Button>
      </Form>
    </TitledCard>
  );
}
