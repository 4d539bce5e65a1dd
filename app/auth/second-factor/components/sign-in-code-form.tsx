import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { FormErrors, TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { parseForm } from "~/components/ui/parse-form.ts";
import { signInCodeSchema } from "../second-factor-schema.ts";

/** The sign-in's second step: the app's six digits, or a recovery code typed in the same field. */
export function SignInCodeForm({
  lastResult,
  pending,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  pending: boolean;
}) {
  const { t } = useTranslation("second-factor");
  const [form, fields] = useForm({
    id: "sign-in-code",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseForm(formData, { schema: signInCodeSchema }),
  });
  return (
    <FormMessages ns="second-factor">
      {/* The back-office loads as a whole page with its translations, as after the password (login-form.tsx). */}
      <Form method="post" reloadDocument {...getFormProps(form)} className="space-y-4">
        <FormErrors form={form} />
        <TextField
          field={fields.code}
          label={t("signIn.code")}
          dir="ltr"
          autoComplete="one-time-code"
          spellCheck={false}
        />
        <Button type="submit" disabled={pending} className="min-w-24">
          {pending ? t("signIn.submitting") : t("signIn.submit")}
        </Button>
      </Form>
    </FormMessages>
  );
}
