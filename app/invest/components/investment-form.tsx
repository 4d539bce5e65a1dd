import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import clsx from "clsx";
import { CheckCircle2, CircleAlert } from "lucide-react";
import { useMemo, useState, type ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button.tsx";
import { Field, Input, NativeSelect, Textarea } from "~/components/ui/field.tsx";
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

  const errorsOf = (name: InquiryField) => {
    const own = fields[name].errors?.map((key) => t(key));
    if (own?.length) return own;
    const server = serverErrors[name];
    return server ? [server] : undefined;
  };
  const currency = INVESTMENT_CURRENCY[language];
  const email = t("contact.email");

  return (
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
        <Alert tone="success">{t("form.success")}</Alert>
      ) : outcome?.kind === "failure" ? (
        <Alert tone="error">
          <Trans
            t={t}
            i18nKey="form.failure"
            values={{ email }}
            components={{ mail: <EmailLink email={email} /> }}
          />
        </Alert>
      ) : null}
      {form.errors?.length ? <Alert tone="error">{form.errors.map((key) => t(key)).join(" ")}</Alert> : null}

      <p className="text-sm text-slate-600">{t("form.requiredNote")}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={<Required>{t("form.name")}</Required>} errors={errorsOf("name")}>
          {(control) => <Input {...getInputProps(fields.name, { type: "text" })} {...control} key={fields.name.key} autoComplete="name" />}
        </Field>
        <Field label={<Required>{t("form.email")}</Required>} errors={errorsOf("email")}>
          {(control) => (
            <Input {...getInputProps(fields.email, { type: "email" })} {...control} key={fields.email.key} autoComplete="email" dir="ltr" />
          )}
        </Field>
        <Field label={t("form.phone")} errors={errorsOf("phone")}>
          {(control) => (
            <Input {...getInputProps(fields.phone, { type: "tel" })} {...control} key={fields.phone.key} autoComplete="tel" dir="ltr" />
          )}
        </Field>
        <Field label={t("form.company")} errors={errorsOf("company")}>
          {(control) => (
            <Input {...getInputProps(fields.company, { type: "text" })} {...control} key={fields.company.key} autoComplete="organization" />
          )}
        </Field>
        <Field label={<Required>{t("form.investmentAmount")}</Required>} errors={errorsOf("investmentAmount")}>
          {(control) => (
            <NativeSelect {...getSelectProps(fields.investmentAmount)} {...control} key={fields.investmentAmount.key}>
              <option value="">{t("form.amountPlaceholder")}</option>
              {INVESTMENT_RANGES[language].map((range) => (
                <option key={range.value} value={range.value}>
                  {formatRange(range, currency, language, (amount) => t("form.amountAtLeast", { amount }))}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={t("form.expertise")} errors={errorsOf("expertise")}>
          {(control) => (
            <NativeSelect {...getSelectProps(fields.expertise)} {...control} key={fields.expertise.key}>
              <option value="">{t("form.expertisePlaceholder")}</option>
              {EXPERTISE_AREAS.map((area) => (
                <option key={area} value={area}>
                  {t(`form.expertiseOptions.${area}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={t("form.message")} errors={errorsOf("message")} className="sm:col-span-2">
          {(control) => (
            <Textarea
              {...getTextareaProps(fields.message)}
              {...control}
              key={fields.message.key}
              rows={language === "he" ? 6 : 4}
              placeholder={t("form.messagePlaceholder")}
            />
          )}
        </Field>
      </div>
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
        {sending ? t("form.submitting") : t("form.submit")}
      </Button>
    </form>
  );
}

function Required({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <span aria-hidden="true" className="ms-0.5 text-red-600">
        *
      </span>
    </>
  );
}

function EmailLink({ email, children }: { email: string; children?: ReactNode }) {
  return (
    <a href={`mailto:${email}`} className="font-medium underline" dir="ltr">
      {children}
    </a>
  );
}

function Alert({ tone, children }: { tone: "success" | "error"; children: ReactNode }) {
  const Icon = tone === "success" ? CheckCircle2 : CircleAlert;
  return (
    <div
      role="alert"
      className={clsx(
        "flex items-start gap-3 rounded-lg border p-4 text-sm",
        tone === "success" ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-red-300 bg-red-50 text-red-900",
      )}
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <p>{children}</p>
    </div>
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
