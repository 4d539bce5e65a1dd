import { Activity, PlayCircle, RefreshCw, UploadCloud } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { redirectWithError, redirectWithSuccess, redirectWithToast } from "remix-toast";
import { z } from "zod";
import type { Route } from "./+types/system-status";
import { CheckCard, CheckMessage, DetailsList, StatusBadge, useCheckName, useCheckTime, type CheckHistoryEntry } from "~/checks/components/check-card.tsx";
import { WordPressConnectionForm } from "~/checks/components/wordpress-connection-form.tsx";
import { CHECK_KINDS, CLIENT_CHECK_KINDS, HISTORY_PER_CHECK, WORDPRESS_ENDPOINTS, type CheckKind } from "~/checks/connection-result.ts";
import { readExplanation, readStoredExplanation } from "~/checks/explanation.ts";
import type { FullClientTestResult } from "~/checks/full-client-test.server.ts";
import { FULL_TEST_KIND, runAllChecks, runClientCheck, runRecordedFullClientTest, type SystemCheckContext } from "~/checks/system-checks.server.ts";
import { loadWordPressConnectionView } from "~/checks/wordpress-connection.server.ts";
import { siteUrlFrom } from "~/checks/wordpress-site.server.ts";
import { clientIdSchema } from "~/clients/client-schema.ts";
import { Alert } from "~/components/ui/alert.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, TitledCard } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { LinkTabs } from "~/components/ui/link-tabs.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { findClientById, listClientsForPicker } from "~/models/client.server.ts";
import { listRecentIntegrationChecks, type IntegrationCheckRow } from "~/models/integration-check.server.ts";
import { serverUrlFor } from "~/plugin/download.server.ts";

const TABS = ["connections", "wordpress", "upload"] as const;

const searchSchema = z.object({
  clientId: clientIdSchema.nullable().catch(null),
  tab: z.enum(TABS).catch("connections"),
});

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("refresh") }),
  z.object({ intent: z.literal("full-test") }),
  z.object({ intent: z.literal("check"), kind: z.enum(CLIENT_CHECK_KINDS) }),
]);
const actionClientSchema = z.object({ clientId: clientIdSchema, tab: z.enum(TABS).catch("connections") });

export const handle = { i18n: ["checks", "clients"] };

/** The text in the runner's language goes to the page only for rows stored before explanations. */
function historyEntry(row: IntegrationCheckRow): CheckHistoryEntry {
  const explanation = readStoredExplanation(row.explanation);
  return {
    id: row.id,
    success: row.success,
    durationMs: row.durationMs,
    message: explanation.error ? "" : row.message,
    explanation,
    details: row.details,
    checkedAt: row.createdAt.toISOString(),
  };
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const search = searchSchema.parse({ clientId: url.searchParams.get("clientId"), tab: url.searchParams.get("tab") ?? undefined });
  const clients = await listClientsForPicker(db);
  const selectedId = clients.some((client) => client.id === search.clientId) ? search.clientId : (clients[0]?.id ?? null);
  const client = selectedId === null ? undefined : await findClientById(db, selectedId);
  const [serverRows, clientRows, connection] = await Promise.all([
    listRecentIntegrationChecks(db, null, ["database"], HISTORY_PER_CHECK),
    client ? listRecentIntegrationChecks(db, client.id, [...CLIENT_CHECK_KINDS, FULL_TEST_KIND], HISTORY_PER_CHECK) : [],
    client ? loadWordPressConnectionView(db, client.id) : null,
  ]);
  const history = Object.fromEntries(CHECK_KINDS.map((kind) => [kind, [...serverRows, ...clientRows].filter((row) => row.kind === kind).map(historyEntry)])) as Record<CheckKind, CheckHistoryEntry[]>;
  const fullTest = clientRows.find((row) => row.kind === FULL_TEST_KIND);
  return {
    title: getTranslator(context)("title", { ns: "checks" }),
    tab: search.tab,
    clients: clients.map(({ id, businessName }) => ({ id, businessName })),
    client: client ? { id: client.id, businessName: client.businessName, licenseKey: client.licenseKey } : null,
    site: client ? { url: siteUrlFrom(connection?.siteUrl ?? client.websiteDomain), fromConnection: Boolean(connection) } : null,
    connection,
    history,
    fullTest: fullTest ? { checkedAt: fullTest.createdAt.toISOString(), result: fullTest.details as FullClientTestResult } : null,
    timeZone: context.get(envContext).TZ_DISPLAY,
  };
}

