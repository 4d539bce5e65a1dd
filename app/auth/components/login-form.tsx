import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/components/ui/parse-form.ts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { loginSchema } from "~/auth/login-schema.ts";
import { Button } from "~/components/ui/button.tsx";
import { FormErrors, TextField } from "~/components/ui/form-fields.tsx";

type LoginFormProps = {
  id: string;
  /** Where it posts: /login, with `?lng=` from a page whose language should carry over. */
  action?: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  redirectTo?: string;
  pending?: boolean;
  secondaryAction?: ReactNode;
  /** Under the password: the way to a lost password's reset (the sign-in page's link to /forgot-password). */
  forgotPassword?: ReactNode;
};

export function LoginForm({
  id,
  action = "/login",
  lastResult,
  redirectTo,
  pending,
  secondaryAction,
  forgotPassword,
}: LoginFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: loginSchema }),
  });

  return (
    // A sign-in loads the back-office as a whole page, with its translations: a client-side move from
    // here showed the shell's keys (shell.title, nav.clients) until its namespace had loaded.
    <Form method="post" action={action} reloadDocument {...getFormProps(form)} className="space-y-4">
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <FormErrors form={form} />
      <TextField field={fields.username} label={t("login.username")} autoComplete="username" dir="ltr" />
      <TextField
        field={fields.password}
        type="password"
        label={t("login.password")}
        autoComplete="current-password"
        dir="ltr"
      />
      {forgotPassword ? <p className="-mt-2 text-sm">{forgotPassword}</p> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending} className="min-w-24">
          {pending ? t("login.submitting") : t("login.submit")}
        </Button>
        {secondaryAction}
      </div>
    </Form>
  );
}
