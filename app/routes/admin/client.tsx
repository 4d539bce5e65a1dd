import { parseWithZod } from "@conform-to/zod/v4";
import { Activity, Ban, Bot, CircleCheck, DollarSign, Download, FileDown, MessageSquare, PauseCircle, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { dataWithError, redirectWithError, redirectWithSuccess } from "remix-toast";
import { z } from "zod";
import type { Route } from "./+types/client";
import type { Database } from "#db/connection.ts";
import type { ClientStatus } from "#db/vocabulary.ts";
import { clientIdSchema, statusChangeSchema, USAGE_PERIODS } from "~/clients/client-schema.ts";
import { ClientStatusBadge } from "~/clients/components/status-badge.tsx";
import { SyncDataButton } from "~/clients/components/sync-data-button.tsx";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import { Button } from "~/components/ui/button.tsx";
import { Card, TitledCard } from "~/components/ui/card.tsx";
import { ConfirmButton, ConfirmStep, isConfirmed } from "~/components/ui/confirm.tsx";
import { CopyButton } from "~/components/ui/copy-button.tsx";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { SelectField } from "~/components/ui/form-fields.tsx";
import { LinkTabs } from "~/components/ui/link-tabs.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { StatCard } from "~/components/ui/stat-card.tsx";
import { databaseContext, envContext, operatorContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { useCodeLabels } from "~/i18n/code-labels.ts";
import { formatCents, formatDate, formatEventTime, formatNumber } from "~/lib/format.ts";
import { syncHivePress } from "~/scanner/hivepress.server.ts";
import { findClientById, listClientStatusChanges, updateClient } from "~/models/client.server.ts";
import { findTrainingConfig } from "~/models/training-config.server.ts";
import { getClientUsageTotals, listDailyUsage, listLatestClientSessions, type ClientUsageTotals, type DailyUsage } from "~/models/usage.server.ts";

/** The client page shows at most 10 usage days and 10 sessions. */
const RECENT_LIMIT = 10;
/** The statuses that take the chat away from a client's visitors: asked for before they are set. */
const HARMFUL_STATUSES: readonly ClientStatus[] = ["suspended", "cancelled"];

/** A long session id is shown cut at 20 characters. */
const SESSION_ID_SHOWN = 20;

const TABS = ["overview", "usage", "sessions", "training", "settings"] as const;
type Tab = (typeof TABS)[number];
const tabSchema = z.enum(TABS).catch("overview");

export const handle = { i18n: ["clients"] };

async function loadTab(db: Database, clientId: number, tab: Tab, timeZone: string) {
  switch (tab) {
    case "overview":
      return { tab, totals: await getClientUsageTotals(db, clientId) };
    case "usage":
      return { tab, days: await listDailyUsage(db, clientId, { since: "all", timeZone, limit: RECENT_LIMIT }) };
    case "sessions":
      return { tab, sessions: await listLatestClientSessions(db, clientId, RECENT_LIMIT) };
    case "training": {
      const config = await findTrainingConfig(db, clientId);
      return { tab, training: config ? { greeting: config.greeting, tone: config.tone, businessInfo: config.businessInfo } : null };
    }
    case "settings":
      return { tab, history: await listClientStatusChanges(db, clientId) };
  }
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  const db = context.get(databaseContext);
  const id = clientIdSchema.safeParse(params.clientId);
  const client = id.success ? await findClientById(db, id.data) : undefined;
  if (!client) return data({ title: t("detail.notFound", { ns: "clients" }), client: null }, { status: 404 });
  const timeZone = context.get(envContext).TZ_DISPLAY;
  const tab = tabSchema.parse(url.searchParams.get("tab") ?? undefined);
  return {
    title: client.businessName,
    timeZone,
    now: new Date(),
    client: {
      id: client.id,
      businessName: client.businessName,
      businessType: client.businessType,
      websiteDomain: client.websiteDomain,
      ownerEmail: client.ownerEmail,
      contactEmail: client.contactEmail,
      status: client.status,
      plan: client.plan,
      licenseKey: client.licenseKey,
      monthlyFeeCents: client.monthlyFeeCents,
      onboardingPaid: client.onboardingPaid,
      createdAt: client.createdAt,
    },
    view: await loadTab(db, client.id, tab, timeZone),
  };
}

/**
 * The page's two posts: Sync Data (`intent=sync`, the HivePress listings into the knowledge base) and
 * the Settings tab's Activate, Suspend and Cancel (a new status, kept in the audit trail). Both come
 * back to the page with a toast, with or without JavaScript. Suspend and Cancel act only when
 * confirmed; without the confirmation the answer is the confirmation step (app/components/ui/confirm.tsx).
 */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const t = getTranslator(context);
  const db = context.get(databaseContext);
  const id = clientIdSchema.safeParse(params.clientId);
  if (!id.success) throw data(null, { status: 404 });
  const formData = await request.formData();
  if (formData.get("intent") === "sync") {
    const client = await findClientById(db, id.data);
    if (!client) throw data(null, { status: 404 });
    const backPath = `${url.pathname}${url.search}`;
    const result = await syncHivePress(db, client, { allowHosts: context.get(envContext).SCANNER_ALLOW_HOSTS });
    if (result.success) {
      return redirectWithSuccess(backPath, {
        message: t("detail.syncDone", { ns: "clients" }),
        description: t("sync.done", { ns: "client-config", count: result.listings }),
      });
    }
    return redirectWithError(backPath, {
      message: t("detail.syncFailed", { ns: "clients" }),
      description: `${t("detail.syncFailedDescription", { ns: "clients" })}: ${t(`sync.failure.${result.failure}`, { ns: "client-config", status: result.status })}`,
    });
  }
  const submission = parseWithZod(formData, { schema: statusChangeSchema });
  if (submission.status !== "success") {
    return dataWithError({ result: submission.reply() }, t("errors.statusInvalid", { ns: "clients" }), { status: 400 });
  }
  if (HARMFUL_STATUSES.includes(submission.value.status) && !isConfirmed(formData)) return { confirmStatus: submission.value.status };
  const client = await updateClient(db, id.data, { status: submission.value.status }, context.get(operatorContext).id);
  if (!client) throw data(null, { status: 404 });
  const status = t(`status.${client.status}`, { ns: "clients" });
  return redirectWithSuccess(`/admin/clients/${client.id}?tab=settings`, {
    message: t("detail.settings.updated", { ns: "clients" }),
    description: t("detail.settings.updatedDescription", { ns: "clients", name: client.businessName, status }),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Client"} | Alex` }];

type Loaded = Extract<Route.ComponentProps["loaderData"], { view: unknown }>;

export default function ClientDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("clients");
  const labels = useCodeLabels();
  if (!loaderData.client || !("view" in loaderData)) {
    return (
      <EmptyState
        icon={SearchX}
        title={<span role="heading" aria-level={1}>{t("detail.notFound")}</span>}
        description={t("detail.notFoundDescription")}
        action={
          <Button asChild>
            <Link to="/admin/clients">{t("detail.backToClients")}</Link>
          </Button>
        }
      />
    );
  }
  const { client, view } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            <bdi>{client.businessName}</bdi> <ClientStatusBadge status={client.status} />
          </span>
        }
        description={
          <>
            {labels.businessType(client.businessType)} ·{" "}
            <a href={`https://${client.websiteDomain}`} target="_blank" rel="noopener noreferrer" dir="ltr" className="text-brand-700 hover:underline">
              {client.websiteDomain}
            </a>
          </>
        }
        actions={<SyncDataButton />}
      />
      <LinkTabs label={t("detail.tabsLabel")} current={view.tab} tabs={TABS.map((tab) => ({ value: tab, label: t(`detail.tabs.${tab}`) }))} />
      <TabPanel data={loaderData} confirmStatus={actionData && "confirmStatus" in actionData ? actionData.confirmStatus : undefined} />
    </div>
  );
}

function TabPanel({ data: loaded, confirmStatus }: { data: Loaded; confirmStatus: ClientStatus | undefined }) {
  switch (loaded.view.tab) {
    case "overview":
      return <Overview data={loaded} totals={loaded.view.totals} />;
    case "usage":
      return <Usage data={loaded} days={loaded.view.days} />;
    case "sessions":
      return <Sessions data={loaded} sessions={loaded.view.sessions} />;
    case "training":
      return <Training clientId={loaded.client.id} training={loaded.view.training} />;
    case "settings":
      return <Settings data={loaded} history={loaded.view.history} confirmStatus={confirmStatus} />;
  }
}

function Overview({ data: { client, timeZone, now }, totals }: { data: Loaded; totals: ClientUsageTotals }) {
  const { t, i18n } = useTranslation("clients");
  const language = i18n.language;
  const rows: [string, ReactNode][] = [
    [t("detail.overview.ownerEmail"), <span key="owner" dir="ltr">{client.ownerEmail}</span>],
    ...(client.contactEmail ? [[t("detail.overview.contactEmail"), <span key="contact" dir="ltr">{client.contactEmail}</span>] as [string, ReactNode]] : []),
    [
      t("detail.overview.website"),
      <a key="website" href={`https://${client.websiteDomain}`} target="_blank" rel="noopener noreferrer" dir="ltr" className="text-brand-700 hover:underline">
        {client.websiteDomain}
      </a>,
    ],
    [t("detail.overview.createdAt"), formatEventTime(new Date(client.createdAt), new Date(now), language, timeZone)],
    [
      t("detail.overview.licenseKey"),
      <span key="license" className="flex flex-wrap items-center gap-2">
        <code dir="ltr" className="text-sm break-all">
          {client.licenseKey}
        </code>
        <CopyButton text={client.licenseKey} label={t("detail.overview.copyLicense")} />
      </span>,
    ],
    [t("detail.overview.plan"), t(`plans.${client.plan}`)],
    [t("detail.overview.monthlyFee"), formatCents(client.monthlyFeeCents, language)],
    [t("detail.overview.onboarding"), client.onboardingPaid ? t("detail.overview.paid") : t("detail.overview.pending")],
  ];
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard title={t("detail.overview.totalMessages")} icon={MessageSquare} value={formatNumber(totals.totalMessages, language)} caption={t("detail.overview.totalMessagesCaption")} />
        <StatCard title={t("detail.overview.totalCost")} icon={DollarSign} value={formatCents(totals.totalCostCents, language)} caption={t("detail.overview.totalCostCaption")} />
        <StatCard title={t("detail.overview.activeSessions")} icon={Activity} value={formatNumber(totals.activeSessions, language)} caption={t("detail.overview.activeSessionsCaption")} />
      </div>
      <TitledCard id="client-information-title" title={t("detail.overview.information")}>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-slate-600">{term}</dt>
              <dd className="min-w-0 text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </TitledCard>
    </div>
  );
}

