import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { CircleCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button.tsx";
import { FormErrors, TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { HoneypotField } from "./honeypot-field.tsx";

type NewsletterFormProps = {
  /** The answer to a post without JavaScript that came back with errors. */
  lastResult: SubmissionResult<string[]> | undefined;
  /** How a post without JavaScript ended, after it was redirected back here. */
  outcome: "subscribed" | "already" | undefined;
};

/** The footer's newsletter box: one e-mail address, a plain post to /newsletter like the contact form. */
export function NewsletterForm({ lastResult, outcome }: NewsletterFormProps) {
  const { t } = useTranslation("landing");
  const [form, fields] = useForm({ id: "newsletter-form", lastResult });

  return (
    <div id="newsletter" className="scroll-mt-20">
      <h2 className="text-base font-semibold text-white">{t("newsletter.title")}</h2>
      <p className="mt-2 text-sm text-slate-300">{t("newsletter.text")}</p>
      {outcome ? (
        <p
          role="status"
          className="mt-4 flex items-start gap-2 rounded-lg bg-emerald-950/60 p-3 text-sm text-emerald-100"
        >
          <CircleCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {outcome === "subscribed" ? t("newsletter.subscribed") : t("newsletter.alreadySubscribed")}
        </p>
      ) : null}
      <FormMessages ns="landing">
        <form method="post" action="/newsletter" {...getFormProps(form)} className="relative mt-4 space-y-2">
          <TextField
            field={fields.email}
            type="email"
            label={t("newsletter.email")}
            hideLabel
            tone="dark"
            autoComplete="email"
            dir="ltr"
            placeholder={t("newsletter.placeholder")}
            end={
              <Button
                type="submit"
                data-pending-label={t("newsletter.submitting")}
                className="flex-none px-5 font-semibold"
              >
                {t("newsletter.submit")}
              </Button>
            }
          />
          <FormErrors form={form} tone="dark" />
          <HoneypotField label={t("forms.honeypot")} />
        </form>
      </FormMessages>
    </div>
  );
}
