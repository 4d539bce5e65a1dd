import { useTranslation } from "react-i18next";
import { ChannelIcon, useChannelLabel } from "~/components/channel-icon.tsx";
import { dateLocaleOf, type Language } from "~/i18n/config.ts";
import { formatCents, formatDate, formatNumber } from "~/lib/format.ts";
import type { Analytics } from "../analytics.server.ts";
import { TOP_CLIENTS_CHARTED } from "../periods.ts";
import { REVENUE_STREAMS, type RevenueStream } from "../revenue.ts";
import { BarList, ChartFrame, ColumnChart, StackedColumnChart, type StackSeries } from "./charts.tsx";

const STREAM_COLOURS: Record<RevenueStream, string> = {
  baseFees: "bg-brand-700",
  conversations: "bg-brand-500",
  articles: "bg-sky-400",
  solutions: "bg-emerald-500",
  functions: "bg-amber-400",
};

/** The dates, days and months of the page in its language. */
export function makeFormats(language: Language, timeZone: string) {
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

export function ConversationsPerDay({ analytics, formats }: { analytics: Analytics; formats: Formats }) {
  const { t, i18n } = useTranslation("analytics");
  const points = analytics.conversationsPerDay.map((point) => ({
    key: point.day,
    value: point.conversations,
    label: formats.day(point.day),
  }));
  const peak = Math.max(0, ...points.map((point) => point.value));
  return (
    <ChartFrame
      id="chart-per-day"
      title={t("charts.perDay")}
      table={{
        headers: [t("charts.day"), t("charts.conversations")],
        rows: analytics.conversationsPerDay.map((point) => [
          formats.day(point.day),
          formatNumber(point.conversations, i18n.language),
        ]),
      }}
    >
      <ColumnChart points={points} peakLabel={t("charts.perDayPeak", { value: formatNumber(peak, i18n.language) })} />
    </ChartFrame>
  );
}

export function MessagesByType({ analytics, language }: { analytics: Analytics; language: Language }) {
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

export function ConversationsByChannel({ analytics, language }: { analytics: Analytics; language: Language }) {
  const { t } = useTranslation("analytics");
  const channelLabel = useChannelLabel();
  const rows = analytics.conversationsByChannel;
  return (
    <ChartFrame
      id="chart-by-channel"
      title={t("charts.byChannel")}
      description={t("charts.byChannelNote")}
      table={{
        headers: [t("channels.label", { ns: "common" }), t("charts.current"), t("charts.previous")],
        rows: rows.map((row) => [
          channelLabel(row.channel),
          formatNumber(row.conversations.current, language),
          formatNumber(row.conversations.previous, language),
        ]),
      }}
    >
      <BarList
        rows={rows.map((row) => ({
          key: row.channel,
          label: <ChannelIcon channel={row.channel} withLabel />,
          value: row.conversations.current,
          display: formatNumber(row.conversations.current, language),
        }))}
      />
    </ChartFrame>
  );
}

export function RevenueByMonth({
  analytics,
  formats,
  language,
}: {
  analytics: Analytics;
  formats: Formats;
  language: Language;
}) {
  const { t } = useTranslation("analytics");
  const series: StackSeries[] = REVENUE_STREAMS.map((stream) => ({
    key: stream,
    label: t(`streams.${stream}`),
    className: STREAM_COLOURS[stream],
  }));
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
        groups={analytics.revenueByMonth.map((month) => ({
          key: month.month,
          label: formats.month(month.month),
          values: month.streams,
        }))}
        peakLabel={t("charts.revenuePeak", { value: formatCents(peak, language) })}
      />
    </ChartFrame>
  );
}

export function TopClients({ analytics, language }: { analytics: Analytics; language: Language }) {
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
