import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { FormActions } from "~/clients/config/components/form-actions.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { FormErrors, TextareaField } from "~/components/ui/form-fields.tsx";
import { parseForm } from "~/components/ui/parse-form.ts";
import { businessInfoFormSchema, greetingFormSchema } from "~/training/training-schema.ts";

type LastResult = SubmissionResult<string[]> | null | undefined;

/** The chat's first message, in Hebrew and in English (the widget picks by the site's language). */
export function GreetingForm({
  values,
  lastResult,
  saving,
}: {
  values: { greeting: string; greetingEn: string };
  lastResult: LastResult;
  saving: boolean;
}) {
  const { t } = useTranslation("portal-training");
  const { t: tConfig } = useTranslation("client-config");
  const [form, fields] = useForm({
    id: "greeting-form",
    lastResult,
    defaultValue: values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: greetingFormSchema }),
  });
  return (
    <TitledCard id="greeting-title" title={t("greeting.title")} description={t("greeting.description")}>
      <Form method="post" {...getFormProps(form)} preventScrollReset className="space-y-4">
        <FormErrors form={form} />
        <TextareaField
          field={fields.greeting}
          label={tConfig("training.greeting")}
          hint={tConfig("training.greetingHint")}
          rows={3}
          dir="rtl"
          lang="he"
        />
        <TextareaField field={fields.greetingEn} label={tConfig("training.greetingEn")} rows={3} dir="ltr" lang="en" />
        <FormActions
          intent="greeting"
          saveLabel={t("greeting.save")}
          resetLabel={t("greeting.reset")}
          saving={saving}
        />
      </Form>
    </TitledCard>
  );
}

/** What Alex knows of the business, paragraph by paragraph. */
export function BusinessInfoForm({
  businessInfo,
  lastResult,
  saving,
}: {
  businessInfo: string;
  lastResult: LastResult;
  saving: boolean;
}) {
  const { t } = useTranslation("portal-training");
  const { t: tConfig } = useTranslation("client-config");
  const [form, fields] = useForm({
    id: "business-info-form",
    lastResult,
    defaultValue: { businessInfo },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: businessInfoFormSchema }),
  });
  return (
    <TitledCard id="business-info-title" title={t("info.title")} description={t("info.description")}>
      <Form method="post" {...getFormProps(form)} preventScrollReset className="space-y-4">
        <FormErrors form={form} />
        <TextareaField field={fields.businessInfo} label={tConfig("training.businessInfo")} rows={8} dir="auto" />
        <FormActions intent="info" saveLabel={t("info.save")} resetLabel={t("info.reset")} saving={saving} />
      </Form>
    </TitledCard>
  );
}
