import { Download, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { ResponsiveTable, type Column } from "~/components/ui/responsive-table.tsx";
import { formatDateTime } from "~/lib/format.ts";
import type { AccessLogTab as AccessLogData } from "../access-log.server.ts";

type Row = AccessLogData["rows"][number];

/** The client page's Access log tab: who viewed or exported the client's data, newest first, paged, and its CSV. */
export function AccessLogTab({
  clientId,
  timeZone,
  accessLog,
}: {
  clientId: number;
  timeZone: string;
  accessLog: AccessLogData;
}) {
  const { t, i18n } = useTranslation("access");
  const columns: Column<Row>[] = [
    {
      key: "time",
      header: t("columns.time"),
      cell: (row) => formatDateTime(new Date(row.createdAt), i18n.language, timeZone, { seconds: true }),
      className: "whitespace-nowrap",
    },
    { key: "operator", header: t("columns.operator"), cell: (row) => <bdi>{row.operatorName}</bdi> },
    { key: "action", header: t("columns.action"), cell: (row) => t(`actions.${row.action}`) },
    {
      key: "session",
      header: t("columns.session"),
      cell: (row) =>
        row.sessionId ? (
          <Link
            to={`/admin/session/${row.sessionId}`}
            className="font-mono text-xs break-all text-brand-700 hover:underline"
            dir="ltr"
            translate="no"
          >
            {row.sessionId}
          </Link>
        ) : (
          "—"
        ),
    },
    {
      key: "address",
      header: t("columns.address"),
      cell: (row) => (
        <span dir="ltr" className="font-mono text-xs">
          {row.address}
        </span>
      ),
    },
  ];
  return (
    <TitledCard id="access-log-title" title={t("title")} description={t("description")}>
      <div className="mb-4">
        <Button asChild variant="secondary">
          <a href={`/admin/clients/${clientId}/access-log-export`} download>
            <Download className="h-4 w-4" aria-hidden="true" />
            {t("export")}
          </a>
        </Button>
      </div>
      {accessLog.rows.length === 0 ? (
        <EmptyState icon={ShieldCheck} title={t("empty")} />
      ) : (
        <>
          <ResponsiveTable rows={accessLog.rows} columns={columns} rowKey={(row) => row.id} label={t("title")} />
          <Pagination page={accessLog.page} pageCount={accessLog.pageCount} className="mt-4" />
        </>
      )}
    </TitledCard>
  );
}
