import { CHAT_API_PATHS } from "~/conversations/chat-contract.ts";
import { useTranslation } from "react-i18next";
import { TitledCard } from "~/components/ui/card.tsx";
import { CopyButton } from "~/components/ui/copy-button.tsx";
import { WordPressConnectionForm } from "~/checks/components/wordpress-connection-form.tsx";
import type { WordPressConnectionView } from "~/checks/wordpress-connection-schema.ts";

type ApiTabProps = {
  client: { id: number; licenseKey: string; websiteDomain: string };
  serverUrl: string;
  pluginVersion: string;
  wordpressConnection: WordPressConnectionView;
};

/**
 * The API tab: what the client's plugin uses, read-only, and the WordPress connection the system
 * checks reach the client's site with (site URL, user, Application Password).
 */
export function ApiTab({ client, serverUrl, pluginVersion, wordpressConnection }: ApiTabProps) {
  const { t } = useTranslation("client-config");
  const { t: tChecks } = useTranslation("checks");
  const license = encodeURIComponent(client.licenseKey);
  const rows = [
    { label: t("apiTab.licenseKey"), value: client.licenseKey, copy: true },
    {
      label: t("apiTab.chatUi"),
      value: `${serverUrl}${CHAT_API_PATHS.chatUi}?license=${license}`,
    },
    {
      label: t("apiTab.messages"),
      value: `POST ${serverUrl}${CHAT_API_PATHS.messages}`,
    },
    {
      label: t("apiTab.listings"),
      value: `${siteOf(wordpressConnection?.siteUrl ?? client.websiteDomain)}/wp-json/alex/v1/listings`,
      hint: t("apiTab.listingsHint"),
    },
    {
      label: t("apiTab.plugin"),
      value: `${serverUrl}/api/download/plugin?clientId=${client.id} (v${pluginVersion})`,
    },
  ];
  return (
    <div className="space-y-6">
      <TitledCard id="api-tab-title" title={t("apiTab.title")} description={t("apiTab.intro")}>
        <dl className="space-y-4">
          {rows.map((row) => (
            <div key={row.label}>
              <dt className="text-sm font-medium text-slate-900">{row.label}</dt>
              <dd className="mt-1 flex flex-wrap items-center gap-2">
                <code dir="ltr" className="rounded bg-slate-100 px-2 py-1 text-sm break-all text-slate-900">
                  {row.value}
                </code>
                {row.copy ? <CopyButton text={row.value} label={row.label} /> : null}
                {row.hint ? <p className="basis-full text-xs text-slate-600">{row.hint}</p> : null}
              </dd>
            </div>
          ))}
        </dl>
      </TitledCard>
      <TitledCard id="wordpress-connection-title" title={tChecks("connection.title")}>
        <WordPressConnectionForm clientId={client.id} connection={wordpressConnection} lastResult={undefined} />
      </TitledCard>
    </div>
  );
}

function siteOf(websiteDomain: string) {
  const trimmed = websiteDomain.trim().replace(/\/+$/, "");
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}
