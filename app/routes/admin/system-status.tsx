import { PlayCircle, RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/system-status";
import { CheckCard } from "~/checks/components/check-card.tsx";
import { CheckClientSelector } from "~/checks/components/check-client-selector.tsx";
import { FullTestResults } from "~/checks/components/full-test-results.tsx";
import { UploadTestTab, WordPressTestTab } from "~/checks/components/site-test-tabs.tsx";
import { ActionButton, useTestingKinds, type ActionFields } from "~/checks/components/system-status-actions.tsx";
import { CHECK_KINDS, HISTORY_PER_CHECK, type CheckKind } from "~/checks/connection-result.ts";
import { handleSystemStatusAction, loadSystemStatusPage } from "~/checks/system-status-page.server.ts";
import { SYSTEM_STATUS_TABS } from "~/checks/system-status-tabs.ts";
import { Alert } from "~/components/ui/alert.tsx";
import { LinkTabs } from "~/components/ui/link-tabs.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { serverUrlFor } from "~/plugin/download.server.ts";

export const handle = { i18n: ["checks", "clients"] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const page = await loadSystemStatusPage(context.get(databaseContext), {
    clientId: url.searchParams.get("clientId"),
    tab: url.searchParams.get("tab"),
  });
  return {
    title: getTranslator(context)("title", { ns: "checks" }),
    ...page,
    timeZone: context.get(envContext).TZ_DISPLAY,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(envContext);
  return handleSystemStatusAction(await request.formData(), {
    db: context.get(databaseContext),
    env,
    language: context.get(languageContext),
    serverUrl: serverUrlFor(env, request),
    t: getTranslator(context),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Client System Status"} | Alex` },
];

export default function SystemStatus({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("checks");
  const { tab, clients, client, site, connection, history, fullTest, timeZone } = loaderData;
  const testing = useTestingKinds();
  const hidden: ActionFields = client ? { clientId: client.id, tab } : { tab };
  const card = (kind: CheckKind) => (
    <CheckCard
      key={kind}
      kind={kind}
      history={history[kind]}
      testing={testing.has(kind)}
      timeZone={timeZone}
      historyLimit={HISTORY_PER_CHECK}
    />
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        description={t("subtitle")}
        actions={
          <>
            <ActionButton
              intent="refresh"
              hidden={hidden}
              busy={testing.size > 0}
              variant="secondary"
              icon={<RefreshCw className="h-4 w-4" aria-hidden="true" />}
            >
              {t("actions.refresh")}
            </ActionButton>
            <ActionButton
              intent="full-test"
              hidden={hidden}
              busy={testing.size > 0}
              icon={<PlayCircle className="h-4 w-4" aria-hidden="true" />}
            >
              {t("actions.fullTest")}
            </ActionButton>
          </>
        }
      />
      {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}

      <CheckClientSelector clients={clients} client={client} tab={tab} />

      <LinkTabs
        label={t("tabs.label")}
        tabs={SYSTEM_STATUS_TABS.map((value) => ({ value, label: t(`tabs.${value}`) }))}
        current={tab}
      />

      {tab === "connections" ? (
        <div className="space-y-6">
          {/* The check cards' titles are h3: this names the group they belong to, so no level is skipped. */}
          <section aria-labelledby="connection-checks-title">
            <h2 id="connection-checks-title" className="sr-only">
              {t("tabs.connections")}
            </h2>
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">{CHECK_KINDS.map(card)}</div>
          </section>
          <FullTestResults fullTest={fullTest} testing={testing.size > 0} timeZone={timeZone} />
        </div>
      ) : null}

      {tab === "wordpress" ? (
        <WordPressTestTab
          site={site}
          client={client}
          connection={connection}
          hidden={hidden}
          busy={testing.size > 0}
          checkCard={card}
        />
      ) : null}

      {tab === "upload" ? (
        <UploadTestTab
          client={client}
          connection={connection}
          hidden={hidden}
          busy={testing.size > 0}
          checkCard={card}
        />
      ) : null}
    </div>
  );
}
