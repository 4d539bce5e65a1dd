import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { ResponsiveTable } from "~/components/ui/responsive-table.tsx";
import { intlLocaleOf, type Language } from "~/i18n/config.ts";
import { formatDate, formatDateTime, formatNumber, formatPercent } from "~/lib/format.ts";
import { cached } from "~/lib/intl-cache.ts";
import { sessionDetailPath } from "~/sessions/session-query.ts";
import type { RatingAnalytics } from "../rating-analytics.server.ts";
import { RATING_FACES, type RatingScore } from "~/lib/rating-rules.ts";

const oneDecimal = (value: number, language: Language) =>
  cached(
    `decimal-1|${intlLocaleOf(language)}`,
    () => new Intl.NumberFormat(intlLocaleOf(language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  ).format(value);

/**
 * "How did we do?" on the analytics page: each client's average rating and how many, beside the
 * share of its conversations Alex answered without a person; the average per week; and the lowest
 * rated conversations, each a link to its session.
 */
export function RatingAnalyticsSection({
  ratings,
  language,
  timeZone,
}: {
  ratings: RatingAnalytics;
  language: Language;
  timeZone: string;
}) {
  const { t } = useTranslation("analytics");
  const average = (value: number | null) =>
    value === null ? t("noData") : t("ratings.outOfFive", { value: oneDecimal(value, language) });
  return (
    <section aria-labelledby="ratings-title" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 p-4">
        <h2 id="ratings-title" className="text-lg font-semibold">
          {t("ratings.title")}
        </h2>
        <p className="text-sm text-slate-600">{t("ratings.subtitle")}</p>
      </div>
      {ratings.perClient.length === 0 ? (
        <EmptyState title={t("ratings.empty")} />
      ) : (
        <ResponsiveTable
          label={t("ratings.perClient")}
          rows={ratings.perClient}
          rowKey={(row) => row.clientId}
          columns={[
            {
              key: "client",
              header: t("ratings.client"),
              cell: (row) => <bdi className="font-medium">{row.businessName}</bdi>,
            },
            { key: "average", header: t("ratings.average"), cell: (row) => average(row.average) },
            { key: "count", header: t("ratings.count"), cell: (row) => formatNumber(row.ratings, language) },
            {
              key: "alexAlone",
              header: t("ratings.alexAlone"),
              cell: (row) => (row.alexAlone === null ? t("noData") : formatPercent(row.alexAlone * 100, language)),
            },
          ]}
        />
      )}
      <div className="grid gap-6 p-4 lg:grid-cols-2">
        <div>
          <h3 className="mb-2 font-semibold">{t("ratings.perWeek")}</h3>
          {ratings.perWeek.length === 0 ? (
            <p className="text-sm text-slate-600">{t("ratings.noneYet")}</p>
          ) : (
            <ResponsiveTable
              label={t("ratings.perWeek")}
              rows={ratings.perWeek}
              rowKey={(row) => row.week}
              columns={[
                {
                  key: "week",
                  header: t("ratings.week"),
                  cell: (row) => t("ratings.weekOf", { date: formatDate(`${row.week}T12:00:00Z`, language, "UTC") }),
                },
                { key: "average", header: t("ratings.average"), cell: (row) => average(row.average) },
                { key: "count", header: t("ratings.count"), cell: (row) => formatNumber(row.ratings, language) },
              ]}
            />
          )}
        </div>
        <div>
          <h3 id="lowest-rated" className="mb-2 font-semibold">
            {t("ratings.lowest")}
          </h3>
          {ratings.lowest.length === 0 ? (
            <p className="text-sm text-slate-600">{t("ratings.noneYet")}</p>
          ) : (
            <ul aria-labelledby="lowest-rated" className="divide-y divide-slate-100">
              {ratings.lowest.map((row) => (
                <li key={row.publicId} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
                  <span className="font-medium">
                    <span aria-hidden="true">{RATING_FACES[row.rating as RatingScore]} </span>
                    {t("ratings.score", { value: formatNumber(row.rating, language) })}
                  </span>
                  <bdi>{row.businessName}</bdi>
                  <span className="text-slate-600">{formatDateTime(row.ratedAt, language, timeZone)}</span>
                  {row.comment ? (
                    <q dir="auto" className="basis-full text-slate-700">
                      {row.comment}
                    </q>
                  ) : null}
                  <Link to={sessionDetailPath(row.publicId)} className="text-indigo-700 underline">
                    {t("ratings.open", { client: row.businessName })}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link to="/admin/chat-sessions?rating=low&period=all" className="mt-2 inline-block text-indigo-700 underline">
            {t("ratings.allLow")}
          </Link>
        </div>
      </div>
    </section>
  );
}
