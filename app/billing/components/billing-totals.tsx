import { CheckCircle2, Clock, TrendingUp, TriangleAlert, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatPeriod } from "~/billing/format-period.ts";
import { StatCard } from "~/components/ui/stat-card.tsx";
import { formatCents, formatNumber, formatPercentChange, percentChange } from "~/lib/format.ts";

const STATUS_CARDS: { status: string; icon: LucideIcon }[] = [
  { status: "paid", icon: CheckCircle2 },
  { status: "pending", icon: Clock },
  { status: "overdue", icon: TriangleAlert },
];

type Props = {
  totals: { status: string; totalCents: number; records: number }[];
  /** What was given back of the paid bills (they stay paid): shown under the paid card. */
  refunded: { totalCents: number; records: number };
  change: { period: string; previousPeriod: string; current: number; previous: number };
  recordCount: number;
};

/** The billing page's sums: one card per bill status, the change against the month before, and the grand total. */
export function BillingTotals({ totals, refunded, change, recordCount }: Props) {
  const { t, i18n } = useTranslation("billing");
  const language = i18n.language;
  const billedChange = percentChange(change.current, change.previous);
  const grandTotal = totals.reduce((sum, total) => sum + total.totalCents, 0);
  return (
    <section aria-labelledby="billing-totals" className="space-y-3">
      <h2 id="billing-totals" className="sr-only">
        {t("totals.title")}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {STATUS_CARDS.map(({ status, icon }) => {
          const total = totals.find((candidate) => candidate.status === status);
          return (
            <StatCard
              key={status}
              level={3}
              icon={icon}
              title={t(`status.${status}`)}
              value={formatCents(total?.totalCents ?? 0, language)}
              caption={
                <span className="text-slate-600">
                  {t("totals.records", {
                    count: total?.records ?? 0,
                    formatted: formatNumber(total?.records ?? 0, language),
                  })}
                  {status === "paid" && refunded.records > 0
                    ? ` · ${t("totals.refunded", {
                        count: refunded.records,
                        formatted: formatNumber(refunded.records, language),
                        total: formatCents(refunded.totalCents, language),
                      })}`
                    : null}
                </span>
              }
            />
          );
        })}
        <StatCard
          level={3}
          icon={TrendingUp}
          title={t("change.title", { period: formatPeriod(change.period, language) })}
          value={formatCents(change.current, language)}
          caption={
            <span className="text-slate-600">
              {billedChange === null
                ? t("change.noPrevious", { period: formatPeriod(change.previousPeriod, language) })
                : t("change.against", {
                    change: formatPercentChange(billedChange, language),
                    period: formatPeriod(change.previousPeriod, language),
                  })}
            </span>
          }
        />
      </div>
      <p className="text-sm text-slate-600">
        {t("totals.sum", {
          count: recordCount,
          records: formatNumber(recordCount, language),
          total: formatCents(grandTotal, language),
        })}
        {totals
          .filter((total) => !STATUS_CARDS.some((card) => card.status === total.status) && total.records > 0)
          .map((total) => ` · ${total.status}: ${formatCents(total.totalCents, language)}`)
          .join("")}
      </p>
    </section>
  );
}
