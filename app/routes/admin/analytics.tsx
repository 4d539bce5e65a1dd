import { Clock, MessageSquare, MessagesSquare, Target, ThumbsUp, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/analytics";
import { loadAnalytics, type Analytics } from "~/analytics/analytics.server.ts";
import { ChangeCaption } from "~/analytics/components/change-caption.tsx";
import { BarList, ChartFrame, ColumnChart, StackedColumnChart, type StackSeries } from "~/analytics/components/charts.tsx";
import { ANALYTICS_PERIODS, periodSchema, TOP_CLIENTS_CHARTED } from "~/analytics/periods.ts";
import { REVENUE_STREAMS, type RevenueStream } from "~/analytics/revenue.ts";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { LinkTabs } from "~/components/ui/link-tabs.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { ResponsiveTable } from "~/components/ui/responsive-table.tsx";
import { StatCard } from "~/components/ui/stat-card.tsx";
import { databaseContext, envContext } from "~/context.ts";
import { dateLocaleOf, intlLocaleOf, isLanguage, type Language } from "~/i18n/config.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { formatCents, formatDate, formatNumber, formatPercentChange, percentChange } from "~/lib/format.ts";

export const handle = { i18n: ["analytics"] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const timeZone = context.get(envContext).TZ_DISPLAY;
  const days = periodSchema.parse(url.searchParams.get("days") ?? undefined);
  return {
    title: getTranslator(context)("title", { ns: "analytics" }),
    timeZone,
    analytics: await loadAnalytics(context.get(databaseContext), { days, timeZone }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Analytics"} | Alex` }];

const STREAM_COLOURS: Record<RevenueStream, string> = {
  baseFees: "bg-brand-700",
  conversations: "bg-brand-500",
  articles: "bg-sky-400",
  solutions: "bg-emerald-500",
  functions: "bg-amber-400",
};

export default function AnalyticsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("analytics");
  const { analytics, timeZone } = loaderData;
  const language: Language = isLanguage(i18n.language) ? i18n.language : "en";
  const formats = makeFormats(language, timeZone);
  const { days, window } = analytics;

  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("subtitle")} />

      <div className="space-y-2">
        <LinkTabs
          label={t("periods.label")}
          param="days"
          current={String(days)}
          tabs={ANALYTICS_PERIODS.map((period) => ({ value: String(period), label: t("periods.option", { days: formatNumber(period, language) }) }))}
        />
        <p className="text-sm text-slate-600">
          {t("range", {
            from: formats.date(window.currentStart),
            to: formats.date(window.now),
            previousFrom: formats.date(window.previousStart),
            previousTo: formats.date(window.previousEnd),
          })}
        </p>
      </div>

      <KeyFigures analytics={analytics} language={language} />

      <div className="grid gap-6 xl:grid-cols-2">
        <ConversationsPerDay analytics={analytics} formats={formats} />
        <MessagesByType analytics={analytics} language={language} />
        <RevenueByMonth analytics={analytics} formats={formats} language={language} />
        <TopClients analytics={analytics} language={language} />
      </div>

      <ClientConversations analytics={analytics} language={language} />
    </div>
  );
}

function makeFormats(language: Language, timeZone: string) {
  const locale = dateLocaleOf(language);
  // Days and months arrive as calendar strings; read at midnight UTC they format as themselves.
  const day = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" });
  const month = new Intl.DateTimeFormat(locale, { month: "short", year: "2-digit", timeZone: "UTC" });
  return {
    date: (value: Date) => formatDate(value, language, timeZone),
    day: (value: string) => day.format(new Date(`${value}T00:00:00Z`)),
    month: (value: string) => month.format(new Date(`${value}-01T00:00:00Z`)),
  };
}
type Formats = ReturnType<typeof makeFormats>;

function KeyFigures({ analytics, language }: { analytics: Analytics; language: Language }) {
  const { t } = useTranslation("analytics");
  const { figures, days, feedbackAnswers } = analytics;
  const percent = (value: number | null) =>
    value === null ? t("noData") : new Intl.NumberFormat(intlLocaleOf(language), { style: "percent", maximumFractionDigits: 1 }).format(value);
  const seconds = (ms: number | null) =>
    ms === null
      ? t("noData")
      : t("seconds", { value: new Intl.NumberFormat(intlLocaleOf(language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000) });
  const cards: { key: string; icon: LucideIcon; value: string; caption: ReactNode; hint?: string }[] = [
    {
      key: "totalMessages",
      icon: MessageSquare,
      value: formatNumber(figures.totalMessages.current, language),
      caption: <ChangeCaption {...figures.totalMessages} days={days} kind="count" />,
    },
    {
      key: "averageResponse",
      icon: Clock,
      value: seconds(figures.averageResponseMs.current),
      caption: <ChangeCaption {...figures.averageResponseMs} days={days} kind="count" lowerIsBetter />,
    },
    {
      key: "satisfaction",
      icon: ThumbsUp,
      value: percent(figures.satisfaction.current),
      caption: <ChangeCaption {...figures.satisfaction} days={days} kind="share" />,
      hint: t("hints.satisfaction", { formatted: formatNumber(feedbackAnswers.current, language) }),
    },
    {
      key: "conversion",
      icon: Target,
      value: percent(figures.conversion.current),
      caption: <ChangeCaption {...figures.conversion} days={days} kind="share" />,
      hint: t("hints.conversion"),
    },
    {
      key: "conversations",
      icon: MessagesSquare,
      value: formatNumber(figures.conversations.current, language),
      caption: <ChangeCaption {...figures.conversations} days={days} kind="count" />,
    },
  ];
  return (
    <section aria-label={t("figures.label")}>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        {cards.map((card) => (
          <li key={card.key}>
            <StatCard
              title={t(`figures.${card.key}`)}
              icon={card.icon}
              value={card.value}
              caption={
                <>
                  {card.caption}
                  {card.hint ? <p className="mt-1 text-xs text-slate-500">{card.hint}</p> : null}
                </>
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ConversationsPerDay({ analytics, formats }: { analytics: Analytics; formats: Formats }) {
  const { t, i18n } = useTranslation("analytics");
  const points = analytics.conversationsPerDay.map((point) => ({ key: point.day, value: point.conversations, label: formats.day(point.day) }));
  const peak = Math.max(0, ...points.map((point) => point.value));
  return (
    <ChartFrame
      id="chart-per-day"
      title={t("charts.perDay")}
      table={{
        headers: [t("charts.day"), t("charts.conversations")],
        rows: analytics.conversationsPerDay.map((point) => [formats.day(point.day), formatNumber(point.conversations, i18n.language)]),
      }}
    >
      <ColumnChart points={points} peakLabel={t("charts.perDayPeak", { value: formatNumber(peak, i18n.language) })} />
    </ChartFrame>
  );
}

function MessagesByType({ analytics, language }: { analytics: Analytics; language: Language }) {
  const { t } = useTranslation("analytics");
  const rows = [...analytics.messagesByType].sort((a, b) => b.messages.current - a.messages.current);
  return (
    <ChartFrame
      id="chart-by-type"
      title={t("charts.byType")}
      table={{
        headers: [t("charts.type"), t("charts.current"), t("charts.previous")],
        rows: rows.map((row) => [
          t(`messageTypes.${row.messageType}`),
          formatNumber(row.messages.current, language),
          formatNumber(row.messages.previous, language),
        ]),
      }}
    >
      <BarList
        rows={rows.map((row) => ({
          key: row.messageType,
          label: t(`messageTypes.${row.messageType}`),
          value: row.messages.current,
          display: formatNumber(row.messages.current, language),
        }))}
      />
    </ChartFrame>
  );
}

function RevenueByMonth({ analytics, formats, language }: { analytics: Analytics; formats: Formats; language: Language }) {
  const { t } = useTranslation("analytics");
  const series: StackSeries[] = REVENUE_STREAMS.map((stream) => ({ key: stream, label: t(`streams.${stream}`), className: STREAM_COLOURS[stream] }));
  const peak = Math.max(0, ...analytics.revenueByMonth.map((month) => month.totalCents));
  return (
    <ChartFrame
      id="chart-revenue"
      title={t("charts.revenue")}
      description={t("charts.revenueNote")}
      table={{
        headers: [t("charts.month"), ...REVENUE_STREAMS.map((stream) => t(`streams.${stream}`)), t("charts.total")],
        rows: analytics.revenueByMonth.map((month) => [
          formats.month(month.month),
          ...REVENUE_STREAMS.map((stream) => formatCents(month.streams[stream], language)),
          formatCents(month.totalCents, language),
        ]),
      }}
    >
      <StackedColumnChart
        series={series}
        groups={analytics.revenueByMonth.map((month) => ({ key: month.month, label: formats.month(month.month), values: month.streams }))}
        peakLabel={t("charts.revenuePeak", { value: formatCents(peak, language) })}
      />
    </ChartFrame>
  );
}

function TopClients({ analytics, language }: { analytics: Analytics; language: Language }) {
  const { t } = useTranslation("analytics");
  const top = analytics.clients.filter((client) => client.conversations.current > 0).slice(0, TOP_CLIENTS_CHARTED);
  return (
    <ChartFrame
      id="chart-top-clients"
      title={t("charts.topClients")}
      description={t("charts.topClientsNote")}
      table={{
        headers: [t("clients.client"), t("charts.conversations")],
        rows: top.map((client) => [client.businessName, formatNumber(client.conversations.current, language)]),
      }}
    >
      {top.length === 0 ? (
        <p className="text-sm text-slate-600">{t("charts.noConversations")}</p>
      ) : (
        <BarList
          rows={top.map((client) => ({
            key: String(client.clientId),
            label: <bdi>{client.businessName}</bdi>,
            value: client.conversations.current,
            display: formatNumber(client.conversations.current, language),
          }))}
        />
      )}
    </ChartFrame>
  );
}

function ClientConversations({ analytics, language }: { analytics: Analytics; language: Language }) {
  const { t } = useTranslation("analytics");
  return (
    <section aria-labelledby="client-conversations" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 id="client-conversations" className="border-b border-slate-200 p-4 text-lg font-semibold">
        {t("clients.title")}
      </h2>
      {analytics.clients.length === 0 ? (
        <EmptyState title={t("clients.empty")} />
      ) : (
        <ResponsiveTable
          label={t("clients.title")}
          rows={analytics.clients}
          rowKey={(client) => client.clientId}
          columns={[
            { key: "client", header: t("clients.client"), cell: (client) => <bdi className="font-medium">{client.businessName}</bdi> },
            { key: "current", header: t("clients.current"), cell: (client) => formatNumber(client.conversations.current, language) },
            { key: "previous", header: t("clients.previous"), cell: (client) => formatNumber(client.conversations.previous, language) },
            {
              key: "change",
              header: t("clients.change"),
              cell: (client) => {
                const change = percentChange(client.conversations.current, client.conversations.previous);
                return (
                  <span dir="ltr" className="tabular-nums">
                    {change === null ? t("noData") : formatPercentChange(change, language)}
                  </span>
                );
              },
            },
          ]}
        />
      )}
    </section>
  );
}
