import { CalendarClock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TitledCard } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { ResponsiveTable } from "~/components/ui/responsive-table.tsx";
import { intlLocaleOf, isLanguage } from "~/i18n/config.ts";
import { formatCents, formatNumber, formatPercentChange, percentChange } from "~/lib/format.ts";
import { USD_PER_ILS } from "#db/price-list.ts";
import type { MonthInProgress } from "../billing-page.server.ts";
import { formatPeriod } from "../format-period.ts";

/**
 * The month in progress, as the messages say right now: every billed client's base fee and usage so
 * far, their sum and last month up to the same day. Not a bill: nothing here can be paid yet.
 */
export function MonthInProgressCard({ month, timeZone }: { month: MonthInProgress; timeZone: string }) {
  const { t, i18n } = useTranslation("billing");
  const language = i18n.language;
  const money = (cents: number, currency = "USD") => (
    <bdi className="whitespace-nowrap tabular-nums">{formatCents(cents, language, currency)}</bdi>
  );
  const currencies = Object.entries(month.byCurrency);
  const count = (value: number) => <span className="tabular-nums">{formatNumber(value, language)}</span>;
  const payableFrom = new Intl.DateTimeFormat(intlLocaleOf(isLanguage(language) ? language : "en"), {
    dateStyle: "medium",
    timeZone,
  }).format(new Date(month.payableFrom));
  const change = percentChange(month.totalCents, month.previousCents);
  const previous = formatPeriod(month.previousPeriod, language);
  return (
    <TitledCard
      id="month-in-progress"
      title={t("inProgress.title", { period: formatPeriod(month.period, language) })}
      description={t("inProgress.description", { date: payableFrom })}
      className="space-y-3"
    >
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <p className="text-2xl font-semibold">
          {t("inProgress.total", { total: formatCents(month.totalCents, language) })}
        </p>
        <p className="text-sm text-slate-600">
          {change === null
            ? t("inProgress.noPrevious", { period: previous })
            : t("inProgress.against", { change: formatPercentChange(change, language), period: previous })}
        </p>
      </div>
      {currencies.some(([currency]) => currency !== "USD") ? (
        <p className="text-sm text-slate-600">
          {currencies.map(([currency, cents]) => formatCents(cents ?? 0, language, currency)).join(" · ")} ·{" "}
          {t("inProgress.converted", { rate: formatNumber(USD_PER_ILS.rate, language), date: USD_PER_ILS.asOf })}
        </p>
      ) : null}
      {month.bills.length === 0 ? (
        <EmptyState icon={CalendarClock} title={t("inProgress.empty")} />
      ) : (
        <ResponsiveTable
          label={t("inProgress.label")}
          rows={month.bills}
          rowKey={(bill) => bill.clientId}
          columns={[
            {
              key: "client",
              header: t("inProgress.columns.client"),
              className: "font-medium",
              cell: (bill) => (
                <Link
                  to={`/admin/clients/${bill.clientId}?tab=usage`}
                  aria-label={t("inProgress.usageOf", { client: bill.businessName })}
                  className="text-brand-700 hover:underline"
                >
                  <bdi>{bill.businessName}</bdi>
                </Link>
              ),
            },
            {
              key: "conversations",
              header: t("inProgress.columns.conversations"),
              cell: (bill) => count(bill.usage.conversation.count),
            },
            {
              key: "articles",
              header: t("inProgress.columns.articles"),
              cell: (bill) => count(bill.usage.article.count),
            },
            {
              key: "solutions",
              header: t("inProgress.columns.solutions"),
              cell: (bill) => count(bill.usage.solution.count),
            },
            {
              key: "tokens",
              header: t("inProgress.columns.tokens"),
              cell: (bill) => count(bill.tokens),
            },
            {
              key: "base",
              header: t("inProgress.columns.baseFee"),
              cell: (bill) => money(bill.baseFeeCents, bill.currency),
            },
            {
              key: "usage",
              header: t("inProgress.columns.usageFees"),
              cell: (bill) => money(bill.usageFeesCents, bill.currency),
            },
            {
              key: "total",
              header: t("inProgress.columns.total"),
              cell: (bill) => money(bill.totalCents, bill.currency),
              className: "font-semibold",
            },
          ]}
        />
      )}
    </TitledCard>
  );
}
