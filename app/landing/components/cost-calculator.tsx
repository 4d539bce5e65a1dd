import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button.tsx";
import { TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import {
  CALCULATOR_FIELDS,
  LINE_CENTS,
  LINE_COUNT_PLACEHOLDER,
  lineText,
  type CalculatorField,
  type CalculatorReading,
  type CalculatorTexts,
} from "~/landing/calculator.ts";
import { formatCents, formatNumber } from "~/lib/format.ts";
import { MAX_MONTHLY_QUANTITY, monthlyCost, PRICING, UNIT_PRICE_CENTS } from "~/lib/pricing.ts";

const NO_USE = monthlyCost({ conversations: 0, articles: 0, solutions: 0 });

/**
 * A GET form to `/`, whose loader reads the quantities (`served`) and renders the total. Once the
 * page's script runs (app/islands/enhance.ts) it recomputes as the visitor types, with the same
 * rule and the texts the server put in `data-calculator`; the `data-calculator-*` attributes mark
 * what it rewrites.
 */
export function CostCalculator({ served }: { served: CalculatorReading }) {
  const { t, i18n } = useTranslation("landing");
  const language = i18n.language;
  const money = (cents: number) => formatCents(cents, language, PRICING.currency);
  const maximum = formatNumber(MAX_MONTHLY_QUANTITY, language);
  const texts: CalculatorTexts = {
    language,
    errors: {
      notWholeNumber: t("calculator.errors.notWholeNumber"),
      tooLarge: t("calculator.errors.tooLarge", { max: maximum }),
    },
    lines: Object.fromEntries(
      CALCULATOR_FIELDS.map((field) => [
        field,
        t("calculator.line", { count: LINE_COUNT_PLACEHOLDER, unitPrice: money(UNIT_PRICE_CENTS[field]) }),
      ]),
    ) as Record<CalculatorField, string>,
  };
  // While a quantity is wrong the breakdown is hidden; it holds a month of no use, not the wrong figures.
  const cost = served.cost ?? NO_USE;
  const countOf = (field: CalculatorField) => (served.cost ? Number(served.values[field] || 0) : 0);
  const problemOf = (field: CalculatorField) => {
    const problem = served.problems[field];
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
      <FormMessages ns="landing" values={{ max: maximum }}>
        <form method="get" action="/#calculator" noValidate data-calculator={JSON.stringify(texts)} className="mt-6">
          <div className="grid gap-4 sm:grid-cols-3">
            {CALCULATOR_FIELDS.map((field) => (
              <TextField
                key={field}
                id={`calculator-${field}`}
                label={t(`calculator.${field}`)}
                errors={problemOf(field)}
                errorSlot
                type="number"
                name={field}
                inputMode="numeric"
                min={0}
                max={MAX_MONTHLY_QUANTITY}
                step={1}
                dir="ltr"
                defaultValue={served.values[field]}
              />
            ))}
          </div>
          <Button type="submit" variant="secondary" data-calculator-submit className="mt-4">
            {t("calculator.calculate")}
          </Button>
        </form>
      </FormMessages>

      <div className="mt-8 rounded-2xl bg-slate-50 p-5">
        <h4 className="text-sm font-semibold text-slate-900">{t("calculator.breakdownTitle")}</h4>
        <dl className="mt-3 space-y-2 text-sm" hidden={!served.cost} data-calculator-breakdown>
          <BreakdownLine label={t("calculator.base")} amount={money(cost.baseCents)} />
          {CALCULATOR_FIELDS.map((field) => (
            <BreakdownLine
              key={field}
              field={field}
              label={t(`calculator.${field}`)}
              detail={lineText(texts, field, countOf(field))}
              amount={money(cost[LINE_CENTS[field]])}
            />
          ))}
          <BreakdownLine label={t("calculator.installation")} amount={t("calculator.installationFree")} />
        </dl>
        <div className="mt-4 border-t border-slate-200 pt-4" role="status">
          <p className="flex flex-wrap items-baseline justify-between gap-2" hidden={!served.cost} data-calculator-cost>
            <span className="font-semibold text-slate-900">{t("calculator.total")}</span>
            <span>
              <span className="text-3xl font-extrabold text-brand-700" data-calculator-total>
                {money(cost.totalCents)}
              </span>
              <span className="ms-2 text-sm text-slate-600">{t("calculator.vat")}</span>
            </span>
          </p>
          <p className="text-sm font-medium text-red-700" hidden={Boolean(served.cost)} data-calculator-fix>
            {t("calculator.fixErrors")}
          </p>
        </div>
      </div>
    </section>
  );
}

type BreakdownLineProps = { label: string; amount: string; detail?: string; field?: CalculatorField };

function BreakdownLine({ label, amount, detail, field }: BreakdownLineProps) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt>
        <span className="block text-slate-700">{label}</span>
        {detail ? (
          <span className="block text-xs text-slate-600">
            <bdi data-calculator-detail={field}>{detail}</bdi>
          </span>
        ) : null}
      </dt>
      <dd className="font-medium text-slate-900" data-calculator-amount={field}>
        {amount}
      </dd>
    </div>
  );
}
