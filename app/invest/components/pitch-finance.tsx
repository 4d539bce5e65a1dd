import { Cpu, Megaphone, Settings2, Users, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card.tsx";
import type { Language } from "~/i18n/config.ts";
import { formatNumber, formatPercent } from "~/lib/format.ts";
import { formatCompactMoney, formatMoney } from "~/invest/money.ts";
import { ColumnChart, DonutChart, SEGMENT_COLOURS } from "./pitch-charts.tsx";
import { MARKET, PITCH_MONEY, PROJECTED_CUSTOMERS, USE_OF_FUNDS } from "~/invest/pitch-figures.ts";
import { Section } from "./pitch-section.tsx";

export function Projections({ language }: { language: Language }) {
  const { t } = useTranslation("invest");
  const { currency, projectedRevenue } = PITCH_MONEY[language];
  const years = PROJECTED_CUSTOMERS.map((customers, index) => ({
    label: t("projections.yearLabel", { year: formatNumber(index + 1, language) }),
    customers,
    revenue: projectedRevenue[index]!,
    display: formatCompactMoney(projectedRevenue[index]!, currency, language),
  }));
  const targetShare = formatPercent((PROJECTED_CUSTOMERS.at(-1)! / MARKET.targetBusinesses) * 100, language);
  return (
    <Section id="projections" title={t("projections.title")} intro={t("projections.intro")} tone="muted">
      <figure className="grid items-center gap-10 lg:grid-cols-2">
        <ColumnChart
          rtl={language === "he"}
          title={t("projections.chartTitle")}
          description={t("projections.chartDescription", {
            year1: years[0]!.display,
            year2: years[1]!.display,
            year3: years[2]!.display,
          })}
          bars={years.map((year) => ({ label: year.label, value: year.revenue, display: year.display }))}
        />
        <div className="overflow-x-auto">
          <table className="w-full text-start">
            <caption className="mb-3 text-start font-medium text-slate-800">{t("projections.tableCaption")}</caption>
            <thead>
              <tr className="border-b border-slate-300 text-sm text-slate-600">
                <th scope="col" className="py-2 pe-4 text-start font-medium">
                  {t("projections.year")}
                </th>
                <th scope="col" className="py-2 pe-4 text-start font-medium">
                  {t("projections.customers")}
                </th>
                <th scope="col" className="py-2 text-start font-medium">
                  {t("projections.revenue")}
                </th>
              </tr>
            </thead>
            <tbody>
              {years.map((year) => (
                <tr key={year.label} className="border-b border-slate-100">
                  <th scope="row" className="py-3 pe-4 text-start font-medium">
                    {year.label}
                  </th>
                  <td className="py-3 pe-4">
                    <bdi>{formatNumber(year.customers, language)}</bdi>
                  </td>
                  <td className="py-3">
                    <bdi>{formatMoney(year.revenue, currency, language)}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-4 text-slate-700">{t("projections.note", { share: targetShare })}</p>
        </div>
      </figure>
    </Section>
  );
}

const FUND_ICONS: Record<(typeof USE_OF_FUNDS)[number]["key"], LucideIcon> = {
  technology: Cpu,
  marketing: Megaphone,
  team: Users,
  operations: Settings2,
};

export function UseOfFunds({ language, ask }: { language: Language; ask: string }) {
  const { t } = useTranslation("invest");
  const money = PITCH_MONEY[language];
  const parts = USE_OF_FUNDS.map((part) => ({
    ...part,
    label: t(`funds.${part.key}`),
    text: t(`funds.${part.key}Text`),
    share: formatPercent(part.percent, language),
    amount: formatCompactMoney((money.ask * part.percent) / 100, money.currency, language),
  }));
  const description = t(
    "funds.chartDescription",
    Object.fromEntries(parts.map((part) => [part.key, `${part.share} (${part.amount})`])),
  );
  return (
    <Section id="use-of-funds" title={t("funds.title")} intro={t("funds.intro", { ask })}>
      <figure className="grid items-center justify-items-center gap-10 md:grid-cols-[16rem_1fr] md:justify-items-stretch">
        <DonutChart
          title={t("funds.chartTitle")}
          description={description}
          centre={ask}
          segments={parts.map((part) => ({ label: part.label, percent: part.percent }))}
        />
        <ul className="grid gap-4 sm:grid-cols-2">
          {parts.map((part, index) => {
            const Icon = FUND_ICONS[part.key];
            return (
              <li key={part.key}>
                <Card className="h-full">
                  <div className="flex items-center gap-3">
                    <span
                      aria-hidden="true"
                      className="h-4 w-4 shrink-0 rounded-sm"
                      style={{ backgroundColor: SEGMENT_COLOURS[index] }}
                    />
                    <Icon className="h-5 w-5 text-slate-600" aria-hidden="true" />
                    <h3 className="font-semibold text-slate-900">{part.label}</h3>
                  </div>
                  <p className="mt-2 text-2xl font-bold text-slate-900">
                    <bdi>{t("funds.amount", { percent: part.share, amount: part.amount })}</bdi>
                  </p>
                  <p className="mt-2 text-sm text-slate-700">{part.text}</p>
                </Card>
              </li>
            );
          })}
        </ul>
      </figure>
    </Section>
  );
}
