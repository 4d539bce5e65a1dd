import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/components/ui/parse-form.ts";
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
import { Alert } from "~/components/ui/alert.tsx";
import { FormErrors, TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";

/** The limits the schema's messages mention ("at most {{phoneMax}} characters"). */
const LIMITS = { phoneMax: PREVIEW_PHONE_MAX_LENGTH, nameMax: PREVIEW_NAME_MAX_LENGTH };

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
    onValidate: ({ formData }) => parseForm(formData, { schema: contactPreviewSchema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status === "success") setShownName(submission.value.fullName);
    },
  });
  const missing = [fields.phone.errors, fields.fullName.errors].some((errors) =>
    errors?.some((error) => PREVIEW_REQUIRED_ERRORS.includes(error)),
  );
  const nameInPreview = missing ? null : (shownName ?? previewedName);

  return (
    <FormMessages ns="demo" values={LIMITS}>
      <Form method="post" {...getFormProps(form)} onChange={() => setShownName(null)} className="space-y-4">
        {/* Both alerts stay in the page, so what appears in them is announced. */}
        <div role="alert">
          {missing ? (
            <Alert tone="error" announce={false}>
              {t("preview.errors.required")}
            </Alert>
          ) : null}
        </div>
        <FormErrors form={form} />
        <TextField
          field={fields.phone}
          type="tel"
          label={t("preview.phone")}
          autoComplete="tel"
          inputMode="tel"
          dir="ltr"
          maxLength={PREVIEW_PHONE_MAX_LENGTH}
        />
        <TextField
          field={fields.fullName}
          label={t("preview.fullName")}
          autoComplete="name"
          dir="auto"
          maxLength={PREVIEW_NAME_MAX_LENGTH}
        />
        <Button type="submit" className="w-full">
          {t("preview.submit")}
        </Button>
        <div role="alert">
          {nameInPreview ? (
            <Alert tone="info" announce={false}>
              {t("preview.previewSent", { name: nameInPreview })}
            </Alert>
          ) : null}
        </div>
      </Form>
    </FormMessages>
  );
}
