import { Building2, Clock, Globe2, Lightbulb, MessageCircle, Target } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card.tsx";
import type { Language } from "~/i18n/config.ts";
import { formatNumber, formatPercent } from "~/lib/format.ts";
import { formatMoney } from "~/invest/money.ts";
import { MARKET, PITCH_MONEY } from "~/invest/pitch-figures.ts";
import { IconCard, Section } from "./pitch-section.tsx";

export function Highlights({ language }: { language: Language }) {
  const { t } = useTranslation("invest");
  const money = PITCH_MONEY[language];
  const figures = [
    { value: formatNumber(MARKET.existingBusinesses, language), label: t("highlights.existing") },
    { value: formatNumber(MARKET.targetBusinesses, language), label: t("highlights.target") },
    { value: formatNumber(MARKET.totalBusinesses, language), label: t("highlights.market") },
    {
      value: formatMoney(money.monthlyFee, money.currency, language),
      label: t("highlights.price", { usage: formatMoney(money.perConversation, money.currency, language) }),
    },
  ];
  return (
    <section aria-label={t("highlights.label")} className="border-b border-slate-200 bg-white px-4 py-10">
      <dl className="mx-auto grid max-w-6xl gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="flex flex-col-reverse text-center">
            <dt className="mt-1 text-sm text-slate-600">{figure.label}</dt>
            <dd className="text-3xl font-bold text-brand-700">
              <bdi>{figure.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function Opportunity() {
  const { t } = useTranslation("invest");
  return (
    <Section id="opportunity" title={t("opportunity.title")}>
      <div className="grid gap-6 md:grid-cols-3">
        <IconCard icon={Clock}>
          <p>{t("opportunity.problem")}</p>
        </IconCard>
        <IconCard icon={MessageCircle}>
          <p>{t("opportunity.solution")}</p>
        </IconCard>
        <IconCard icon={Lightbulb}>
          <p>{t("opportunity.why")}</p>
        </IconCard>
      </div>
    </Section>
  );
}

export function MarketSize({ language }: { language: Language }) {
  const { t } = useTranslation("invest");
  const share = formatPercent((MARKET.targetBusinesses / MARKET.totalBusinesses) * 100, language);
  const cards = [
    { icon: Globe2, value: MARKET.totalBusinesses, title: t("market.total"), text: t("market.totalText") },
    {
      icon: Target,
      value: MARKET.targetBusinesses,
      title: t("market.target"),
      text: t("market.targetText", { share }),
    },
    {
      icon: Building2,
      value: MARKET.existingBusinesses,
      title: t("market.existing"),
      text: t("market.existingText", { number: formatNumber(MARKET.existingBusinesses, language) }),
    },
  ];
  return (
    <Section id="market" title={t("market.title")} intro={t("market.intro")} tone="muted">
      <div className="grid gap-6 md:grid-cols-3">
        {cards.map((card) => (
          <IconCard key={card.title} icon={card.icon} title={card.title}>
            <p className="text-3xl font-bold text-brand-700">
              <bdi>{formatNumber(card.value, language)}</bdi>
            </p>
            <p className="mt-2">{card.text}</p>
          </IconCard>
        ))}
      </div>
      <figure className="mt-10 max-w-3xl">
        <figcaption className="font-medium text-slate-800">{t("market.chartTitle")}</figcaption>
        <div className="mt-3 space-y-3" aria-hidden="true">
          <div className="h-6 w-full rounded-full bg-slate-200">
            <div
              className="h-6 rounded-full bg-brand-600"
              style={{ width: `${(MARKET.targetBusinesses / MARKET.totalBusinesses) * 100}%` }}
            />
          </div>
        </div>
        <p className="mt-3 text-sm text-slate-600">
          {t("market.chartDescription", {
            target: formatNumber(MARKET.targetBusinesses, language),
            total: formatNumber(MARKET.totalBusinesses, language),
            existing: formatNumber(MARKET.existingBusinesses, language),
            share,
          })}
        </p>
      </figure>
    </Section>
  );
}

export function BusinessModel({ language }: { language: Language }) {
  const { t } = useTranslation("invest");
  const { currency, monthlyFee, perConversation, typicalMonth } = PITCH_MONEY[language];
  const prices = [
    { amount: monthlyFee, label: t("model.monthly") },
    { amount: perConversation, label: t("model.usage") },
    { amount: 0, label: t("model.setup") },
  ];
  return (
    <Section id="business-model" title={t("model.title")} intro={t("model.intro")}>
      <ul className="grid gap-6 md:grid-cols-3">
        {prices.map((price) => (
          <li key={price.label}>
            <Card className="h-full text-center">
              <p className="text-4xl font-bold text-brand-700">
                <bdi>{formatMoney(price.amount, currency, language)}</bdi>
              </p>
              <p className="mt-2 text-slate-700">{price.label}</p>
            </Card>
          </li>
        ))}
      </ul>
      <div className="mt-8 space-y-2 text-lg text-slate-700">
        <p>{t("model.example", { total: formatMoney(typicalMonth, currency, language) })}</p>
        <p>{t("model.margin")}</p>
      </div>
    </Section>
  );
}
