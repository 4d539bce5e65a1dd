import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/components/ui/parse-form.ts";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { BILLING_CURRENCIES } from "#db/price-list.ts";
import { CLIENT_STATUSES, PLANS, SALES_STYLES } from "#db/vocabulary.ts";
import { TitledCard } from "~/components/ui/card.tsx";
import type { BusinessHours } from "~/hours/business-hours.ts";
import { BusinessHoursForm } from "./business-hours-form.tsx";
import { PersonHandoverForm, type PersonHandover } from "./person-handover-form.tsx";
import { RetentionForm, type PrivacySettings } from "./retention-form.tsx";
import { CheckboxField, FormErrors, SelectField, TextField } from "~/components/ui/form-fields.tsx";
import { CAPABILITY_GROUPS } from "../config-tabs.ts";
import { clientDetailsFormSchema } from "../details-schema.ts";
import { businessConfigFormSchema } from "../sales-config-schema.ts";
import { FormActions } from "./form-actions.tsx";
import { SitesForm, type ClientSites } from "./sites-form.tsx";
import type { SalesConfigView } from "../sales-config.server.ts";

type ClientDetails = {
  id: number;
  businessName: string;
  contactEmail: string;
  websiteDomain: string;
  licenseKey: string;
  plan: string;
  status: string;
  billingCurrency: string;
};

type GeneralTabProps = {
  client: ClientDetails;
  sites: ClientSites;
  salesConfig: SalesConfigView;
  detailsResult: SubmissionResult<string[]> | null | undefined;
  businessResult: SubmissionResult<string[]> | null | undefined;
  businessHours: { hours: BusinessHours; saved: boolean };
  hoursResult: SubmissionResult<string[]> | null | undefined;
  privacy: PrivacySettings;
  person: PersonHandover;
  personResult: SubmissionResult<string[]> | null | undefined;
  retentionResult: SubmissionResult<string[]> | null | undefined;
  sitesResult: SubmissionResult<string[]> | null | undefined;
  /** The intent of the form being saved, if any. */
  savingIntent: string | null;
};

export function GeneralTab({
  client,
  sites,
  salesConfig,
  detailsResult,
  businessResult,
  sitesResult,
  businessHours,
  hoursResult,
  privacy,
  person,
  personResult,
  retentionResult,
  savingIntent,
}: GeneralTabProps) {
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <div className="space-y-6">
        <ClientDetailsForm client={client} lastResult={detailsResult} saving={savingIntent === "details"} />
        <SitesForm sites={sites} lastResult={sitesResult} saving={savingIntent === "sites"} />
      </div>
      <BusinessConfigForm salesConfig={salesConfig} lastResult={businessResult} saving={savingIntent === "business"} />
      <BusinessHoursForm {...businessHours} lastResult={hoursResult} saving={savingIntent === "hours"} />
      <RetentionForm privacy={privacy} lastResult={retentionResult} saving={savingIntent === "retention"} />
      <PersonHandoverForm person={person} lastResult={personResult} saving={savingIntent === "person"} />
    </div>
  );
}

function ClientDetailsForm({
  client,
  lastResult,
  saving,
}: {
  client: ClientDetails;
  lastResult: GeneralTabProps["detailsResult"];
  saving: boolean;
}) {
  const { t } = useTranslation("client-config");
  const [form, fields] = useForm({
    id: "client-details-form",
    lastResult,
    defaultValue: client,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: clientDetailsFormSchema }),
  });
  return (
    <TitledCard id="client-details-title" title={t("details.title")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors form={form} />
        <TextField field={fields.businessName} label={t("details.businessName")} />
        <TextField field={fields.contactEmail} type="email" label={t("details.contactEmail")} dir="ltr" />
        <TextField field={fields.websiteDomain} label={t("details.websiteDomain")} dir="ltr" />
        <TextField
          id="license-key"
          label={t("details.licenseKey")}
          hint={t("details.licenseHint")}
          value={client.licenseKey}
          readOnly
          dir="ltr"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            field={fields.plan}
            label={t("details.plan")}
            options={PLANS.map((plan) => ({ value: plan, label: t(`plans.${plan}`) }))}
          />
          <SelectField
            field={fields.status}
            label={t("details.status")}
            options={CLIENT_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
          />
          <SelectField
            field={fields.billingCurrency}
            label={t("details.billingCurrency")}
            hint={t("details.billingCurrencyHint")}
            options={BILLING_CURRENCIES.map((currency) => ({ value: currency, label: t(`currencies.${currency}`) }))}
          />
        </div>
        <FormActions intent="details" saveLabel={t("details.save")} resetLabel={t("details.reset")} saving={saving} />
      </Form>
    </TitledCard>
  );
}

function BusinessConfigForm({
  salesConfig,
  lastResult,
  saving,
}: {
  salesConfig: SalesConfigView;
  lastResult: GeneralTabProps["businessResult"];
  saving: boolean;
}) {
  const { t } = useTranslation("client-config");
  const [form, fields] = useForm({
    id: "business-config-form",
    lastResult,
    defaultValue: {
      businessName: salesConfig.businessName,
      pricing: salesConfig.pricing,
      salesStyle: salesConfig.salesStyle,
      ...Object.fromEntries(
        Object.values(CAPABILITY_GROUPS)
          .flat()
          .map((capability) => [capability, salesConfig.alexCapabilities[capability] ? "on" : undefined]),
      ),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: businessConfigFormSchema }),
  });
  return (
    <TitledCard id="business-config-title" title={t("business.title")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors form={form} />
        <TextField field={fields.businessName} label={t("business.businessName")} />
        <TextField field={fields.pricing} label={t("business.pricing")} hint={t("business.pricingHint")} />
        <SelectField
          field={fields.salesStyle}
          label={t("business.salesStyle")}
          options={SALES_STYLES.map((style) => ({ value: style, label: t(`salesStyles.${style}`) }))}
        />
        <fieldset className="space-y-3">
          <legend className="font-semibold">{t("capabilities.title")}</legend>
          <p className="text-sm text-slate-600">{t("capabilities.explanation")}</p>
          {Object.entries(CAPABILITY_GROUPS).map(([group, capabilities]) => (
            <fieldset key={group} className="rounded-lg border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-700">{t(`capabilities.groups.${group}`)}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {capabilities.map((capability) => (
                  <CheckboxField
                    key={capability}
                    field={fields[capability]}
                    label={t(`capabilities.names.${capability}`)}
                    hint={t(`capabilities.descriptions.${capability}`)}
                  />
                ))}
              </div>
            </fieldset>
          ))}
        </fieldset>
        <FormActions
          intent="business"
          saveLabel={t("business.save")}
          resetLabel={t("business.reset")}
          saving={saving}
        />
      </Form>
    </TitledCard>
  );
}
