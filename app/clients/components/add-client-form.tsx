import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/components/ui/parse-form.ts";
import { useTranslation } from "react-i18next";
import { useCodeLabels } from "~/i18n/code-labels.ts";
import { Form, useNavigation } from "react-router";
import { PLANS } from "#db/vocabulary.ts";
import { Button } from "~/components/ui/button.tsx";
import { FormErrors, SelectField, TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { BUSINESS_TYPES } from "#db/vocabulary.ts";
import { newClientSchema } from "../client-schema.ts";

export const ADD_CLIENT_INTENT = "create";

/** The new client form, in the add-client dialog or, without JavaScript, the page's own section. */
export function AddClientForm({
  lastResult,
  onCancel,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("clients");
  const labels = useCodeLabels();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === ADD_CLIENT_INTENT;
  const [form, fields] = useForm({
    id: "add-client",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { plan: "basic" },
    onValidate: ({ formData }) => parseForm(formData, { schema: newClientSchema }),
  });
  return (
    <FormMessages ns="clients">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={ADD_CLIENT_INTENT} />
        <FormErrors form={form} />
        <TextField field={fields.businessName} label={t("add.businessName")} autoComplete="organization" />
        <TextField field={fields.ownerEmail} type="email" label={t("add.ownerEmail")} autoComplete="email" dir="ltr" />
        <TextField
          field={fields.websiteDomain}
          label={t("add.websiteDomain")}
          hint={t("add.websiteDomainHint")}
          dir="ltr"
        />
        <SelectField
          field={fields.businessType}
          label={t("add.businessType")}
          placeholder={t("add.chooseType")}
          options={BUSINESS_TYPES.map((type) => ({ value: type, label: labels.businessType(type) }))}
        />
        <SelectField
          field={fields.plan}
          label={t("add.plan")}
          options={PLANS.map((plan) => ({ value: plan, label: t(`plans.${plan}`) }))}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={submitting}>
            {submitting ? t("add.submitting") : t("add.submit")}
          </Button>
          {onCancel ? (
            <Button type="button" variant="secondary" onClick={onCancel}>
              {t("add.cancel")}
            </Button>
          ) : null}
        </div>
      </Form>
    </FormMessages>
  );
}
