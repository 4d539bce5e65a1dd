import { UploadCloud } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, TitledCard } from "~/components/ui/card.tsx";
import { WORDPRESS_ENDPOINTS, type CheckKind } from "../connection-result.ts";
import type { SystemStatusPageData } from "../system-status-page.server.ts";
import { ActionButton, type ActionFields } from "./system-status-actions.tsx";
import { WordPressConnectionForm } from "./wordpress-connection-form.tsx";

type SiteTestTabProps = Pick<SystemStatusPageData, "client" | "connection"> & {
  hidden: ActionFields;
  busy: boolean;
  /** The history card of one check, as the Connections tab shows it. */
  checkCard: (kind: CheckKind) => ReactNode;
};

/** The WordPress tab: the site and endpoints the checks call, their buttons, and the connection they use. */
export function WordPressTestTab({
  site,
  client,
  connection,
  hidden,
  busy,
  checkCard,
}: SiteTestTabProps & Pick<SystemStatusPageData, "site">) {
  const { t } = useTranslation("checks");
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TitledCard
        id="wordpress-test-title"
        title={t("tabs.wordpress")}
        description={t("wordpressTab.intro")}
        className="space-y-4"
      >
        {site ? (
          <p className="text-sm text-slate-700">
            {t("wordpressTab.site")}:{" "}
            <code dir="ltr" className="break-all">
              {site.url}
            </code>{" "}
            ({site.fromConnection ? t("wordpressTab.siteFromConnection") : t("wordpressTab.siteFromDomain")})
          </p>
        ) : null}
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">{t("wordpressTab.endpoints")}</h3>
          <ul className="space-y-1 text-sm">
            {WORDPRESS_ENDPOINTS.map((endpoint) => (
              <li key={`${endpoint.method} ${endpoint.route}`} dir="ltr" className="text-start break-all">
                <span className="font-mono font-semibold">{endpoint.method}</span>{" "}
                <code>{site ? `${site.url}/wp-json${endpoint.route}` : `/wp-json${endpoint.route}`}</code>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-2">
          <ActionButton intent="check" kind="wordpress" hidden={hidden} busy={busy}>
            {t("wordpressTab.run")}
          </ActionButton>
          <ActionButton intent="check" kind="hivepress" hidden={hidden} busy={busy} variant="secondary">
            {t("wordpressTab.runHivePress")}
          </ActionButton>
        </div>
      </TitledCard>
      {client ? (
        <TitledCard id="wordpress-connection-title" title={t("connection.title")} className="space-y-3">
          <WordPressConnectionForm clientId={client.id} connection={connection} lastResult={undefined} />
        </TitledCard>
      ) : null}
      {checkCard("wordpress")}
      {checkCard("hivepress")}
    </div>
  );
}

/** The Upload tab: the upload check, whether the credentials it needs are set, and the way to set them. */
export function UploadTestTab({ client, connection, hidden, busy, checkCard }: SiteTestTabProps) {
  const { t } = useTranslation("checks");
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card aria-labelledby="upload-test-title" className="space-y-4">
        <h2 id="upload-test-title" className="flex items-center gap-2 text-lg font-semibold">
          <UploadCloud className="h-5 w-5 text-brand-600" aria-hidden="true" />
          {t("tabs.upload")}
        </h2>
        <p className="text-sm text-slate-700">{t("uploadTab.intro")}</p>
        {client ? (
          <p className="text-sm text-slate-700">
            {t("wordpressTab.credentials")}:{" "}
            {connection?.passwordSet
              ? t("wordpressTab.credentialsSet", { username: connection.username })
              : t("wordpressTab.credentialsMissing")}{" "}
            ·{" "}
            <Link
              to={`/admin/system-status?clientId=${client.id}&tab=wordpress`}
              className="font-medium text-brand-700 underline"
            >
              {t("wordpressTab.editConnection")}
            </Link>
          </p>
        ) : null}
        <ActionButton intent="check" kind="upload" hidden={hidden} busy={busy}>
          {t("uploadTab.run")}
        </ActionButton>
      </Card>
      {checkCard("upload")}
    </div>
  );
}
