import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button.tsx";
import { formatCents, formatNumber } from "~/lib/format.ts";
import { EXAMPLE_MONTHLY_CONVERSATIONS, monthlyCost, PRICING } from "~/lib/pricing.ts";

const INCLUDED = ["alwaysOn", "inbox", "reports", "training", "plugin"] as const;

export function PricingCard() {
  const { t, i18n } = useTranslation("landing");
  const money = (cents: number) => formatCents(cents, i18n.language, PRICING.currency);
  const example = monthlyCost({ conversations: EXAMPLE_MONTHLY_CONVERSATIONS, articles: 0, solutions: 0 });
  return (
    <article
      aria-labelledby="plan-name"
      className="relative flex flex-col rounded-3xl border-2 border-brand-600 bg-white p-8 shadow-xl shadow-brand-600/10"
    >
      <h3 id="plan-name" className="text-lg font-semibold text-brand-700">
        {t("pricing.planName")}
      </h3>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
        <span className="text-5xl font-extrabold tracking-tight text-slate-900">{money(PRICING.monthlyBaseCents)}</span>
        <span className="text-lg text-slate-600">{t("pricing.perMonth")}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">{t("pricing.monthlyNote")}</p>
      <p className="mt-5 rounded-xl bg-brand-50 px-4 py-3 font-semibold text-brand-900">
        {t("pricing.usage", { price: money(PRICING.perConversationCents) })}
      </p>
      <p className="mt-4 flex flex-wrap items-center gap-x-2 text-slate-800">
        <span>{t("pricing.installation")}</span>
        <strong className="text-emerald-700">{t("pricing.installationFree")}</strong>
        <span className="text-slate-600">
          {t("pricing.installationListPrice")} <s>{money(PRICING.installationListPriceCents)}</s>
        </span>
      </p>
      <p className="mt-2 text-slate-800">
        {t("pricing.example", {
          conversations: formatNumber(EXAMPLE_MONTHLY_CONVERSATIONS, i18n.language),
          price: money(example.totalCents),
        })}
      </p>
      <h4 className="mt-6 text-sm font-semibold text-slate-900">{t("pricing.includedTitle")}</h4>
      <ul className="mt-3 space-y-2.5">
        {INCLUDED.map((item) => (
          <li key={item} className="flex items-start gap-2 text-slate-700">
            <Check className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-hidden="true" />
            {t(`pricing.included.${item}`)}
          </li>
        ))}
      </ul>
      <Button asChild size="lg" className="mt-8 w-full">
        <a href="#contact">{t("pricing.cta")}</a>
      </Button>
      <p className="mt-4 text-center text-sm text-slate-600">{t("pricing.vat")}</p>
    </article>
  );
}