/** Refresh Status, Full System Test, or one check; each result joins its history, and the page shows it after the redirect. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getTranslator(context);
  const form = Object.fromEntries(await request.formData());
  const db = context.get(databaseContext);
  const intent = actionSchema.safeParse(form);
  if (!intent.success) return data({ error: t("api.invalid", { ns: "common" }) }, { status: 400 });
  const target = actionClientSchema.safeParse(form);
  const client = target.success ? await findClientById(db, target.data.clientId) : undefined;
  // Every test runs against one client, so none runs until one is selected.
  if (!target.success || !client) return data({ error: t("actions.selectClientFirst", { ns: "checks" }) }, { status: 400 });

  const env = context.get(envContext);
  const language = context.get(languageContext);
  const translate: SystemCheckContext["t"] = (key, values) => t(key, { ...values, ns: "checks" });
  const checkContext: SystemCheckContext = { db, env, language, t: translate };
  const back = `/admin/system-status?clientId=${client.id}&tab=${target.data.tab}`;

  switch (intent.data.intent) {
    case "refresh": {
      const results = await runAllChecks(checkContext, client);
      const connected = results.filter((result) => result.status === "connected").length;
      return redirectWithToast(back, { message: translate("toast.refreshed", { connected, total: results.length }), type: connected === results.length ? "success" : "warning" });
    }
    case "full-test": {
      try {
        const { summary } = await runRecordedFullClientTest({
          db,
          client,
          env,
          language,
          serverUrl: serverUrlFor(env, request),
          t: (key, values) => t(key, { ns: "clients", ...values }),
        });
        // All passed, or a warning with passed/total.
        if (summary.passed === summary.total) return redirectWithSuccess(back, translate("fullTest.allPassed"));
        return redirectWithToast(back, { message: translate("fullTest.issues"), description: translate("fullTest.summary", summary), type: "warning" });
      } catch (error) {
        return redirectWithError(back, { message: translate("fullTest.failed"), description: error instanceof Error ? error.message : String(error) });
      }
    }
    case "check": {
      const result = await runClientCheck(checkContext, intent.data.kind, client);
      const message = translate("toast.checked", { kind: translate(`kinds.${result.kind}`), status: translate(`status.${result.status}`) });
      return result.status === "connected" ? redirectWithSuccess(back, message) : redirectWithError(back, { message, description: result.error });
    }
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Client System Status"} | Alex` }];

export default function SystemStatus({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("checks");
  const { tab, clients, client, site, connection, history, fullTest, timeZone } = loaderData;
  const testing = useTestingKinds();
  const hidden: Record<string, string | number> = client ? { clientId: client.id, tab } : { tab };
  const card = (kind: CheckKind) => <CheckCard key={kind} kind={kind} history={history[kind]} testing={testing.has(kind)} timeZone={timeZone} historyLimit={HISTORY_PER_CHECK} />;

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        description={t("subtitle")}
        actions={
          <>
            <ActionButton intent="refresh" hidden={hidden} busy={testing.size > 0} variant="secondary" icon={<RefreshCw className="h-4 w-4" aria-hidden="true" />}>
              {t("actions.refresh")}
            </ActionButton>
            <ActionButton intent="full-test" hidden={hidden} busy={testing.size > 0} icon={<PlayCircle className="h-4 w-4" aria-hidden="true" />}>
              {t("actions.fullTest")}
            </ActionButton>
          </>
        }
      />
      {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}

      <Card className="space-y-2">
        {clients.length === 0 ? (
          <EmptyState icon={Activity} title={t("selector.none")} />
        ) : (
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="tab" value={tab} />
            <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-slate-700">
              {t("selector.label")}
              <select
                name="clientId"
                defaultValue={client?.id}
                key={client?.id}
                onChange={(event) => event.currentTarget.form?.requestSubmit()}
                className="h-10 max-w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900"
              >
                {clients.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.businessName}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" variant="secondary">
              {t("selector.show")}
            </Button>
          </Form>
        )}
        {client ? (
          <p className="text-sm text-slate-600">
            {t("selector.license")}:{" "}
            <code dir="ltr" className="rounded bg-slate-100 px-1.5 py-0.5 break-all text-slate-900">
              {client.licenseKey}
            </code>
          </p>
        ) : null}
      </Card>

      <LinkTabs label={t("tabs.label")} tabs={TABS.map((value) => ({ value, label: t(`tabs.${value}`) }))} current={tab} />

      {tab === "connections" ? (
        <div className="space-y-6">
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">{CHECK_KINDS.map(card)}</div>
          <FullTestResults fullTest={fullTest} testing={testing.size > 0} timeZone={timeZone} />
        </div>
      ) : null}

      {tab === "wordpress" ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <TitledCard id="wordpress-test-title" title={t("tabs.wordpress")} description={t("wordpressTab.intro")} className="space-y-4">
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
                    <span className="font-mono font-semibold">{endpoint.method}</span> <code>{site ? `${site.url}/wp-json${endpoint.route}` : `/wp-json${endpoint.route}`}</code>
                  </li>
                ))}
              </ul>
            </div>
            <div className="flex flex-wrap gap-2">
              <ActionButton intent="check" kind="wordpress" hidden={hidden} busy={testing.size > 0}>
                {t("wordpressTab.run")}
              </ActionButton>
              <ActionButton intent="check" kind="hivepress" hidden={hidden} busy={testing.size > 0} variant="secondary">
                {t("wordpressTab.runHivePress")}
              </ActionButton>
            </div>
          </TitledCard>
          {client ? (
            <TitledCard id="wordpress-connection-title" title={t("connection.title")} className="space-y-3">
              <WordPressConnectionForm clientId={client.id} connection={connection} lastResult={undefined} />
            </TitledCard>
          ) : null}
          {card("wordpress")}
          {card("hivepress")}
        </div>
      ) : null}

      {tab === "upload" ? (
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
                {connection?.passwordSet ? t("wordpressTab.credentialsSet", { username: connection.username }) : t("wordpressTab.credentialsMissing")} ·{" "}
                <Link to={`/admin/system-status?clientId=${client.id}&tab=wordpress`} className="font-medium text-brand-700 underline">
                  {t("wordpressTab.editConnection")}
                </Link>
              </p>
            ) : null}
            <ActionButton intent="check" kind="upload" hidden={hidden} busy={testing.size > 0}>
              {t("uploadTab.run")}
            </ActionButton>
          </Card>
          {card("upload")}
        </div>
      ) : null}
    </div>
  );
}

/** The checks a submission in flight is running: the page shows them as testing. */
function useTestingKinds(): Set<CheckKind> {
  const navigation = useNavigation();
  const form = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST" ? navigation.formData : undefined;
  const intent = form?.get("intent");
  if (intent === "refresh" || intent === "full-test") return new Set(intent === "refresh" ? CHECK_KINDS : CLIENT_CHECK_KINDS);
  const kind = form?.get("kind");
  return new Set(intent === "check" && typeof kind === "string" ? CHECK_KINDS.filter((candidate) => candidate === kind) : []);
}

