import { RowIcon } from "~/components/ui/row-icon.tsx";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { ResponsiveTable, type Column } from "~/components/ui/responsive-table.tsx";
import { useCodeLabels } from "~/i18n/code-labels.ts";
import type { ClientListRow } from "../clients-page.server.ts";
import { IntegrationTestButton } from "./integration-test-button.tsx";
import { ClientStatusBadge } from "./status-badge.tsx";

/** The client list: a table on wide screens, cards on a phone, each client with its actions. */
export function ClientTable({ clients }: { clients: ClientListRow[] }) {
  const { t, i18n } = useTranslation("clients");
  const labels = useCodeLabels();
  const columns: Column<ClientListRow>[] = [
    {
      key: "business",
      header: t("list.columns.business"),
      cell: (client) => (
        <div className="min-w-0">
          <Link
            to={`/admin/clients/${client.id}`}
            className="font-medium text-brand-700 hover:underline"
            aria-label={t("list.details", { name: client.businessName })}
          >
            <bdi>{client.businessName}</bdi>
          </Link>
          {client.isDemo ? (
            <Badge tone="neutral" className="ms-2">
              {t("list.demoBadge")}
            </Badge>
          ) : null}
          {client.cardOverdue ? (
            <Badge tone="danger" className="ms-2">
              {t("list.cardOverdueBadge")}
            </Badge>
          ) : null}
          <p className="text-slate-500" dir="ltr" translate="no">
            {client.websiteDomain}
          </p>
        </div>
      ),
    },
    { key: "type", header: t("list.columns.type"), cell: (client) => labels.businessType(client.businessType) },
    { key: "plan", header: t("list.columns.plan"), cell: (client) => t(`plans.${client.plan}`) },
    { key: "status", header: t("list.columns.status"), cell: (client) => <ClientStatusBadge status={client.status} /> },
    {
      key: "license",
      header: t("list.columns.license"),
      cell: (client) => (
        <code dir="ltr" className="text-xs break-all text-slate-700">
          {client.licenseKey}
        </code>
      ),
    },
    {
      key: "actions",
      header: t("list.columns.actions"),
      cell: (client) => (
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm" variant="secondary">
            <Link to={`/admin/clients/${client.id}/config`}>
              <RowIcon name="settings" />
              {t("list.configure")}
              <span className="sr-only">{client.businessName}</span>
            </Link>
          </Button>
          {/* A suspended or cancelled client's chat only says it is unavailable. */}
          {client.status === "active" ? (
            <Button asChild size="sm" variant="secondary">
              <a
                href={`/api/wordpress/chat-ui?${new URLSearchParams({ license: client.licenseKey, lang: i18n.language })}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                <RowIcon name="external-link" />
                {t("list.openChat")}
                <span className="sr-only">{t("list.openChatName", { name: client.businessName })}</span>
              </a>
            </Button>
          ) : null}
          <Button asChild size="sm" variant="secondary">
            <a href={`/api/download/plugin?clientId=${client.id}`} download>
              <RowIcon name="download" />
              {t("list.download")}
              <span className="sr-only">{client.businessName}</span>
            </a>
          </Button>
          <IntegrationTestButton clientId={client.id} businessName={client.businessName} />
        </div>
      ),
    },
  ];

  return <ResponsiveTable rows={clients} columns={columns} rowKey={(client) => client.id} label={t("list.label")} />;
}
