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

export type PitchMoney = {
  currency: "USD" | "ILS";
  ask: number;
  monthlyFee: number;
  perConversation: number;
  /** A typical month: the fee plus 100 conversations. */
  typicalMonth: number;
  /** Revenue of each year of the plan: the average paying businesses of the year at a typical month's price. */
  projectedRevenue: readonly [number, number, number];
};

/** The English pitch is in dollars, the Hebrew one in shekels: $500K or 1.8M shekels; $50 or 180 shekels a month plus $1 or 3.6 shekels a conversation. */
export const PITCH_MONEY: Record<Language, PitchMoney> = {
  en: { currency: "USD", ask: 500_000, monthlyFee: 50, perConversation: 1, typicalMonth: 150, projectedRevenue: [900_000, 4_500_000, 12_600_000] },
  he: {
    currency: "ILS",
    ask: 1_800_000,
    monthlyFee: 180,
    perConversation: 3.6,
    typicalMonth: 540,
    projectedRevenue: [3_240_000, 16_200_000, 45_360_000],
  },
};
