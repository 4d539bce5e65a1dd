import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { TitledCard } from "~/components/ui/card.tsx";
import { FormErrors, TextField } from "~/components/ui/form-fields.tsx";
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, retentionFormSchema } from "~/privacy/retention.ts";
import { FormActions } from "./form-actions.tsx";

type RetentionFormProps = {
  retentionDays: number;
  lastResult: SubmissionResult<string[]> | null | undefined;
  saving: boolean;
};

/** How long the client's visitors' conversations are kept after their last message. */
export function RetentionForm({ retentionDays, lastResult, saving }: RetentionFormProps) {
  const { t } = useTranslation("client-config");
  const [form, fields] = useForm({
    id: "retention-form",
    lastResult,
    defaultValue: { retentionDays: String(retentionDays) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: retentionFormSchema }),
  });
  return (
    <TitledCard id="privacy-title" title={t("privacy.title")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors form={form} />
        <TextField
          field={fields.retentionDays}
          type="number"
          inputMode="numeric"
          min={MIN_RETENTION_DAYS}
          max={MAX_RETENTION_DAYS}
          label={t("privacy.retentionDays")}
          hint={t("privacy.retentionHint")}
          dir="ltr"
        />
        <FormActions intent="retention" saveLabel={t("privacy.save")} resetLabel={t("privacy.reset")} saving={saving} />
      </Form>
    </TitledCard>
  );
}
