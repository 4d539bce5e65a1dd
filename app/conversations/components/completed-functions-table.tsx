import { Inbox } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { FUNCTION_TYPES } from "#db/vocabulary.ts";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { SelectField, TextField } from "~/components/ui/form-fields.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { ResponsiveTable, type Column } from "~/components/ui/responsive-table.tsx";
import { formatCents, formatNumber } from "~/lib/format.ts";
import { FUNCTIONS_PAGE_SIZE, type CompletedFunctionFilters } from "../completed-function-filters.ts";
import type { CompletedFunctionRow } from "~/models/completed-function.server.ts";
import { FunctionDetails } from "./function-details.tsx";

/** A row as both lists have it; the provider's columns read the client's name and the profit when given. */
export type CompletedFunctionListRow = Pick<
  CompletedFunctionRow,
  "id" | "sessionPublicId" | "functionType" | "clientDetails" | "completedAt"
> &
  Partial<Pick<CompletedFunctionRow, "businessName" | "profitCents">>;

/**
 * The completed functions list: when, what, the conversation, what the visitor told. The back-office
 * shows every client's with the client and the provider's profit; a business's portal its own alone.
 */
export function CompletedFunctionsTable({
  rows,
  formatDate,
  sessionPath,
  provider,
}: {
  rows: CompletedFunctionListRow[];
  formatDate: (date: Date) => string;
  /** A conversation's page (the back-office's or the portal's), or null where the person may not open it. */
  sessionPath: ((publicId: string) => string) | null;
  /** The provider's columns: the client and the profit. */
  provider: boolean;
}) {
  const { t, i18n } = useTranslation("functions");
  const columns: (Column<CompletedFunctionListRow> | false)[] = [
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
    provider && { key: "client", header: t("columns.client"), cell: (row) => <bdi>{row.businessName}</bdi> },
    {
      key: "session",
      header: t("columns.session"),
      cell: (row) =>
        !row.sessionPublicId ? (
          <span className="text-slate-500">{t("noSession")}</span>
        ) : sessionPath ? (
          <Link
            to={sessionPath(row.sessionPublicId)}
            title={row.sessionPublicId}
            className="font-mono text-xs text-brand-700 hover:underline"
            dir="ltr"
            translate="no"
          >
            {row.sessionPublicId.slice(0, 20)}
          </Link>
        ) : (
          <span className="font-mono text-xs" dir="ltr" translate="no">
            {row.sessionPublicId.slice(0, 20)}
          </span>
        ),
    },
    {
      key: "details",
      header: t("columns.details"),
      cell: (row) => <FunctionDetails details={row.clientDetails} />,
      className: "min-w-48",
    },
    provider && {
      key: "profit",
      header: t("columns.profit"),
      cell: (row) => (
        <bdi className="whitespace-nowrap font-medium text-emerald-700">
          {formatCents(row.profitCents ?? 0, i18n.language)}
        </bdi>
      ),
    },
  ];
  return (
    <ResponsiveTable
      label={t("listTitle")}
      rows={rows}
      rowKey={(row) => row.id}
      columns={columns.filter((column): column is Column<CompletedFunctionListRow> => column !== false)}
    />
  );
}

/**
 * The list's filters, a GET form: the client (the back-office's, when `clients` is given), the type
 * and the days; `clearTo` is the unfiltered page.
 */
export function CompletedFunctionsFilterForm({
  filters,
  filtered,
  clearTo,
  clients,
}: {
  filters: CompletedFunctionFilters;
  filtered: boolean;
  clearTo: string;
  clients?: { id: number; businessName: string }[];
}) {
  const { t } = useTranslation("functions");
  return (
    <Card>
      <Form method="get" aria-label={t("filters.label")} className="flex flex-wrap items-end gap-3">
        {clients ? (
          <SelectField
            label={t("filters.client")}
            name="clientId"
            defaultValue={filters.clientId === undefined ? "" : String(filters.clientId)}
            placeholder={t("filters.allClients")}
            options={clients.map((client) => ({ value: String(client.id), label: client.businessName }))}
            className="min-w-0 flex-1 basis-56"
          />
        ) : null}
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
        <TextField type="date" label={t("filters.to")} name="to" defaultValue={filters.to ?? ""} className="basis-40" />
        <div className="flex gap-2">
          <Button type="submit">{t("filters.apply")}</Button>
          {filtered ? (
            <Button asChild variant="ghost">
              <Link to={clearTo}>{t("filters.clear")}</Link>
            </Button>
          ) : null}
        </div>
      </Form>
    </Card>
  );
}

/** One page of the list under its heading ("showing 1–25 of 80"), or what it shows when empty, and the pages. */
export function CompletedFunctionsList({
  rows,
  total,
  page,
  pageCount,
  filtered,
  ...table
}: {
  rows: CompletedFunctionListRow[];
  total: number;
  page: number;
  pageCount: number;
  filtered: boolean;
  formatDate: (date: Date) => string;
  sessionPath: ((publicId: string) => string) | null;
  provider: boolean;
}) {
  const { t, i18n } = useTranslation("functions");
  const first = (page - 1) * FUNCTIONS_PAGE_SIZE + 1;
  return (
    <section aria-labelledby="functions-list-title" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 p-4">
        <h2 id="functions-list-title" className="text-lg font-semibold">
          {t("listTitle")}
        </h2>
        {rows.length > 0 ? (
          <p className="text-sm text-slate-600">
            {t("showing", {
              from: formatNumber(first, i18n.language),
              to: formatNumber(first + rows.length - 1, i18n.language),
              total: formatNumber(total, i18n.language),
            })}
          </p>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <EmptyState icon={Inbox} title={t(filtered ? "emptyFiltered" : "empty")} />
      ) : (
        <CompletedFunctionsTable rows={rows} {...table} />
      )}
      <Pagination page={page} pageCount={pageCount} className="border-t border-slate-200 p-3" />
    </section>
  );
}
