import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, type FetcherWithComponents } from "react-router";
import { loginSchema } from "~/auth/login-schema.ts";
import { Button } from "~/components/ui/button.tsx";
import { Field, Input } from "~/components/ui/field.tsx";

type FormComponentType = typeof Form | FetcherWithComponents<unknown>["Form"];

type LoginFormProps = {
  id: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  redirectTo?: string;
  pending?: boolean;
  /** The page posts with <Form>; the landing modal with a fetcher's Form, so it stays open on errors. */
  FormComponent?: FormComponentType;
  secondaryAction?: ReactNode;
};

export function LoginForm({ id, lastResult, redirectTo, pending, FormComponent = Form, secondaryAction }: LoginFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const translate = (errors: string[] | undefined) => errors?.map((key) => t(key));

  return (
    <FormComponent method="post" action="/login" {...getFormProps(form)} className="space-y-4">
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {translate(form.errors)?.join(" ")}
        </p>
      ) : null}
      <Field label={t("login.username")} errors={translate(fields.username.errors)}>
        {(control) => (
          <Input
            {...getInputProps(fields.username, { type: "text" })}
            {...control}
            key={fields.username.key}
            autoComplete="username"
            dir="ltr"
          />
        )}
      </Field>
      <Field label={t("login.password")} errors={translate(fields.password.errors)}>
        {(control) => (
          <Input
            {...getInputProps(fields.password, { type: "password" })}
            {...control}
            key={fields.password.key}
            autoComplete="current-password"
            dir="ltr"
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending} className="min-w-24">
          {pending ? t("login.submitting") : t("login.submit")}
        </Button>
        {secondaryAction}
      </div>
    </FormComponent>
  );
}
