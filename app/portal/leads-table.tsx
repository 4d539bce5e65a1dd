import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Channel, FunctionClientDetails } from "#db/vocabulary.ts";
import { ResponsiveTable } from "~/components/ui/responsive-table.tsx";
import { FunctionDetails } from "~/conversations/components/function-details.tsx";
import { HandledCell } from "~/leads/components/handled-cell.tsx";

export type PortalLeadRow = {
  publicId: string;
  channel: Channel;
  contactDetails: FunctionClientDetails;
  startedAt: Date;
  handledAt: Date | null;
  handledByName: string | null;
};

/**
 * A business's leads: when, who (what the visitor told Alex), on which channel, their conversation,
 * and whether someone followed them up, with the button that marks it (HandledCell, the back-office's).
 */
export function PortalLeadsTable({
  rows,
  formatDate,
  conversationPath,
}: {
  rows: PortalLeadRow[];
  formatDate: (date: Date) => string;
  /** The conversation's page, or null where the person's role does not open conversations. */
  conversationPath: ((publicId: string) => string) | null;
}) {
  const { t } = useTranslation("portal-business");
  const { t: common } = useTranslation("common");
  return (
    <ResponsiveTable
      label={t("leads.title")}
      rows={rows}
      rowKey={(row) => row.publicId}
      columns={[
        {
          key: "date",
          header: t("leads.columns.date"),
          cell: (row) => (
            <time dateTime={row.startedAt.toISOString()} className="whitespace-nowrap">
              {formatDate(row.startedAt)}
            </time>
          ),
        },
        {
          key: "contact",
          header: t("leads.columns.contact"),
          cell: (row) => <FunctionDetails details={row.contactDetails} />,
          className: "min-w-48",
        },
        { key: "channel", header: t("leads.columns.channel"), cell: (row) => common(`channels.${row.channel}`) },
        ...(conversationPath
          ? [
              {
                key: "conversation",
                header: t("leads.columns.conversation"),
                cell: (row: PortalLeadRow) => (
                  <Link to={conversationPath(row.publicId)} className="text-brand-700 hover:underline">
                    {t("leads.openConversation")}
                  </Link>
                ),
              },
            ]
          : []),
        {
          key: "handled",
          header: t("leads.columns.handled"),
          cell: (row) => (
            <HandledCell
              fields={{ lead: row.publicId }}
              lead={{
                name: row.contactDetails.clientName ?? row.contactDetails.phone ?? row.contactDetails.email ?? "",
                handledAt: row.handledAt,
                handledByName: row.handledByName,
              }}
              formatDate={formatDate}
            />
          ),
        },
      ]}
    />
  );
}
