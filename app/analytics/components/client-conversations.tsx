import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { ResponsiveTable } from "~/components/ui/responsive-table.tsx";
import type { Language } from "~/i18n/config.ts";
import { formatNumber, formatPercentChange, percentChange } from "~/lib/format.ts";
import type { Analytics } from "../analytics.server.ts";

/** Every client's conversations in the period and in the one before. */
export function ClientConversations({ analytics, language }: { analytics: Analytics; language: Language }) {
  const { t } = useTranslation("analytics");
  return (
    <section aria-labelledby="client-conversations" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 id="client-conversations" className="border-b border-slate-200 p-4 text-lg font-semibold">
        {t("clients.title")}
      </h2>
      {analytics.clients.length === 0 ? (
        <EmptyState title={t("clients.empty")} />
      ) : (
        <ResponsiveTable
          label={t("clients.title")}
          rows={analytics.clients}
          rowKey={(client) => client.clientId}
          columns={[
            {
              key: "client",
              header: t("clients.client"),
              cell: (client) => <bdi className="font-medium">{client.businessName}</bdi>,
            },
            {
              key: "current",
              header: t("clients.current"),
              cell: (client) => formatNumber(client.conversations.current, language),
            },
            {
              key: "previous",
              header: t("clients.previous"),
              cell: (client) => formatNumber(client.conversations.previous, language),
            },
            {
              key: "change",
              header: t("clients.change"),
              cell: (client) => {
                const change = percentChange(client.conversations.current, client.conversations.previous);
                return (
                  <span dir="ltr" className="tabular-nums">
                    {change === null ? t("noData") : formatPercentChange(change, language)}
                  </span>
                );
              },
            },
          ]}
        />
      )}
    </section>
  );
}
