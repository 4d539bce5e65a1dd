import { useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button.tsx";
import { TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import {
  CALCULATOR_FIELDS,
  readCalculator,
  type CalculatorField,
  type CalculatorReading,
  type CalculatorValues,
} from "~/landing/calculator.ts";
import { formatCents, formatNumber } from "~/lib/format.ts";
import { MAX_MONTHLY_QUANTITY, PRICING } from "~/lib/pricing.ts";

const UNIT_PRICE_CENTS: Record<CalculatorField, number> = {
  conversations: PRICING.perConversationCents,
  articles: PRICING.perArticleCents,
  solutions: PRICING.perSolutionCents,
};
const LINE_CENTS = {
  conversations: "conversationsCents",
  articles: "articlesCents",
  solutions: "solutionsCents",
} as const;

/**
 * Recomputes as the visitor types. Without JavaScript it is a GET form to `/`, whose loader
 * reads the same quantities (`served`) and renders the total.
 */
export function CostCalculator({ served }: { served: CalculatorReading }) {
  const { t, i18n } = useTranslation("landing");
  const [typed, setTyped] = useState<CalculatorValues | null>(null);
  const reading = typed ? readCalculator(typed) : served;
  const money = (cents: number) => formatCents(cents, i18n.language, PRICING.currency);
  const change = (field: CalculatorField) => (event: ChangeEvent<HTMLInputElement>) =>
    setTyped({ ...reading.values, [field]: event.target.value });
  const problemOf = (field: CalculatorField) => {
    const problem = reading.problems[field];
    return problem ? [`calculator.errors.${problem}`] : undefined;
  };

  return (
    <section
      id="calculator"
      aria-labelledby="calculator-title"
      className="scroll-mt-20 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h3 id="calculator-title" className="text-2xl font-bold tracking-tight text-slate-900">
        {t("calculator.title")}
      </h3>
      <p className="mt-2 text-slate-600">{t("calculator.subtitle")}</p>
      <FormMessages ns="landing" values={{ max: formatNumber(MAX_MONTHLY_QUANTITY, i18n.language) }}>
        <form
          method="get"
          action="/#calculator"
          noValidate
          onSubmit={(event) => event.preventDefault()}
          className="mt-6"
        >
          <div className="grid gap-4 sm:grid-cols-3">
            {CALCULATOR_FIELDS.map((field) => (
              <TextField
                key={field}
                label={t(`calculator.${field}`)}
                errors={problemOf(field)}
                type="number"
                name={field}
                inputMode="numeric"
                min={0}
                max={MAX_MONTHLY_QUANTITY}
                step={1}
                dir="ltr"
                value={reading.values[field]}
                onChange={change(field)}
              />
            ))}
          </div>
          <noscript>
            <Button type="submit" variant="secondary" className="mt-4">
              {t("calculator.calculate")}
            </Button>
          </noscript>
        </form>
      </FormMessages>

      <div className="mt-8 rounded-2xl bg-slate-50 p-5">
        <h4 className="text-sm font-semibold text-slate-900">{t("calculator.breakdownTitle")}</h4>
        {reading.cost ? (
          <dl className="mt-3 space-y-2 text-sm">
            <BreakdownLine label={t("calculator.base")} amount={money(reading.cost.baseCents)} />
            {CALCULATOR_FIELDS.map((field) => (
              <BreakdownLine
                key={field}
                label={t(`calculator.${field}`)}
                detail={t("calculator.line", {
                  count: formatNumber(Number(reading.values[field] || 0), i18n.language),
                  unitPrice: money(UNIT_PRICE_CENTS[field]),
                })}
                amount={money(reading.cost![LINE_CENTS[field]])}
              />
            ))}
            <BreakdownLine label={t("calculator.installation")} amount={t("calculator.installationFree")} />
          </dl>
        ) : null}
        <div className="mt-4 border-t border-slate-200 pt-4" role="status">
          {reading.cost ? (
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold text-slate-900">{t("calculator.total")}</span>
              <span>
                <span className="text-3xl font-extrabold text-brand-700">{money(reading.cost.totalCents)}</span>
                <span className="ms-2 text-sm text-slate-600">{t("calculator.vat")}</span>
              </span>
            </p>
          ) : (
            <p className="text-sm font-medium text-red-700">{t("calculator.fixErrors")}</p>
          )}
        </div>
      </div>
    </section>
  );
}

function BreakdownLine({ label, detail, amount }: { label: string; detail?: string; amount: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt>
        <span className="block text-slate-700">{label}</span>
        {detail ? (
          <span className="block text-xs text-slate-600">
            <bdi>{detail}</bdi>
          </span>
        ) : null}
      </dt>
      <dd className="font-medium text-slate-900">{amount}</dd>
    </div>
  );
}
