import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/components/ui/parse-form.ts";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { TitledCard } from "~/components/ui/card.tsx";
import { CheckboxField, FormErrors, TextField } from "~/components/ui/form-fields.tsx";
import {
  MAX_RETENTION_DAYS,
  MIN_RETENTION_DAYS,
  PRIVACY_POLICY_URL_MAX,
  retentionFormSchema,
} from "~/privacy/retention.ts";
import { FormActions } from "./form-actions.tsx";

export type PrivacySettings = { retentionDays: number; askConsent: boolean; privacyPolicyUrl: string | null };

type RetentionFormProps = {
  privacy: PrivacySettings;
  lastResult: SubmissionResult<string[]> | null | undefined;
  saving: boolean;
};

/**
 * How long the client's visitors' conversations are kept after their last message, whether the
 * widget asks their consent before keeping their details, and which privacy notice it links.
 */
export function RetentionForm({ privacy, lastResult, saving }: RetentionFormProps) {
  const { t } = useTranslation("client-config");
  const [form, fields] = useForm({
    id: "retention-form",
    lastResult,
    defaultValue: {
      retentionDays: String(privacy.retentionDays),
      askConsent: privacy.askConsent ? "on" : undefined,
      privacyPolicyUrl: privacy.privacyPolicyUrl ?? "",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: retentionFormSchema }),
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
        <CheckboxField field={fields.askConsent} label={t("privacy.askConsent")} hint={t("privacy.askConsentHint")} />
        <TextField
          field={fields.privacyPolicyUrl}
          type="url"
          inputMode="url"
          maxLength={PRIVACY_POLICY_URL_MAX}
          label={t("privacy.policyUrl")}
          hint={t("privacy.policyUrlHint")}
          dir="ltr"
        />
        <FormActions intent="retention" saveLabel={t("privacy.save")} resetLabel={t("privacy.reset")} saving={saving} />
      </Form>
    </TitledCard>
  );
}
