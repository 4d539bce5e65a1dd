import { dollarsOf, PRICE_LIST } from "#db/price-list.ts";
import type { Language } from "~/i18n/config.ts";

/**
 * The pitch's figures. Words live in the invest locale files; the numbers live here
 * so the charts can draw them and Intl can write them in each language.
 */
export const MARKET = { existingBusinesses: 1_270, targetBusinesses: 304_000, totalBusinesses: 760_000 } as const;

/** Paying businesses at the end of each year of the plan. */
export const PROJECTED_CUSTOMERS = [1_000, 4_000, 10_000] as const;

/** How the whole round will be spent, split four ways. */
export const USE_OF_FUNDS = [
  { key: "technology", percent: 30 },
  { key: "marketing", percent: 40 },
  { key: "team", percent: 20 },
  { key: "operations", percent: 10 },
] as const;

/** The conversations of a typical client's month, which the revenue projection assumes. */
const TYPICAL_MONTHLY_CONVERSATIONS = 100;

export type PitchMoney = {
  currency: "USD" | "ILS";
  ask: number;
  monthlyFee: number;
  perConversation: number;
  /** A typical month: the fee plus TYPICAL_MONTHLY_CONVERSATIONS conversations. */
  typicalMonth: number;
  /** Revenue of each year of the plan: the average paying businesses of the year at a typical month's price. */
  projectedRevenue: readonly [number, number, number];
};

/** The pitch quotes the shekel prices at this many shekels to the dollar (the rate the business plan was written with). */
export const SHEKELS_PER_DOLLAR = 3.6;

/** The average of each year's first and last paying businesses (the year starts at the previous year's end). */
const averageCustomers = PROJECTED_CUSTOMERS.map(
  (atEnd, year) => ((year === 0 ? 0 : (PROJECTED_CUSTOMERS[year - 1] ?? 0)) + atEnd) / 2,
);

/** One pitch's money at a rate from dollars: the prices come from db/price-list.ts, so the pitch quotes what clients pay. */
function pitchMoney(currency: PitchMoney["currency"], ask: number, perDollar: number): PitchMoney {
  const monthlyFee = dollarsOf(PRICE_LIST.monthlyFeeCents) * perDollar;
  const perConversation = dollarsOf(PRICE_LIST.perBillableMessageCents) * perDollar;
  const typicalMonth = monthlyFee + TYPICAL_MONTHLY_CONVERSATIONS * perConversation;
  const [year1, year2, year3] = averageCustomers.map((customers) => Math.round(customers * typicalMonth * 12));
  return {
    currency,
    ask,
    monthlyFee,
    perConversation,
    typicalMonth,
    projectedRevenue: [year1 ?? 0, year2 ?? 0, year3 ?? 0],
  };
}

/** The English pitch is in dollars, the Hebrew one in shekels: a round of $500K or 1.8M shekels. */
export const PITCH_MONEY: Record<Language, PitchMoney> = {
  en: pitchMoney("USD", 500_000, 1),
  he: pitchMoney("ILS", 1_800_000, SHEKELS_PER_DOLLAR),
};
