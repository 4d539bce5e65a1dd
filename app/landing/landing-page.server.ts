import { z } from "zod";
import type { RouterContextProvider } from "react-router";
import { getTranslator } from "~/i18n/middleware.server.ts";
import {
  CALCULATOR_FIELDS,
  DEFAULT_CALCULATOR_VALUES,
  readCalculator,
  type CalculatorField,
  type CalculatorReading,
  type CalculatorValues,
} from "~/landing/calculator.ts";
import { monthlyCost, readMonthlyQuantity, type QuantityProblem } from "~/lib/pricing.ts";

const quantity = z
  .string()
  .default("")
  .transform((raw, context) => {
    const reading = readMonthlyQuantity(raw);
    if (reading.problem) {
      context.addIssue({ code: "custom", message: reading.problem });
      return z.NEVER;
    }
    return reading.value;
  });

/** The calculator's GET form, `/?conversations=100&articles=0&solutions=0#calculator`, for browsers without JavaScript. */
const calculatorQuerySchema = z.object({ conversations: quantity, articles: quantity, solutions: quantity });

const confirmationQuerySchema = z.object({
  contact: z.enum(["sent"]).optional().catch(undefined),
  newsletter: z.enum(["subscribed", "already"]).optional().catch(undefined),
});

export function readCalculatorQuery(searchParams: URLSearchParams): CalculatorReading {
  const asked = CALCULATOR_FIELDS.some((field) => searchParams.has(field));
  if (!asked) return readCalculator(DEFAULT_CALCULATOR_VALUES);
  const values = Object.fromEntries(
    CALCULATOR_FIELDS.map((field) => [field, searchParams.get(field) ?? ""]),
  ) as CalculatorValues;
  const parsed = calculatorQuerySchema.safeParse(values);
  if (parsed.success) return { values, problems: {}, cost: monthlyCost(parsed.data) };
  const problems: CalculatorReading["problems"] = {};
  for (const issue of parsed.error.issues) {
    problems[issue.path[0] as CalculatorField] = issue.message as QuantityProblem;
  }
  return { values, problems, cost: null };
}

/**
 * What the landing page needs, whichever route renders it: `/` itself, or `/contact` and
 * `/newsletter` when a form posted without JavaScript comes back with errors.
 */
export function loadLandingPage({ url, context }: { url: URL; context: Readonly<RouterContextProvider> }) {
  const t = getTranslator(context);
  return {
    title: t("meta.title", { ns: "landing" }),
    description: t("meta.description", { ns: "landing" }),
    calculator: readCalculatorQuery(url.searchParams),
    confirmation: confirmationQuerySchema.parse({
      contact: url.searchParams.get("contact") ?? undefined,
      newsletter: url.searchParams.get("newsletter") ?? undefined,
    }),
  };
}

export type LandingPageData = ReturnType<typeof loadLandingPage>;
