import { CalendarClock, CreditCard, FileText, FileX, Lightbulb, MessagesSquare } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { ResponsiveTable } from "~/components/ui/responsive-table.tsx";
import { StatCard } from "~/components/ui/stat-card.tsx";
import { formatPeriod, statusTone } from "~/billing/format-period.ts";
import { formatCents, formatDate, formatNumber } from "~/lib/format.ts";

/** An amount in the page's language, kept in one piece. */
function MoneyText({ cents, currency }: { cents: number; currency: string }) {
  const { i18n } = useTranslation();
  return <bdi className="whitespace-nowrap tabular-nums">{formatCents(cents, i18n.language, currency)}</bdi>;
}

export type PortalMonth = {
  period: string;
  payableFrom: Date | string;
  usage: {
    conversations: number;
    articles: number;
    solutions: number;
    usageFeesCents: number;
    totalCents: number;
  } | null;
};

/** The business's month in progress: what it used so far and what that comes to (not a bill yet). */
export function PortalMonthUsage({ month, timeZone }: { month: PortalMonth; timeZone: string }) {
  const { t, i18n } = useTranslation("portal-business");
  const language = i18n.language;
  const count = (value: number) => formatNumber(value, language);
  return (
    <TitledCard
      id="month-usage"
      title={t("billing.usage.title", { period: formatPeriod(month.period, language) })}
      description={t("billing.usage.description", { date: formatDate(month.payableFrom, language, timeZone) })}
    >
      {month.usage ? (
        <ul
          aria-label={t("billing.usage.label")}
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5"
        >
          <li>
            <StatCard
              level={3}
              title={t("billing.usage.conversations")}
              icon={MessagesSquare}
              value={count(month.usage.conversations)}
            />
          </li>
          <li>
            <StatCard
              level={3}
              title={t("billing.usage.articles")}
              icon={FileText}
              value={count(month.usage.articles)}
            />
          </li>
          <li>
            <StatCard
              level={3}
              title={t("billing.usage.solutions")}
              icon={Lightbulb}
              value={count(month.usage.solutions)}
            />
          </li>
          <li>
            <StatCard
              level={3}
              title={t("billing.usage.usageFees")}
              icon={CreditCard}
              value={formatCents(month.usage.usageFeesCents, language)}
            />
          </li>
          <li>
            <StatCard
              level={3}
              title={t("billing.usage.total")}
              icon={CalendarClock}
              value={formatCents(month.usage.totalCents, language)}
            />
          </li>
        </ul>
      ) : (
        <EmptyState icon={CalendarClock} title={t("billing.usage.empty")} />
      )}
    </TitledCard>
  );
}

export type PortalBill = {
  id: number;
  billingPeriod: string;
  baseFeeCents: number;
  usageFeesCents: number;
  totalCents: number;
  currency: string;
  status: string;
  paidAt: Date | null;
  payToken: string | null;
};

/** The business's closed months' bills: amounts, status, and the public pay page of an unpaid one. */
export function PortalBills({ bills, timeZone }: { bills: PortalBill[]; timeZone: string }) {
  const { t, i18n } = useTranslation("portal-business");
  const { t: billing } = useTranslation("billing");
  const language = i18n.language;
  if (bills.length === 0) return <EmptyState icon={FileX} title={t("billing.bills.empty")} />;
  return (
    <ResponsiveTable
      label={t("billing.bills.title")}
      rows={bills}
      rowKey={(bill) => bill.id}
      columns={[
        {
          key: "period",
          header: billing("columns.period"),
          cell: (bill) => (
            <span className="whitespace-nowrap font-medium">{formatPeriod(bill.billingPeriod, language)}</span>
          ),
        },
        {
          key: "base",
          header: billing("columns.baseFee"),
          cell: (bill) => <MoneyText cents={bill.baseFeeCents} currency={bill.currency} />,
        },
        {
          key: "usage",
          header: billing("columns.usageFees"),
          cell: (bill) => <MoneyText cents={bill.usageFeesCents} currency={bill.currency} />,
        },
        {
          key: "total",
          header: billing("columns.total"),
          cell: (bill) => <MoneyText cents={bill.totalCents} currency={bill.currency} />,
          className: "font-semibold",
        },
        {
          key: "status",
          header: billing("columns.status"),
          cell: (bill) => (
            <Badge tone={statusTone(bill.status)}>
              {billing(`status.${bill.status}`, { defaultValue: bill.status })}
            </Badge>
          ),
        },
        {
          key: "payment",
          header: billing("columns.actions"),
          cell: (bill) =>
            bill.payToken ? (
              <Button asChild size="sm">
                <a
                  href={`/pay/${bill.payToken}`}
                  aria-label={t("billing.bills.payFor", { period: formatPeriod(bill.billingPeriod, language) })}
                >
                  <CreditCard className="h-4 w-4" aria-hidden="true" />
                  {t("billing.bills.pay")}
                </a>
              </Button>
            ) : bill.paidAt ? (
              <span className="text-sm text-slate-600">
                {billing("actions.paidAt", { date: formatDate(bill.paidAt, language, timeZone) })}
              </span>
            ) : null,
        },
      ]}
    />
  );
}
