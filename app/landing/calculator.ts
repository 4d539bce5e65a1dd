import {
  EXAMPLE_MONTHLY_CONVERSATIONS,
  monthlyCost,
  readMonthlyQuantity,
  type MonthlyCost,
  type MonthlyUsage,
  type QuantityProblem,
} from "~/lib/pricing.ts";
import { formatNumber } from "~/lib/format.ts";

export const CALCULATOR_FIELDS = ["conversations", "articles", "solutions"] as const;
export type CalculatorField = (typeof CALCULATOR_FIELDS)[number];

/** The quantities as typed (kept as text, so a wrong entry is shown back as it was). */
export type CalculatorValues = Record<CalculatorField, string>;

export type CalculatorReading = {
  values: CalculatorValues;
  problems: Partial<Record<CalculatorField, QuantityProblem>>;
  /** Null while any quantity is wrong: a total that quietly ignored one would mislead. */
  cost: MonthlyCost | null;
};

/**
 * What the page hands its script so the live calculator speaks the page's language: the two error
 * texts, and each breakdown line's text with LINE_COUNT_PLACEHOLDER where the quantity goes.
 */
export type CalculatorTexts = {
  language: string;
  errors: Record<QuantityProblem, string>;
  lines: Record<CalculatorField, string>;
};

export const LINE_COUNT_PLACEHOLDER = "{count}";

/** A breakdown line's text for a quantity: "250 × $1". */
export const lineText = (texts: CalculatorTexts, field: CalculatorField, quantity: number) =>
  texts.lines[field].replace(LINE_COUNT_PLACEHOLDER, formatNumber(quantity, texts.language));

/** Which part of the month's cost each quantity's breakdown line shows. */
export const LINE_CENTS = {
  conversations: "conversationsCents",
  articles: "articlesCents",
  solutions: "solutionsCents",
} as const satisfies Record<CalculatorField, keyof MonthlyCost>;

/** What the calculator shows before anyone types: the pricing card's own example. */
export const DEFAULT_CALCULATOR_VALUES: CalculatorValues = {
  conversations: String(EXAMPLE_MONTHLY_CONVERSATIONS),
  articles: "0",
  solutions: "0",
};

/** The browser's live reading; the server reads the same rule through its zod schema. */
export function readCalculator(values: CalculatorValues): CalculatorReading {
  const problems: CalculatorReading["problems"] = {};
  const usage: MonthlyUsage = { conversations: 0, articles: 0, solutions: 0 };
  for (const field of CALCULATOR_FIELDS) {
    const reading = readMonthlyQuantity(values[field]);
    if (reading.problem) problems[field] = reading.problem;
    else usage[field] = reading.value;
  }
  return { values, problems, cost: Object.keys(problems).length === 0 ? monthlyCost(usage) : null };
}
