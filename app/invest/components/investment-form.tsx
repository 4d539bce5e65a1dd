import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMemo, useState, type ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button.tsx";
import { Alert } from "~/components/ui/alert.tsx";
import { FormErrors, SelectField, TextareaField, TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import type { Language } from "~/i18n/config.ts";
import {
  EXPERTISE_AREAS,
  INQUIRY_FIELDS,
  INVESTMENT_CURRENCY,
  INVESTMENT_RANGES,
  investmentInquirySchema,
  type InquiryField,
} from "~/invest/inquiry-schema.ts";
import { formatRange } from "~/invest/money.ts";

export const INQUIRY_API_PATH = "/api/investment-inquiry";

type Outcome = { kind: "success" } | { kind: "failure" } | null;
type ServerFieldErrors = Partial<Record<InquiryField, string>>;

type InvestmentFormProps = {
  language: Language;
  /** The page action's answer when the form was posted without JavaScript. */
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The page came back from a submission posted without JavaScript: confirm it. */
  sent: boolean;
};

const isInquiryField = (name: string): name is InquiryField => (INQUIRY_FIELDS as readonly string[]).includes(name);

/**
 * Without JavaScript the form posts to the page itself. With it, it sends JSON to the inquiry API
 * and answers inline: reset on success, values kept (with the API's field messages) on failure.
 */
export function InvestmentForm({ language, lastResult, sent }: InvestmentFormProps) {
  const { t } = useTranslation("invest");
  const schema = useMemo(() => investmentInquirySchema(language), [language]);
  const [outcome, setOutcome] = useState<Outcome>(sent ? { kind: "success" } : null);
  const [serverErrors, setServerErrors] = useState<ServerFieldErrors>({});
  const [sending, setSending] = useState(false);

  const [form, fields] = useForm({
    id: "investment-inquiry",
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit: async (event, { formData }) => {
      event.preventDefault();
      setSending(true);
      setOutcome(null);
      setServerErrors({});
      const payload = Object.fromEntries(INQUIRY_FIELDS.map((name) => [name, String(formData.get(name) ?? "")]));
      try {
        const response = await fetch(INQUIRY_API_PATH, {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ ...payload, language }),
        });
        if (response.ok) {
          form.reset();
          setOutcome({ kind: "success" });
        } else {
          setServerErrors(await fieldErrorsOf(response));
          setOutcome({ kind: "failure" });
        }
      } catch {
        setOutcome({ kind: "failure" });
      } finally {
        setSending(false);
      }
    },
  });

  /** The browser's own check first; else what the API said (already in the page's language). */
  const errorsOf = (name: InquiryField) => {
    if (fields[name].errors?.length) return fields[name].errors;
    const server = serverErrors[name];
    return server ? [server] : undefined;
  };
  const currency = INVESTMENT_CURRENCY[language];
  const email = t("contact.email");

  return (
    <FormMessages ns="invest">
      <form
        method="post"
        {...getFormProps(form)}
        onInput={(event) => {
          const { name } = event.target as HTMLInputElement;
          if (isInquiryField(name) && serverErrors[name]) setServerErrors(({ [name]: _, ...rest }) => rest);
        }}
        className="space-y-5"
      >
        {outcome?.kind === "success" ? (
          <Alert tone="success" announce="alert">
            {t("form.success")}
          </Alert>
        ) : outcome?.kind === "failure" ? (
          <Alert tone="error">
            <Trans t={t} i18nKey="form.failure" values={{ email }} components={{ mail: <EmailLink email={email} /> }} />
          </Alert>
        ) : null}
        <FormErrors form={form} />

        <p className="text-sm text-slate-600">{t("form.requiredNote")}</p>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField field={fields.name} label={t("form.name")} errors={errorsOf("name")} autoComplete="name" />
          <TextField
            field={fields.email}
            type="email"
            label={t("form.email")}
            errors={errorsOf("email")}
            autoComplete="email"
            dir="ltr"
          />
          <TextField
            field={fields.phone}
            type="tel"
            label={t("form.phone")}
            errors={errorsOf("phone")}
            autoComplete="tel"
            dir="ltr"
          />
          <TextField
            field={fields.company}
            label={t("form.company")}
            errors={errorsOf("company")}
            autoComplete="organization"
          />
          <SelectField
            field={fields.investmentAmount}
            label={t("form.investmentAmount")}
            errors={errorsOf("investmentAmount")}
            placeholder={t("form.amountPlaceholder")}
            options={INVESTMENT_RANGES[language].map((range) => ({
              value: range.value,
              label: formatRange(range, currency, language, (amount) => t("form.amountAtLeast", { amount })),
            }))}
          />
          <SelectField
            field={fields.expertise}
            label={t("form.expertise")}
            errors={errorsOf("expertise")}
            placeholder={t("form.expertisePlaceholder")}
            options={EXPERTISE_AREAS.map((area) => ({ value: area, label: t(`form.expertiseOptions.${area}`) }))}
          />
          <TextareaField
            field={fields.message}
            label={t("form.message")}
            errors={errorsOf("message")}
            rows={language === "he" ? 6 : 4}
            placeholder={t("form.messagePlaceholder")}
            className="sm:col-span-2"
          />
        </div>
        <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
          {sending ? t("form.submitting") : t("form.submit")}
        </Button>
      </form>
    </FormMessages>
  );
}

function EmailLink({ email, children }: { email: string; children?: ReactNode }) {
  return (
    <a href={`mailto:${email}`} className="font-medium underline" dir="ltr">
      {children}
    </a>
  );
}

/** The API's per-field messages, already in the page's language; anything unreadable gives none. */
async function fieldErrorsOf(response: Response): Promise<ServerFieldErrors> {
  try {
    const body: unknown = await response.json();
    const fields = (body as { fields?: unknown } | null)?.fields;
    if (!fields || typeof fields !== "object") return {};
    return Object.fromEntries(
      Object.entries(fields).filter(([name, message]) => isInquiryField(name) && typeof message === "string"),
    ) as ServerFieldErrors;
  } catch {
    return {};
  }
}