function UsageExportForm({ clientId }: { clientId: number }) {
  const { t } = useTranslation("clients");
  return (
    <form method="get" action={`/admin/clients/${clientId}/usage-export`} className="flex flex-wrap items-end gap-3">
      <SelectField name="period" label={t("detail.usage.period")} defaultValue="month" options={USAGE_PERIODS.map((period) => ({ value: period, label: t(`detail.usage.periods.${period}`) }))} />
      <Button type="submit">
        <Download className="h-4 w-4" aria-hidden="true" />
        {t("detail.usage.download")}
      </Button>
    </form>
  );
}

function Usage({ data: { client }, days }: { data: Loaded; days: DailyUsage[] }) {
  const { t, i18n } = useTranslation("clients");
  const hydrated = useHydrated();
  const language = i18n.language;
  return (
    <div className="space-y-6">
      <Card aria-labelledby="usage-export-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="usage-export-title" className="text-lg font-semibold">
              {t("detail.usage.exportTitle")}
            </h2>
            <p className="text-sm text-slate-600">{t("detail.usage.exportDescription")}</p>
          </div>
          {hydrated ? (
            <Dialog>
              <DialogTrigger asChild>
                <Button variant="secondary">
                  <FileDown className="h-4 w-4" aria-hidden="true" />
                  {t("detail.usage.export")}
                </Button>
              </DialogTrigger>
              <DialogContent title={t("detail.usage.exportTitle")} description={t("detail.usage.exportDescription")}>
                <UsageExportForm clientId={client.id} />
              </DialogContent>
            </Dialog>
          ) : null}
        </div>
        {hydrated ? null : <UsageExportForm clientId={client.id} />}
      </Card>
      <TitledCard id="recent-usage-title" title={t("detail.usage.recent")} description={t("detail.usage.recentDescription")}>
        {days.length === 0 ? (
          <EmptyState title={t("detail.usage.empty")} />
        ) : (
          <ul className="divide-y divide-slate-100">
            {days.map((day) => (
              <li key={day.date} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <span className="font-medium">{formatDate(`${day.date}T00:00:00Z`, language, "UTC")}</span>
                <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                  <span>
                    {t("detail.usage.conversations")}: {formatNumber(day.conversations, language)}
                  </span>
                  <span>
                    {t("detail.usage.articles")}: {formatNumber(day.articles, language)}
                  </span>
                  <span>
                    {t("detail.usage.solutions")}: {formatNumber(day.solutions, language)}
                  </span>
                  <span className="font-medium text-slate-900">
                    {t("detail.usage.cost")}: {formatCents(day.totalCents, language)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
    </div>
  );
}

function Sessions({
  data: { timeZone, now },
  sessions,
}: {
  data: Loaded;
  sessions: { publicId: string; messageCount: number; startedAt: Date; lastMessageAt: Date; isActive: boolean }[];
}) {
  const { t, i18n } = useTranslation("clients");
  const time = (date: Date) => formatEventTime(new Date(date), new Date(now), i18n.language, timeZone);
  return (
    <TitledCard id="client-sessions-title" title={t("detail.sessions.title")}>
      {sessions.length === 0 ? (
        <EmptyState icon={MessageSquare} title={t("detail.sessions.empty")} />
      ) : (
        <ul className="divide-y divide-slate-100">
          {sessions.map((session) => (
            <li key={session.publicId} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <Link to={`/admin/session/${session.publicId}`} className="font-mono text-sm text-brand-700 hover:underline" dir="ltr" translate="no" title={session.publicId}>
                  {session.publicId.length > SESSION_ID_SHOWN ? `${session.publicId.slice(0, SESSION_ID_SHOWN)}…` : session.publicId}
                </Link>
                <ClientSessionBadge active={session.isActive} />
              </span>
              <span className="flex flex-wrap gap-x-4 text-sm text-slate-600">
                <span>{t("detail.sessions.messages", { count: session.messageCount })}</span>
                <span>{t("detail.sessions.started", { time: time(session.startedAt) })}</span>
                <span>{t("detail.sessions.lastActivity", { time: time(session.lastMessageAt) })}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}

function ClientSessionBadge({ active }: { active: boolean }) {
  const { t } = useTranslation("clients");
  return (
    <span className={active ? "rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800" : "rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"}>
      {active ? t("detail.sessions.active") : t("detail.sessions.completed")}
    </span>
  );
}

function Training({ clientId, training }: { clientId: number; training: { greeting: string; tone: string; businessInfo: string } | null }) {
  const { t } = useTranslation("clients");
  const labels = useCodeLabels();
  const configure = (
    <Button asChild>
      <Link to={`/admin/ai-training?clientId=${clientId}`}>
        <Bot className="h-4 w-4" aria-hidden="true" />
        {t("detail.training.configure")}
      </Link>
    </Button>
  );
  if (!training) {
    return (
      <Card>
        <EmptyState icon={Bot} title={t("detail.training.empty")} description={t("detail.training.emptyDescription")} action={configure} />
      </Card>
    );
  }
  return (
    <Card aria-labelledby="client-training-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="client-training-title" className="text-lg font-semibold">
          {t("detail.training.title")}
        </h2>
        {configure}
      </div>
      <dl className="space-y-3">
        <div>
          <dt className="font-medium text-slate-600">{t("detail.training.greeting")}</dt>
          <dd className="whitespace-pre-line">{training.greeting || t("detail.training.defaultGreeting")}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">{t("detail.training.tone")}</dt>
          <dd>{training.tone ? labels.tone(training.tone) : t("detail.training.defaultTone")}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">{t("detail.training.businessInfo")}</dt>
          <dd className="whitespace-pre-line">{training.businessInfo || t("detail.training.noBusinessInfo")}</dd>
        </div>
      </dl>
    </Card>
  );
}

const STATUS_BUTTONS: { status: ClientStatus; key: string; icon: typeof CircleCheck; variant: "primary" | "secondary" | "danger" }[] = [
  { status: "active", key: "activate", icon: CircleCheck, variant: "primary" },
  { status: "suspended", key: "suspend", icon: PauseCircle, variant: "secondary" },
  { status: "cancelled", key: "cancel", icon: Ban, variant: "danger" },
];

function Settings({
  data: { client, timeZone, now },
  history,
  confirmStatus,
}: {
  data: Loaded;
  history: { id: number; fromStatus: ClientStatus; toStatus: ClientStatus; changedAt: Date; operator: string | null }[];
  confirmStatus: ClientStatus | undefined;
}) {
  const { t, i18n } = useTranslation("clients");
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.has("status") === true;
  const settingsPath = `/admin/clients/${client.id}?tab=settings`;
  const confirmText = (key: string) => ({
    title: t(`detail.settings.confirm.${key}.title`, { name: client.businessName }),
    description: t(`detail.settings.confirm.${key}.description`, { name: client.businessName }),
    confirmLabel: t(`detail.settings.${key}`),
  });
  const asked = STATUS_BUTTONS.find((button) => button.status === confirmStatus && client.status !== confirmStatus);
  return (
    <div className="space-y-6">
      <TitledCard id="account-status-title" title={t("detail.settings.title")} description={t("detail.settings.description")} className="space-y-4">
        <p>{t("detail.settings.current", { status: t(`status.${client.status}`) })}</p>
        {asked ? (
          <ConfirmStep {...confirmText(asked.key)} fields={{ status: asked.status }} action={settingsPath} cancelTo={settingsPath} />
        ) : (
          <div className="flex flex-wrap gap-3">
            {STATUS_BUTTONS.map(({ status, key, icon: Icon, variant }) => {
              const formId = `status-${status}`;
              const disabled = client.status === status || submitting;
              const label = (
                <>
                  <Icon className="h-4 w-4" aria-hidden="true" />
                  {t(`detail.settings.${key}`)}
                </>
              );
              return (
                <Form key={status} id={formId} method="post" action={settingsPath}>
                  <input type="hidden" name="status" value={status} />
                  {HARMFUL_STATUSES.includes(status) ? (
                    <ConfirmButton form={formId} {...confirmText(key)} variant={variant} disabled={disabled}>
                      {label}
                    </ConfirmButton>
                  ) : (
                    <Button type="submit" variant={variant} disabled={disabled}>
                      {label}
                    </Button>
                  )}
                </Form>
              );
            })}
          </div>
        )}
      </TitledCard>
      <TitledCard id="status-history-title" title={t("detail.settings.history")}>
        {history.length === 0 ? (
          <p className="text-slate-600">{t("detail.settings.historyEmpty")}</p>
        ) : (
          <ol className="divide-y divide-slate-100">
            {history.map((change) => (
              <li key={change.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <span className="flex items-center gap-2">
                  <ClientStatusBadge status={change.fromStatus} />
                  <span aria-hidden="true">{i18n.dir() === "rtl" ? "←" : "→"}</span>
                  <ClientStatusBadge status={change.toStatus} />
                </span>
                <span className="text-sm text-slate-600">
                  {formatEventTime(new Date(change.changedAt), new Date(now), i18n.language, timeZone)} ·{" "}
                  {change.operator ? t("detail.settings.by", { operator: change.operator }) : t("detail.settings.bySystem")}
                </span>
              </li>
            ))}
          </ol>
        )}
      </TitledCard>
    </div>
  );
}
