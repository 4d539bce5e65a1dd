import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { NewPasswordFields } from "~/auth/components/new-password-fields.tsx";
import { FormErrors, TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { parseForm } from "~/components/ui/parse-form.ts";
import { PASSWORD_MIN_LENGTH } from "~/auth/password-schema.ts";
import { acceptInviteSchema } from "../team-schema.ts";

/** Joining the team: the name the team sees and a password, typed twice. */
export function AcceptInviteForm({
  email,
  displayName,
  lastResult,
}: {
  email: string;
  displayName: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const { t } = useTranslation("team");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "accept-invite",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { displayName },
    onValidate: ({ formData }) => parseForm(formData, { schema: acceptInviteSchema }),
  });
  return (
    <FormMessages ns="team" values={{ min: PASSWORD_MIN_LENGTH }}>
      {/* Signing in loads the back-office as a whole page, with its translations (as the login form does). */}
      <Form method="post" reloadDocument {...getFormProps(form)} className="space-y-4">
        <FormErrors form={form} />
        <div className="space-y-1">
          <p className="text-sm font-medium text-slate-700">{t("accept.email")}</p>
          <p className="break-all text-slate-900">
            <bdi dir="ltr">{email}</bdi>
          </p>
          {/* For password managers: the account the new password belongs to. */}
          <input type="text" name="username" value={email} autoComplete="username" readOnly hidden />
        </div>
        <TextField field={fields.displayName} label={t("accept.name")} autoComplete="name" />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          labels={{
            password: t("accept.password"),
            hint: t("accept.passwordHint", { min: PASSWORD_MIN_LENGTH }),
            confirm: t("accept.confirmPassword"),
          }}
        />
        <Button type="submit" disabled={navigation.state === "submitting"} className="w-full">
          {navigation.state === "submitting" ? t("accept.submitting") : t("accept.submit")}
        </Button>
      </Form>
    </FormMessages>
  );
}
