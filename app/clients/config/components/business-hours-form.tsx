import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/components/ui/parse-form.ts";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { TitledCard } from "~/components/ui/card.tsx";
import { CheckboxField, FormErrors, TextField } from "~/components/ui/form-fields.tsx";
import type { BusinessHours } from "~/hours/business-hours.ts";
import { businessHoursFormSchema, businessHoursFormValues } from "~/hours/business-hours-schema.ts";
import { FormActions } from "./form-actions.tsx";

type BusinessHoursFormProps = {
  hours: BusinessHours;
  /** False until the client saves its hours: till then Alex does not speak of them. */
  saved: boolean;
  lastResult: SubmissionResult<string[]> | null | undefined;
  saving: boolean;
};

/**
 * When the business is open, Sunday to Saturday, and whether Israeli holidays close it. Outside these
 * hours Alex tells visitors when the business opens and takes their details for a call back.
 */
export function BusinessHoursForm({ hours, saved, lastResult, saving }: BusinessHoursFormProps) {
  const { t } = useTranslation("client-config");
  const [form, fields] = useForm({
    id: "business-hours-form",
    lastResult,
    defaultValue: businessHoursFormValues(hours),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: businessHoursFormSchema }),
  });
  const days = fields.days.getFieldList();
  return (
    <TitledCard id="business-hours-title" title={t("hours.title")}>
      <Form method="post" {...getFormProps(form)} preventScrollReset className="space-y-4">
        <p className="text-sm text-slate-600">{t("hours.explanation")}</p>
        {saved ? null : <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("hours.notSet")}</p>}
        <FormErrors form={form} />
        <FormErrors form={fields.days} />
        {days.map((day, index) => {
          const row = day.getFieldset();
          const name = t(`hours.weekdays.${index}`);
          return (
            <fieldset key={day.key} className="rounded-lg border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-700">{name}</legend>
              <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-[auto_1fr_1fr]">
                <div className="col-span-2 sm:col-span-1">
                  <CheckboxField field={row.open} label={t("hours.openThatDay", { day: name })} />
                </div>
                <TextField field={row.opens} type="time" label={t("hours.opens")} dir="ltr" />
                <TextField field={row.closes} type="time" label={t("hours.closes")} dir="ltr" />
              </div>
            </fieldset>
          );
        })}
        <CheckboxField
          field={fields.closedOnHolidays}
          label={t("hours.closedOnHolidays")}
          hint={t("hours.closedOnHolidaysHint")}
        />
        <FormActions intent="hours" saveLabel={t("hours.save")} resetLabel={t("hours.reset")} saving={saving} />
      </Form>
    </TitledCard>
  );
}
