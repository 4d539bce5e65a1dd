import clsx from "clsx";
import { Activity, CheckCircle2, DollarSign, FileText, MessageSquare, Plus, UserPlus, Users, type LucideIcon } from "lucide-react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Await, Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { monthlyRevenue } from "~/billing/billing.server.ts";
import { Button } from "~/components/ui/button.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Avatar, Card, Skeleton, TitledCard } from "~/components/ui/card.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { StatCard } from "~/components/ui/stat-card.tsx";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { formatCents, formatEventTime, formatNumber, formatPercentChange, isolate, percentChange } from "~/lib/format.ts";
import {
  countClients,
  getDashboardStats,
  periodBoundaries,
  listHighUsageClients,
  listRecentActivity,
  type ActivityEvent,
  type Comparison,
  type DashboardStats,
} from "~/models/stats.server.ts";

const HIGH_USAGE_WINDOW_DAYS = 30;

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const timeZone = context.get(envContext).TZ_DISPLAY;
  const periods = periodBoundaries(timeZone);
  const highUsageSince = new Date(periods.now.getTime() - HIGH_USAGE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  return {
    title: getTranslator(context)("dashboard.title", { ns: "admin" }),
    now: periods.now,
    timeZone,
    stats: Promise.all([getDashboardStats(db, periods), monthlyRevenue(db, { timeZone, now: periods.now })]).then(
      ([stats, monthlyRevenueCents]): DashboardFigures => ({ ...stats, monthlyRevenueCents }),
    ),
    activity: listRecentActivity(db, 8),
    clients: Promise.all([countClients(db), listHighUsageClients(db, highUsageSince, 3)]).then(([total, highUsage]) => ({
      total,
      highUsage,
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Dashboard"} | Alex` },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("dashboard.title")}
        actions={
          <Button asChild>
            {/* The clients page opens its add dialog at ?add, and without JavaScript shows its add section there. */}
            <Link to="/admin/clients?add#add-client-section">
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t("dashboard.addClient")}
            </Link>
          </Button>
        }
      />

      <Suspense fallback={<StatsSkeleton label={t("dashboard.loading")} />}>
        <Await resolve={loaderData.stats}>{(stats) => <StatCards stats={stats} />}</Await>
      </Suspense>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2" aria-labelledby="recent-activity">
          <h2 id="recent-activity" className="mb-4 text-lg font-semibold">
            {t("dashboard.recentActivity")}
          </h2>
          <Suspense fallback={<ListSkeleton rows={5} />}>
            <Await resolve={loaderData.activity}>
              {(events) => <ActivityList events={events} now={loaderData.now} timeZone={loaderData.timeZone} />}
            </Await>
          </Suspense>
        </Card>
        <TitledCard id="high-usage" title={t("dashboard.highUsage")}>
          <Suspense fallback={<ListSkeleton rows={3} />}>
            <Await resolve={loaderData.clients}>{(clients) => <HighUsageList {...clients} />}</Await>
          </Suspense>
        </TitledCard>
      </div>
    </div>
  );
}

/** The dashboard's figures: the monthly revenue comes from billing, so it always agrees with the bills. */
type DashboardFigures = DashboardStats & { monthlyRevenueCents: Comparison };

const STAT_CARDS: { key: keyof DashboardFigures; icon: LucideIcon; money?: boolean; period: "month" | "day" }[] = [
  { key: "activeClients", icon: Users, period: "month" },
  { key: "monthlyRevenueCents", icon: DollarSign, money: true, period: "month" },
  { key: "todayConversations", icon: MessageSquare, period: "day" },
  { key: "articlesGenerated", icon: FileText, period: "month" },
];

function StatCards({ stats }: { stats: DashboardFigures }) {
  const { t, i18n } = useTranslation("admin");
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {STAT_CARDS.map(({ key, icon, money, period }) => {
        const { current, previous }: Comparison = stats[key];
        return (
          <li key={key}>
            <StatCard
              title={t(`dashboard.stats.${key}`)}
              icon={icon}
              value={money ? formatCents(current, i18n.language) : formatNumber(current, i18n.language)}
              caption={<ChangeCaption current={current} previous={previous} period={period} />}
            />
          </li>
        );
      })}
    </ul>
  );
}

function ChangeCaption({ current, previous, period }: Comparison & { period: "month" | "day" }) {
  const { t, i18n } = useTranslation("admin");
  const change = percentChange(current, previous);
  const against = t(period === "month" ? "dashboard.vsLastMonth" : "dashboard.vsYesterday");
  if (change === null) {
    return <p className="text-slate-600">{current > 0 ? t("dashboard.newSince", { against }) : against}</p>;
  }
  return (
    <p>
      <span
        className={clsx("font-medium", change > 0 && "text-emerald-700", change < 0 && "text-red-700", change === 0 && "text-slate-600")}
        dir="ltr"
      >
        {formatPercentChange(change, i18n.language)}
      </span>{" "}
      <span className="text-slate-600">{against}</span>
    </p>
  );
}

const ACTIVITY_ICONS: Record<ActivityEvent["kind"], LucideIcon> = {
  session: MessageSquare,
  function: CheckCircle2,
  client: UserPlus,
  status: Activity,
};

function ActivityList({ events, now, timeZone }: { events: ActivityEvent[]; now: Date; timeZone: string }) {
  const { t, i18n } = useTranslation("admin");
  if (events.length === 0) return <p className="text-slate-500">{t("dashboard.noActivity")}</p>;
  const describe = (event: ActivityEvent) => {
    const client = isolate(event.businessName);
    switch (event.kind) {
      case "session":
        return t("activity.session", { client });
      case "function":
        return t("activity.function", { client, function: t(`functionTypes.${event.functionType}`) });
      case "client":
        return t("activity.client", { client });
      case "status":
        return t("activity.status", {
          client,
          from: t(`clientStatus.${event.from}`),
          to: t(`clientStatus.${event.to}`),
        });
    }
  };
  return (
    <ul className="divide-y divide-slate-100">
      {events.map((event, index) => {
        const Icon = ACTIVITY_ICONS[event.kind];
        return (
          <li key={`${event.kind}-${event.at.toISOString()}-${index}`} className="flex items-start gap-3 py-3">
            <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
            <p className="flex-1 text-sm text-slate-800">{describe(event)}</p>
            <time dateTime={event.at.toISOString()} className="shrink-0 text-xs text-slate-500">
              {formatEventTime(event.at, now, i18n.language, timeZone)}
            </time>
          </li>
        );
      })}
    </ul>
  );
}

function HighUsageList({ total, highUsage }: { total: number; highUsage: { id: number; businessName: string; messages: number }[] }) {
  const { t, i18n } = useTranslation("admin");
  if (total === 0) return <p className="text-slate-500">{t("dashboard.noClients")}</p>;
  if (highUsage.length === 0) return <p className="text-slate-500">{t("dashboard.noUsage")}</p>;
  return (
    <ul className="space-y-3">
      {highUsage.map((client) => (
        <li key={client.id} className="flex items-center gap-3">
          <Avatar initial={client.businessName.charAt(0).toUpperCase()} />
          <div className="min-w-0 flex-1">
            {/* An English name on a Hebrew page is cut at its own end ("Simcha Party Pl…"), not at its start. */}
            <p dir="auto" className="truncate text-start font-medium">
              {client.businessName}
            </p>
            <p className="text-sm text-slate-500">
              {t("dashboard.messagesInWindow", { count: client.messages, formatted: formatNumber(client.messages, i18n.language) })}
            </p>
          </div>
          <Badge tone="warning">{t("dashboard.highUsageBadge")}</Badge>
        </li>
      ))}
    </ul>
  );
}

function StatsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {STAT_CARDS.map(({ key }) => (
        <Card key={key} className="space-y-3">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-20" />
          <Skeleton className="h-4 w-32" />
        </Card>
      ))}
    </div>
  );
}

function ListSkeleton({ rows }: { rows: number }) {
  return (
    <div className="space-y-3">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-6 w-full" />
      ))}
    </div>
  );
}
