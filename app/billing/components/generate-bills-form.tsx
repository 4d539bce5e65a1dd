import { RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert.tsx";
import { Button } from "~/components/ui/button.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { SelectField } from "~/components/ui/form-fields.tsx";
import { formatPeriod } from "../format-period.ts";

type GenerateBillsFormProps = {
  /** The closed months, newest first: a month in progress is not billed before it ends. */
  periods: string[];
  clients: { id: number; businessName: string }[];
  error: string | undefined;
};

/** Generates (or recomputes) a closed month's bills now, for every client or one; the monthly job does the same for the month just ended. */
export function GenerateBillsForm({ periods, clients, error }: GenerateBillsFormProps) {
  const { t, i18n } = useTranslation("billing");
  const busy = useNavigation().formData?.get("intent") === "generate";
  return (
    <TitledCard
      id="generate-bills"
      title={t("generate.title")}
      description={t("generate.explanation")}
      className="space-y-3"
    >
      <div role="alert">
        {error ? (
          <Alert tone="error" announce={false}>
            {error}
          </Alert>
        ) : null}
      </div>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="generate" />
        <SelectField
          name="period"
          label={t("generate.period")}
          defaultValue={periods[0]}
          options={periods.map((period) => ({ value: period, label: formatPeriod(period, i18n.language) }))}
          className="min-w-48 flex-1"
        />
        <SelectField
          name="clientId"
          label={t("generate.client")}
          defaultValue=""
          placeholder={t("filters.allClients")}
          options={clients.map((client) => ({ value: String(client.id), label: client.businessName }))}
          className="min-w-48 flex-1"
        />
        <Button type="submit" disabled={busy}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          {busy ? t("generate.busy") : t("generate.submit")}
        </Button>
      </Form>
    </TitledCard>
  );
}
