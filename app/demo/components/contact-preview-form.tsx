import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import {
  contactPreviewSchema,
  PREVIEW_NAME_MAX_LENGTH,
  PREVIEW_PHONE_MAX_LENGTH,
  PREVIEW_REQUIRED_ERRORS,
} from "~/demo/contact-preview-schema.ts";
import { Button } from "~/components/ui/button.tsx";
import { Field, Input } from "~/components/ui/field.tsx";

type ContactPreviewFormProps = {
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The name a submission without JavaScript was previewed for (the server checked it). */
  previewedName: string | null | undefined;
};

/**
 * The plugin's contact-collection form, as a preview. With JavaScript a valid submit only shows the
 * preview alert and sends nothing; without it the page's own action checks the same schema, keeps
 * nothing and answers with the same alert.
 */
export function ContactPreviewForm({ lastResult, previewedName }: ContactPreviewFormProps) {
  const { t } = useTranslation("demo");
  const [shownName, setShownName] = useState<string | null>(null);
  const [form, fields] = useForm({
    id: "contact-preview",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactPreviewSchema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status === "success") setShownName(submission.value.fullName);
    },
  });
  const limits = { phoneMax: PREVIEW_PHONE_MAX_LENGTH, nameMax: PREVIEW_NAME_MAX_LENGTH };
  const translate = (errors: string[] | undefined) => errors?.map((key) => t(key, limits));
  const missing = [fields.phone.errors, fields.fullName.errors].some((errors) =>
    errors?.some((error) => PREVIEW_REQUIRED_ERRORS.includes(error)),
  );
  const nameInPreview = missing ? null : (shownName ?? previewedName);

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onChange={() => setShownName(null)}
      className="space-y-4"
    >
      {/* Both alerts stay in the page, so what appears in them is announced. */}
      <div role="alert">
        {missing ? (
          <p className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
            {t("preview.errors.required")}
          </p>
        ) : null}
      </div>
      <Field label={t("preview.phone")} errors={translate(fields.phone.errors)}>
        {(control) => (
          <Input
            {...getInputProps(fields.phone, { type: "tel" })}
            {...control}
            key={fields.phone.key}
            autoComplete="tel"
            inputMode="tel"
            dir="ltr"
            className="text-start rtl:text-end"
          />
        )}
      </Field>
      <Field label={t("preview.fullName")} errors={translate(fields.fullName.errors)}>
        {(control) => (
          <Input
            {...getInputProps(fields.fullName, { type: "text" })}
            {...control}
            key={fields.fullName.key}
            autoComplete="name"
            dir="auto"
          />
        )}
      </Field>
      <Button type="submit" className="w-full">
        {t("preview.submit")}
      </Button>
      <div role="alert">
        {nameInPreview ? (
          <p className="rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
            {t("preview.previewSent", { name: nameInPreview })}
          </p>
        ) : null}
      </div>
    </Form>
  );
}
