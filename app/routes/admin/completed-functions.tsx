import { CheckCircle2, DollarSign, Download, Inbox, TrendingUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { Route } from "./+types/completed-functions";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { SelectField, TextField } from "~/components/ui/form-fields.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { ResponsiveTable } from "~/components/ui/responsive-table.tsx";
import { StatCard } from "~/components/ui/stat-card.tsx";
import { FunctionDetails } from "~/conversations/components/function-details.tsx";
import {
  filterQuery,
  FUNCTIONS_PAGE_SIZE,
  parseCompletedFunctionFilters,
} from "~/conversations/completed-function-filters.ts";
import { clientsWithDetails, completedFunctionsPage } from "~/conversations/completed-functions.server.ts";
import { databaseContext, envContext } from "~/context.ts";
import { isLanguage } from "~/i18n/config.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { formatCents, formatDateTime, formatNumber } from "~/lib/format.ts";
import { listClientsForPicker } from "~/models/client.server.ts";
import { recordListAccess } from "~/privacy/access-log.server.ts";
import { PRICE_LIST } from "#db/price-list.ts";
import { FUNCTION_TYPES } from "#db/vocabulary.ts";

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
  const first = (page - 1) * FUNCTIONS_PAGE_SIZE + 1;

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

      <Card>
        <Form method="get" aria-label={t("filters.label")} className="flex flex-wrap items-end gap-3">
          <SelectField
            label={t("filters.client")}
            name="clientId"
            defaultValue={filters.clientId === undefined ? "" : String(filters.clientId)}
            placeholder={t("filters.allClients")}
            options={clients.map((client) => ({ value: String(client.id), label: client.businessName }))}
            className="min-w-0 flex-1 basis-56"
          />
          <SelectField
            label={t("filters.type")}
            name="type"
            defaultValue={filters.type ?? ""}
            placeholder={t("filters.allTypes")}
            options={FUNCTION_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            className="min-w-0 flex-1 basis-56"
          />
          <TextField
            type="date"
            label={t("filters.from")}
            name="from"
            defaultValue={filters.from ?? ""}
            className="basis-40"
          />
          <TextField
            type="date"
            label={t("filters.to")}
            name="to"
            defaultValue={filters.to ?? ""}
            className="basis-40"
          />
          <div className="flex gap-2">
            <Button type="submit">{t("filters.apply")}</Button>
            {filtered ? (
              <Button asChild variant="ghost">
                <Link to="/admin/completed-functions">{t("filters.clear")}</Link>
              </Button>
            ) : null}
          </div>
        </Form>
      </Card>

      <section aria-labelledby="functions-list-title" className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className="border-b border-slate-200 p-4">
          <h2 id="functions-list-title" className="text-lg font-semibold">
            {t("listTitle")}
          </h2>
          {rows.length > 0 ? (
            <p className="text-sm text-slate-600">
              {t("showing", {
                from: formatNumber(first, language),
                to: formatNumber(first + rows.length - 1, language),
                total: formatNumber(totals.completed, language),
              })}
            </p>
          ) : null}
        </div>
        {rows.length === 0 ? (
          <EmptyState icon={Inbox} title={t(filtered ? "emptyFiltered" : "empty")} />
        ) : (
          <ResponsiveTable
            label={t("listTitle")}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              {
                key: "completedAt",
                header: t("columns.completedAt"),
                cell: (row) => (
                  <time dateTime={row.completedAt.toISOString()} className="whitespace-nowrap">
                    {formatDate(row.completedAt)}
                  </time>
                ),
              },
              {
                key: "functionType",
                header: t("columns.functionType"),
                cell: (row) => t(`types.${row.functionType}`),
                className: "font-medium",
              },
              { key: "client", header: t("columns.client"), cell: (row) => <bdi>{row.businessName}</bdi> },
              {
                key: "session",
                header: t("columns.session"),
                cell: (row) =>
                  row.sessionPublicId ? (
                    <Link
                      to={`/admin/session/${encodeURIComponent(row.sessionPublicId)}`}
                      title={row.sessionPublicId}
                      className="font-mono text-xs text-brand-700 hover:underline"
                      dir="ltr"
                      translate="no"
                    >
                      {row.sessionPublicId.slice(0, 20)}
                    </Link>
                  ) : (
                    <span className="text-slate-500">{t("noSession")}</span>
                  ),
              },
              {
                key: "details",
                header: t("columns.details"),
                cell: (row) => <FunctionDetails details={row.clientDetails} />,
                className: "min-w-48",
              },
              {
                key: "profit",
                header: t("columns.profit"),
                cell: (row) => (
                  <bdi className="whitespace-nowrap font-medium text-emerald-700">
                    {formatCents(row.profitCents, language)}
                  </bdi>
                ),
              },
            ]}
          />
        )}
        <Pagination page={page} pageCount={pageCount} className="border-t border-slate-200 p-3" />
      </section>
    </div>
  );
}
