import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/client-config";
import { ApiTab } from "~/clients/config/components/api-tab.tsx";
import { CapabilityTab } from "~/clients/config/components/capability-tab.tsx";
import { FlowSummary } from "~/clients/config/components/flow-summary.tsx";
import { GeneralTab } from "~/clients/config/components/general-tab.tsx";
import { ScannerTab } from "~/clients/config/components/scanner-tab.tsx";
import { TestTab } from "~/clients/config/components/test-tab.tsx";
import { CONFIG_TABS, isCapabilityTab } from "~/clients/config/config-tabs.ts";
import { handleConfigAction, loadConfigPage } from "~/clients/config/config-page.server.ts";
import type { FullClientTestResult } from "~/checks/full-client-test.server.ts";
import { requireClientForPage } from "~/clients/clients.server.ts";
import { Button } from "~/components/ui/button.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { LinkTabs } from "~/components/ui/link-tabs.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { databaseContext, envContext, operatorContext } from "~/context.ts";
import { loadWordPressConnectionView } from "~/checks/wordpress-connection.server.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { serverUrlFor } from "~/plugin/download.server.ts";
import { PLUGIN_VERSION } from "~/plugin/plugin-zip.server.ts";

const tabSchema = z.enum(CONFIG_TABS).catch("general");

export const handle = { i18n: ["client-config", "clients", "checks"] };

export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const client = await requireClientForPage(context, params.clientId);
  const t = getTranslator(context);
  const tab = tabSchema.parse(url.searchParams.get("tab") ?? undefined);
  return {
    title: t("title", { ns: "client-config", clientId: client.id }),
    tab,
    wordpressConnection:
      tab === "api" ? await loadWordPressConnectionView(context.get(databaseContext), client.id) : null,
    serverUrl: serverUrlFor(context.get(envContext), request),
    pluginVersion: PLUGIN_VERSION,
    ...(await loadConfigPage(context.get(databaseContext), client)),
  };
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const client = await requireClientForPage(context, params.clientId);
  const t = getTranslator(context);
  return handleConfigAction(await request.formData(), {
    db: context.get(databaseContext),
    client,
    operatorId: context.get(operatorContext)?.id ?? null,
    editor: context.get(operatorContext),
    allowHosts: context.get(envContext).SCANNER_ALLOW_HOSTS,
    serverUrl: serverUrlFor(context.get(envContext), request),
    env: context.get(envContext),
    language: context.get(languageContext),
    pageUrl: `${url.pathname}${url.search}`,
    t: (key, values) => t(key, { ns: "client-config", ...values }),
    tClients: (key, values) => t(key, { ns: "clients", ...values }),
  });
}

function testResultOf(payload: unknown): FullClientTestResult | undefined {
  return payload && typeof payload === "object" && "test" in payload
    ? (payload.test as FullClientTestResult)
    : undefined;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Client settings"} | Alex` },
];

export default function ClientConfig({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("client-config");
  const { tab, client, salesConfig } = loaderData;
  const navigation = useNavigation();
  const savingIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const testFetcher = useFetcher<typeof action>();
  const resultFor = (intent: string) => (actionData && actionData.intent === intent ? actionData.result : undefined);

  return (
    <FormMessages ns="client-config">
      <div className="space-y-6">
        <PageHeader
          title={t("title", { clientId: client.id })}
          description={t("subtitle", { businessName: client.businessName })}
          actions={
            <Button variant="secondary" asChild>
              <Link to={`/admin/clients/${client.id}`}>
                <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
                {t("back")}
              </Link>
            </Button>
          }
        />
        <LinkTabs
          label={t("tabsLabel")}
          tabs={CONFIG_TABS.map((value) => ({ value, label: t(`tabs.${value}`) }))}
          current={tab}
        />

        <div key={tab} className="space-y-6">
          {tab === "general" ? (
            <GeneralTab
              client={client}
              sites={loaderData.sites}
              salesConfig={salesConfig}
              detailsResult={resultFor("details")}
              businessResult={resultFor("business")}
              businessHours={loaderData.businessHours}
              hoursResult={resultFor("hours")}
              privacy={loaderData.privacy}
              retentionResult={resultFor("retention")}
              person={loaderData.person}
              personResult={resultFor("person")}
              sitesResult={resultFor("sites")}
              savingIntent={savingIntent}
            />
          ) : null}
          {isCapabilityTab(tab) ? (
            <CapabilityTab
              capability={tab}
              salesConfig={salesConfig}
              lastResult={resultFor("capability")}
              saving={savingIntent === "capability"}
            />
          ) : null}
          {tab === "scanner" ? (
            <ScannerTab
              scanEndpoint={`/api/admin/clients/${client.id}/scan-websites`}
              salesConfig={salesConfig}
              lastResult={resultFor("urls") ?? resultFor("scan")}
              saving={savingIntent !== null}
            />
          ) : null}
          {tab === "api" ? (
            <ApiTab
              client={client}
              serverUrl={loaderData.serverUrl}
              pluginVersion={loaderData.pluginVersion}
              wordpressConnection={loaderData.wordpressConnection}
            />
          ) : null}
          {tab === "summary" ? <FlowSummary data={loaderData} /> : null}
          {tab === "test" ? (
            <TestTab fetcher={testFetcher} result={testResultOf(testFetcher.data) ?? testResultOf(actionData)} />
          ) : null}
        </div>
      </div>
    </FormMessages>
  );
}
