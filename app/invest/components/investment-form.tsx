import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button.tsx";
import { Alert } from "~/components/ui/alert.tsx";
import { FormErrors, SelectField, TextareaField, TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import type { Language } from "~/i18n/config.ts";
import {
  EXPERTISE_AREAS,
  INVESTMENT_CURRENCY,
  INVESTMENT_RANGES,
  investmentInquirySchema,
} from "~/invest/inquiry-schema.ts";
import { formatRange } from "~/invest/money.ts";

type InvestmentFormProps = {
  language: Language;
  /** The page action's answer when the form came back with errors. */
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The page came back from an accepted submission: confirm it. */
  sent: boolean;
};

/**
 * A plain post to the page itself, checked by the same schema as the inquiry API: the page comes
 * back with the errors next to the fields, or, once accepted, empty and confirming.
 */
export function InvestmentForm({ language, lastResult, sent }: InvestmentFormProps) {
  const { t } = useTranslation("invest");
  const [form, fields] = useForm({
    id: "investment-inquiry",
    lastResult,
    constraint: getZodConstraint(investmentInquirySchema(language)),
  });
  const currency = INVESTMENT_CURRENCY[language];

  return (
    <FormMessages ns="invest">
      <form method="post" {...getFormProps(form)} className="space-y-5">
        {sent ? (
          <Alert tone="success" announce="alert">
            {t("form.success")}
          </Alert>
        ) : null}
        <FormErrors form={form} />

        <p className="text-sm text-slate-600">{t("form.requiredNote")}</p>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField field={fields.name} label={t("form.name")} autoComplete="name" />
          <TextField field={fields.email} type="email" label={t("form.email")} autoComplete="email" dir="ltr" />
          <TextField field={fields.phone} type="tel" label={t("form.phone")} autoComplete="tel" dir="ltr" />
          <TextField field={fields.company} label={t("form.company")} autoComplete="organization" />
          <SelectField
            field={fields.investmentAmount}
            label={t("form.investmentAmount")}
            placeholder={t("form.amountPlaceholder")}
            options={INVESTMENT_RANGES[language].map((range) => ({
              value: range.value,
              label: formatRange(range, currency, language, (amount) => t("form.amountAtLeast", { amount })),
            }))}
          />
          <SelectField
            field={fields.expertise}
            label={t("form.expertise")}
            placeholder={t("form.expertisePlaceholder")}
            options={EXPERTISE_AREAS.map((area) => ({ value: area, label: t(`form.expertiseOptions.${area}`) }))}
          />
          <TextareaField
            field={fields.message}
            label={t("form.message")}
            rows={language === "he" ? 6 : 4}
            placeholder={t("form.messagePlaceholder")}
            className="sm:col-span-2"
          />
        </div>
        <Button type="submit" size="lg" data-pending-label={t("form.submitting")} className="w-full sm:w-auto">
          {t("form.submit")}
        </Button>
      </form>
    </FormMessages>
  );
}
