import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert } from "~/components/ui/alert.tsx";
import { formatCents } from "~/lib/format.ts";
import type { ClientPageData } from "../client-page.server.ts";

/**
 * Above every tab of the client page: this month's usage charges are near the client's ceiling, or
 * reached it (new conversations wait, nothing more is billed). Silent below 80 % and without a ceiling.
 */
export function UsageCeilingAlert({
  clientId,
  ceiling,
}: {
  clientId: number;
  ceiling: ClientPageData["usageCeiling"];
}) {
  const { t, i18n } = useTranslation("clients");
  if (!ceiling || ceiling.state === "ok") return null;
  const values = {
    charged: formatCents(ceiling.chargedCents, i18n.language),
    ceiling: formatCents(ceiling.ceilingCents, i18n.language),
  };
  return (
    <Alert tone={ceiling.state === "reached" ? "error" : "warning"} title={t(`detail.ceiling.${ceiling.state}Title`)}>
      <p>{t(`detail.ceiling.${ceiling.state}`, values)}</p>
      <Link to={`/admin/clients/${clientId}/config`} className="font-medium underline">
        {t("detail.ceiling.change")}
      </Link>
    </Alert>
  );
}
