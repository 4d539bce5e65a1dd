import clsx from "clsx";
import { DollarSign, FileText, MessageSquare, Users, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, Skeleton } from "~/components/ui/card.tsx";
import { StatCard } from "~/components/ui/stat-card.tsx";
import { formatCents, formatNumber, formatPercentChange, percentChange } from "~/lib/format.ts";
import type { Comparison } from "~/models/stats.server.ts";
import type { DashboardFigures } from "../dashboard-page.server.ts";

const STAT_CARDS: { key: keyof DashboardFigures; icon: LucideIcon; money?: boolean; period: "month" | "day" }[] = [
  { key: "activeClients", icon: Users, period: "month" },
  { key: "monthlyRevenueCents", icon: DollarSign, money: true, period: "month" },
  { key: "todayConversations", icon: MessageSquare, period: "day" },
  { key: "articlesGenerated", icon: FileText, period: "month" },
];

/** The four figures of the month (or the day) against the one before. */
export function StatCards({ stats }: { stats: DashboardFigures }) {
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
              caption={
                <>
                  <ChangeCaption current={current} previous={previous} period={period} />
                  {key === "monthlyRevenueCents" ? <CurrencySums sums={stats.monthlyRevenueCents.byCurrency} /> : null}
                </>
              }
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
        className={clsx(
          "font-medium",
          change > 0 && "text-emerald-700",
          change < 0 && "text-red-700",
          change === 0 && "text-slate-600",
        )}
        dir="ltr"
      >
        {formatPercentChange(change, i18n.language)}
      </span>{" "}
      <span className="text-slate-600">{against}</span>
    </p>
  );
}
/**
 * Each currency's own sum, once any client is billed in another currency than dollars: the figure above
 * adds shekels at the price list's fixed rate, and the bookkeeper wants the amounts as billed.
 */
function CurrencySums({ sums }: { sums: DashboardFigures["monthlyRevenueCents"]["byCurrency"] }) {
  const { t, i18n } = useTranslation("admin");
  const entries = Object.entries(sums);
  if (!entries.some(([currency]) => currency !== "USD")) return null;
  const amounts = entries.map(([currency, cents]) => formatCents(cents ?? 0, i18n.language, currency)).join(" · ");
  return (
    <p className="text-slate-600">
      {t("dashboard.byCurrency")} <bdi className="whitespace-nowrap tabular-nums">{amounts}</bdi>
    </p>
  );
}

/** The figures' place while they load. */
export function StatsSkeleton({ label }: { label: string }) {
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