type ActionButtonProps = {
  intent: "refresh" | "full-test" | "check";
  kind?: CheckKind;
  hidden: Record<string, string | number>;
  busy: boolean;
  variant?: "primary" | "secondary";
  icon?: ReactNode;
  children: ReactNode;
};

/** A button that posts one intent with the selected client; disabled while any check runs. */
function ActionButton({ intent, kind, hidden, busy, variant = "primary", icon, children }: ActionButtonProps) {
  const { t } = useTranslation("checks");
  return (
    <Form method="post">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {kind ? <input type="hidden" name="kind" value={kind} /> : null}
      <Button type="submit" name="intent" value={intent} variant={variant} disabled={busy}>
        {icon}
        {busy ? t("actions.testing") : children}
      </Button>
    </Form>
  );
}

function FullTestResults({ fullTest, testing, timeZone }: { fullTest: Route.ComponentProps["loaderData"]["fullTest"]; testing: boolean; timeZone: string }) {
  const { t } = useTranslation("checks");
  const formatTime = useCheckTime(timeZone);
  const checkName = useCheckName();
  if (!fullTest) return null;
  const { summary, tests } = fullTest.result;
  const allPassed = summary.passed === summary.total;
  return (
    <Card aria-labelledby="full-test-title" className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="full-test-title" className="text-lg font-semibold">
          {t("fullTest.title")}
        </h2>
        {testing ? <StatusBadge status="testing" /> : null}
      </div>
      <Alert tone={allPassed ? "success" : summary.passed === 0 ? "error" : "warning"} announce={false} title={allPassed ? t("fullTest.allPassed") : t("fullTest.issues")}>
        {t("fullTest.summary", summary)} · <time dateTime={fullTest.checkedAt}>{formatTime(fullTest.checkedAt)}</time>
      </Alert>
      <ul className="divide-y divide-slate-100">
        {tests.map((test) => (
          <li key={test.test} className="space-y-1 py-2">
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={test.success ? "connected" : "disconnected"} />
              <span className="font-medium text-slate-900">{checkName(test.test)}</span>
              <span className="text-sm text-slate-500">{t("card.duration", { ms: test.duration })}</span>
            </div>
            <div className="text-sm text-slate-700">
              <CheckMessage explanation={readExplanation(test.explanation)} message={test.message} />
            </div>
            {test.data && !test.success ? <DetailsList details={test.data} /> : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
