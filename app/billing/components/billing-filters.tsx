import { Filter } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { SelectField } from "~/components/ui/form-fields.tsx";
import { BILLING_STATUS_FILTERS } from "../billing-schema.ts";
import { formatPeriod } from "../format-period.ts";

type BillingFiltersProps = {
  clients: { id: number; businessName: string }[];
  periods: string[];
  filter: { clientId?: number; period?: string; status?: string };
};

/** A GET form: the filters live in the URL, so a filtered view can be bookmarked and works without JavaScript. */
export function BillingFilters({ clients, periods, filter }: BillingFiltersProps) {
  const { t, i18n } = useTranslation("billing");
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("filters.title")}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <SelectField
        name="clientId"
        label={t("filters.client")}
        defaultValue={filter.clientId ? String(filter.clientId) : ""}
        placeholder={t("filters.allClients")}
        options={clients.map((client) => ({ value: String(client.id), label: client.businessName }))}
        className="min-w-48 flex-1"
      />
      <SelectField
        name="period"
        label={t("filters.period")}
        defaultValue={filter.period ?? ""}
        placeholder={t("filters.allPeriods")}
        options={periods.map((period) => ({ value: period, label: formatPeriod(period, i18n.language) }))}
        className="min-w-40 flex-1"
      />
      <SelectField
        name="status"
        label={t("filters.status")}
        defaultValue={filter.status ?? ""}
        placeholder={t("filters.allStatuses")}
        options={BILLING_STATUS_FILTERS.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        className="min-w-36 flex-1"
      />
      <Button type="submit" variant="secondary">
        <Filter className="h-4 w-4" aria-hidden="true" />
        {t("filters.apply")}
      </Button>
    </Form>
  );
}
