import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/components/ui/parse-form.ts";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { TitledCard } from "~/components/ui/card.tsx";
import { FormErrors, TextareaField, TextField } from "~/components/ui/form-fields.tsx";
import { MAX_SITE_ORIGINS } from "~/sites/site-origins.ts";
import { sitesFormSchema } from "../sites-schema.ts";
import { FormActions } from "./form-actions.tsx";

export type ClientSites = {
  /** The website domain's own origins (with its www. twin): always allowed, shown for reference. */
  domainOrigins: string[];
  allowedOrigins: string[];
  sessionsPerVisitorPerHour: number;
  sessionsPerAddressPerHour: number;
  /** Whole dollars; null: no ceiling. */
  monthlyUsageCeiling: number | null;
};

/** Which sites may show the chat, and what keeps scripted sessions from running up the bill. */
export function SitesForm({
  sites,
  lastResult,
  saving,
}: {
  sites: ClientSites;
  lastResult: SubmissionResult<string[]> | null | undefined;
  saving: boolean;
}) {
  const { t } = useTranslation("client-config");
  const [form, fields] = useForm({
    id: "client-sites-form",
    lastResult,
    defaultValue: {
      allowedOrigins: sites.allowedOrigins.join("\n"),
      sessionsPerVisitorPerHour: String(sites.sessionsPerVisitorPerHour),
      sessionsPerAddressPerHour: String(sites.sessionsPerAddressPerHour),
      monthlyUsageCeiling: sites.monthlyUsageCeiling === null ? "" : String(sites.monthlyUsageCeiling),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: sitesFormSchema }),
  });
  return (
    <TitledCard id="client-sites-title" title={t("sites.title")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors form={form} />
        <div>
          <p className="text-sm font-medium">{t("sites.fromDomain")}</p>
          <ul className="mt-1 flex flex-wrap gap-2 text-sm" aria-label={t("sites.fromDomain")}>
            {sites.domainOrigins.map((origin) => (
              <li key={origin} dir="ltr" className="rounded bg-slate-100 px-2 py-0.5 font-mono text-slate-700">
                {origin}
              </li>
            ))}
          </ul>
        </div>
        <TextareaField
          field={fields.allowedOrigins}
          label={t("sites.allowedOrigins")}
          hint={t("sites.allowedOriginsHint", { max: MAX_SITE_ORIGINS })}
          rows={4}
          dir="ltr"
          spellCheck={false}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            field={fields.sessionsPerVisitorPerHour}
            type="number"
            label={t("sites.perVisitor")}
            hint={t("sites.perVisitorHint")}
          />
          <TextField
            field={fields.sessionsPerAddressPerHour}
            type="number"
            label={t("sites.perAddress")}
            hint={t("sites.perAddressHint")}
          />
        </div>
        <TextField
          field={fields.monthlyUsageCeiling}
          type="number"
          label={t("sites.ceiling")}
          hint={t("sites.ceilingHint")}
        />
        <FormActions intent="sites" saveLabel={t("sites.save")} resetLabel={t("sites.reset")} saving={saving} />
      </Form>
    </TitledCard>
  );
}
