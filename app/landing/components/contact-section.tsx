import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Clock, Handshake, Wrench } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert.tsx";
import { Button } from "~/components/ui/button.tsx";
import { CheckboxField, FormErrors, TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { HoneypotField } from "./honeypot-field.tsx";
import { SectionHeading } from "./section-heading.tsx";

const POINTS = [
  { key: "reply", Icon: Clock },
  { key: "noCommitment", Icon: Handshake },
  { key: "setup", Icon: Wrench },
] as const;

type ContactSectionProps = {
  /** The answer to a post without JavaScript that came back with errors. */
  lastResult: SubmissionResult<string[]> | undefined;
  /** Set after a post without JavaScript was accepted and redirected back here. */
  sent: boolean;
};

export function ContactSection({ lastResult, sent }: ContactSectionProps) {
  const { t } = useTranslation("landing");
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-20 bg-white py-20 sm:py-24">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:items-start">
        <div>
          <SectionHeading
            id="contact-title"
            eyebrow={t("contact.eyebrow")}
            title={t("contact.title")}
            subtitle={t("contact.subtitle")}
            className="lg:text-start"
          />
          <ul className="mx-auto mt-8 max-w-md space-y-4 lg:mx-0">
            {POINTS.map(({ key, Icon }) => (
              <li key={key} className="flex items-center gap-3 text-slate-700">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
                {t(`contact.points.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-3xl border border-slate-200 bg-slate-50 p-6 shadow-sm sm:p-8">
          <h3 className="text-xl font-semibold text-slate-900">{t("contact.formTitle")}</h3>
          {sent ? (
            <Alert tone="success" className="mt-4">
              {t("contact.sent")}
            </Alert>
          ) : null}
          <ContactForm lastResult={lastResult} />
        </div>
      </div>
    </section>
  );
}

/**
 * A plain form post to /contact: the server checks it, and answers with this section again, its
 * errors next to the fields, or with a confirmation once it is accepted.
 */
function ContactForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("landing");
  const [form, fields] = useForm({ id: "contact-form", lastResult });

  return (
    <FormMessages ns="landing">
      <form method="post" action="/contact" {...getFormProps(form)} className="relative mt-6 space-y-4">
        <FormErrors form={form} />
        <TextField field={fields.fullName} label={t("contact.fullName")} autoComplete="name" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            field={fields.phone}
            type="tel"
            label={t("contact.phone")}
            autoComplete="tel"
            inputMode="tel"
            dir="ltr"
          />
          <TextField field={fields.email} type="email" label={t("contact.email")} autoComplete="email" dir="ltr" />
        </div>
        <CheckboxField field={fields.marketingConsent} label={t("contact.marketingConsent")} />
        <HoneypotField label={t("forms.honeypot")} />
        <Button type="submit" size="lg" data-pending-label={t("contact.submitting")} className="w-full">
          {t("contact.submit")}
        </Button>
      </form>
    </FormMessages>
  );
}
