import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { CircleCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { PublicFormReply } from "~/landing/public-form.ts";
import { HoneypotField } from "./honeypot-field.tsx";
import { useFormValidation } from "~/landing/use-form-validation.ts";

type NewsletterFormProps = {
  /** The answer to a post without JavaScript that came back with errors. */
  lastResult: SubmissionResult<string[]> | undefined;
  /** How a post without JavaScript ended, after it was redirected back here. */
  outcome: "subscribed" | "already" | undefined;
};

/** The footer's newsletter box: one e-mail address, posted to /newsletter like the contact form. */
export function NewsletterForm({ lastResult, outcome }: NewsletterFormProps) {
  const { t } = useTranslation("landing");
  const fetcher = useFetcher<PublicFormReply>({ key: "newsletter" });
  const [validation, loadValidation] = useFormValidation();
  const [form, fields] = useForm({
    id: "newsletter-form",
    lastResult: fetcher.data?.result ?? lastResult,
    shouldValidate: validation ? "onBlur" : "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation ? ({ formData }) => validation.validateNewsletter(formData) : undefined,
  });
  const formErrors = (form.errors ?? []).map((key) => t(key));
  const errors = (fields.email.errors ?? []).map((key) => t(key));
  const pending = fetcher.state !== "idle";

  return (
    <div id="newsletter" className="scroll-mt-20">
      <h2 className="text-base font-semibold text-white">{t("newsletter.title")}</h2>
      <p className="mt-2 text-sm text-slate-300">{t("newsletter.text")}</p>
      {outcome ? (
        <p role="status" className="mt-4 flex items-start gap-2 rounded-lg bg-emerald-950/60 p-3 text-sm text-emerald-100">
          <CircleCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {outcome === "subscribed" ? t("newsletter.subscribed") : t("newsletter.alreadySubscribed")}
        </p>
      ) : null}
      <fetcher.Form
        method="post"
        action="/newsletter"
        {...getFormProps(form)}
        onFocus={validation ? undefined : loadValidation}
        className="relative mt-4"
      >
        <label htmlFor={fields.email.id} className="sr-only">
          {t("newsletter.email")}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            aria-invalid={errors.length > 0 || undefined}
            aria-describedby={errors.length > 0 ? fields.email.errorId : undefined}
            autoComplete="email"
            dir="ltr"
            placeholder={t("newsletter.placeholder")}
            className="h-11 min-w-0 flex-[1_1_12rem] rounded-lg border border-slate-600 bg-slate-800 px-3 text-start text-white placeholder:text-slate-400 aria-[invalid=true]:border-red-400"
          />
          <button
            type="submit"
            disabled={pending}
            className="h-11 flex-none rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
          >
            {pending ? t("newsletter.submitting") : t("newsletter.submit")}
          </button>
        </div>
        {errors.length > 0 ? (
          <p id={fields.email.errorId} className="mt-2 text-sm text-red-300">
            {errors.join(" ")}
          </p>
        ) : null}
        {formErrors.length > 0 ? (
          <p id={form.errorId} role="alert" className="mt-2 text-sm text-red-300">
            {formErrors.join(" ")}
          </p>
        ) : null}
        <HoneypotField label={t("forms.honeypot")} />
      </fetcher.Form>
    </div>
  );
}
