import { PRICE_LIST } from "#db/price-list.ts";

/**
 * The price list as the landing page and its calculator quote it, one line per billable item; the
 * figures are db/price-list.ts's, so billing and the page cannot disagree.
 */
export const PRICING = {
  currency: PRICE_LIST.currency,
  monthlyBaseCents: PRICE_LIST.monthlyFeeCents,
  perConversationCents: PRICE_LIST.perBillableMessageCents,
  perArticleCents: PRICE_LIST.perBillableMessageCents,
  perSolutionCents: PRICE_LIST.perBillableMessageCents,
  installationCents: PRICE_LIST.installationCents,
  installationListPriceCents: PRICE_LIST.installationListPriceCents,
  includesVat: PRICE_LIST.includesVat,
} as const;

/** What one more of each billable item adds to a month. */
export const UNIT_PRICE_CENTS = {
  conversations: PRICING.perConversationCents,
  articles: PRICING.perArticleCents,
  solutions: PRICING.perSolutionCents,
} as const satisfies Record<keyof MonthlyUsage, number>;

/** The calculator's bound per item and month: far beyond any small business, small enough to stay exact. */
export const MAX_MONTHLY_QUANTITY = 1_000_000;

/** The example the pricing card quotes: 100 conversations a month. */
export const EXAMPLE_MONTHLY_CONVERSATIONS = 100;

export type MonthlyUsage = { conversations: number; articles: number; solutions: number };

export type MonthlyCost = {
  baseCents: number;
  conversationsCents: number;
  articlesCents: number;
  solutionsCents: number;
  totalCents: number;
};

/** What a month costs: the base is charged every month, even one without any use. */
export function monthlyCost({ conversations, articles, solutions }: MonthlyUsage): MonthlyCost {
  const baseCents = PRICING.monthlyBaseCents;
  const conversationsCents = conversations * PRICING.perConversationCents;
  const articlesCents = articles * PRICING.perArticleCents;
  const solutionsCents = solutions * PRICING.perSolutionCents;
  return {
    baseCents,
    conversationsCents,
    articlesCents,
    solutionsCents,
    totalCents: baseCents + conversationsCents + articlesCents + solutionsCents,
  };
}

export type QuantityProblem = "notWholeNumber" | "tooLarge";

/**
 * The calculator's rule for one quantity, as typed: blank means none; otherwise a whole number
 * from 0 to MAX_MONTHLY_QUANTITY. The server's schema enforces the same rule for the page without JavaScript.
 */
export function readMonthlyQuantity(
  raw: string,
): { value: number; problem?: undefined } | { value?: undefined; problem: QuantityProblem } {
  const text = raw.trim();
  if (text === "") return { value: 0 };
  const value = Number(text);
  if (Number.isNaN(value) || value < 0 || (Number.isFinite(value) && !Number.isInteger(value))) {
    return { problem: "notWholeNumber" };
  }
  // A number too long for a double reads as Infinity: still a number, just too large.
  if (value > MAX_MONTHLY_QUANTITY) return { problem: "tooLarge" };
  return { value };
}
