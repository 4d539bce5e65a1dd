import { useTranslation } from "react-i18next";
import type { Route } from "./+types/analytics";
import { loadAnalytics } from "~/analytics/analytics.server.ts";
import {
  ConversationsByChannel,
  ConversationsPerDay,
  makeFormats,
  MessagesByType,
  RevenueByMonth,
  TopClients,
} from "~/analytics/components/analytics-charts.tsx";
import { ClientConversations } from "~/analytics/components/client-conversations.tsx";
import { KeyFigures } from "~/analytics/components/key-figures.tsx";
import { ANALYTICS_PERIODS, periodSchema } from "~/analytics/periods.ts";
import { loadRatingAnalytics } from "~/ratings/rating-analytics.server.ts";
import { RatingAnalyticsSection } from "~/ratings/components/rating-analytics.tsx";
import { LinkTabs } from "~/components/ui/link-tabs.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { databaseContext, envContext } from "~/context.ts";
import { isLanguage, type Language } from "~/i18n/config.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { formatNumber } from "~/lib/format.ts";

export const handle = { i18n: ["analytics"] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const timeZone = context.get(envContext).TZ_DISPLAY;
  const days = periodSchema.parse(url.searchParams.get("days") ?? undefined);
  const db = context.get(databaseContext);
  const analytics = await loadAnalytics(db, { days, timeZone });
  return {
    title: getTranslator(context)("title", { ns: "analytics" }),
    timeZone,
    analytics,
    ratings: await loadRatingAnalytics(db, {
      start: analytics.window.currentStart,
      now: analytics.window.now,
      timeZone,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Analytics"} | Alex` }];

export default function AnalyticsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("analytics");
  const { analytics, ratings, timeZone } = loaderData;
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
          tabs={ANALYTICS_PERIODS.map((period) => ({
            value: String(period),
            label: t("periods.option", { days: formatNumber(period, language) }),
          }))}
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
        <ConversationsByChannel analytics={analytics} language={language} />
        <RevenueByMonth analytics={analytics} formats={formats} language={language} />
        <TopClients analytics={analytics} language={language} />
      </div>

      <RatingAnalyticsSection ratings={ratings} language={language} timeZone={timeZone} />

      <ClientConversations analytics={analytics} language={language} />
    </div>
  );
}
