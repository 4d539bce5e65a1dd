import { CheckCircle2, DollarSign, Download, TrendingUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/completed-functions";
import { Button } from "~/components/ui/button.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { StatCard } from "~/components/ui/stat-card.tsx";
import {
  CompletedFunctionsFilterForm,
  CompletedFunctionsList,
} from "~/conversations/components/completed-functions-table.tsx";
import { filterQuery, parseCompletedFunctionFilters } from "~/conversations/completed-function-filters.ts";
import { clientsWithDetails, completedFunctionsPage } from "~/conversations/completed-functions.server.ts";
import { databaseContext, envContext } from "~/context.ts";
import { isLanguage } from "~/i18n/config.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { formatCents, formatDateTime, formatNumber } from "~/lib/format.ts";
import { listClientsForPicker } from "~/models/client.server.ts";
import { recordListAccess } from "~/privacy/access-log.server.ts";
import { PRICE_LIST } from "#db/price-list.ts";

export const handle = { i18n: ["functions"] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const timeZone = context.get(envContext).TZ_DISPLAY;
  const filters = parseCompletedFunctionFilters(url.searchParams);
  const [list, clients] = await Promise.all([completedFunctionsPage(db, filters, timeZone), listClientsForPicker(db)]);
  recordListAccess(context, "view_completed_functions", clientsWithDetails(list.rows));
  return {
    title: getTranslator(context)("title", { ns: "functions" }),
    timeZone,
    filters,
    filtered: filterQuery(filters) !== "",
    clients,
    ...list,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Completed Functions"} | Alex` },
];

export default function CompletedFunctions({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("functions");
  const { rows, totals, page, pageCount, filters, filtered, clients, timeZone } = loaderData;
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  const formatDate = (date: Date) => formatDateTime(date, language, timeZone);

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        description={t("subtitle", {
          profit: formatCents(PRICE_LIST.perCompletedFunctionCents, language, PRICE_LIST.currency),
        })}
        actions={
          <Button asChild variant="secondary">
            <a href={`/admin/completed-functions/export${filterQuery(filters)}`} download>
              <Download className="h-4 w-4" aria-hidden="true" />
              {t("export")}
            </a>
          </Button>
        }
      />

      <section aria-label={t("stats.label")}>
        <ul className="grid gap-4 sm:grid-cols-3">
          <li>
            <StatCard
              title={t("stats.completed")}
              icon={CheckCircle2}
              value={formatNumber(totals.completed, language)}
            />
          </li>
          <li>
            <StatCard title={t("stats.profit")} icon={DollarSign} value={formatCents(totals.profitCents, language)} />
          </li>
          <li>
            <StatCard
              title={t("stats.average")}
              icon={TrendingUp}
              value={formatCents(Math.round(totals.averageProfitCents), language)}
            />
          </li>
        </ul>
      </section>

      <CompletedFunctionsFilterForm
        filters={filters}
        filtered={filtered}
        clearTo="/admin/completed-functions"
        clients={clients}
      />

      <CompletedFunctionsList
        rows={rows}
        total={totals.completed}
        page={page}
        pageCount={pageCount}
        filtered={filtered}
        formatDate={formatDate}
        sessionPath={(publicId) => `/admin/session/${encodeURIComponent(publicId)}`}
        provider
      />
    </div>
  );
}
