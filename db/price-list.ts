/**
 * The price list, in US cents, VAT not included: the only place a price is written. The landing page
 * and its calculator, each message's cost, the column defaults of db/schema.ts, the bills, the demo
 * data, the admin texts (as interpolation values) and the investor figures all read it.
 * Drizzle-free and app-free on purpose: db/schema.ts needs the defaults, and the browser the figures.
 */
import { BILLABLE_MESSAGE_TYPES, type MessageType } from "./vocabulary.ts";

export const PRICE_LIST = {
  currency: "USD",
  /** Every month a client exists, used or not. */
  monthlyFeeCents: 50_00,
  /** Each conversation, article and solution (BILLABLE_MESSAGE_TYPES of db/vocabulary.ts); every other message is free. */
  perBillableMessageCents: 1_00,
  /** What the provider earns for each function Alex completes in a conversation. */
  perCompletedFunctionCents: 1_00,
  installationCents: 0,
  /** Shown struck through next to the free installation. */
  installationListPriceCents: 200_00,
  includesVat: false,
} as const;

/** The currencies a client can be billed in: US dollars (the default, the prices above) or shekels. */
export const BILLING_CURRENCIES = ["USD", "ILS"] as const;
export type BillingCurrency = (typeof BILLING_CURRENCIES)[number];

/**
 * The shekel prices, in agorot, VAT not included: what an Israeli business is quoted. Chosen, not
 * converted: a shekel price list is kept round rather than following the exchange rate.
 */
export const ILS_PRICE_LIST = {
  currency: "ILS",
  monthlyFeeAgorot: 185_00,
  perBillableMessageAgorot: 3_70,
  includesVat: false,
} as const;

/** The base fee a new client in this currency pays a month, in its minor unit (cents or agorot). */
export const monthlyFeeOf = (currency: BillingCurrency) =>
  currency === "ILS" ? ILS_PRICE_LIST.monthlyFeeAgorot : PRICE_LIST.monthlyFeeCents;

/**
 * Israel's VAT rate, in basis points (1800 = 18%), newest first, each with the day it applies from.
 * A shekel bill charges the rate of the day it is issued; a dollar bill is the export of a service
 * to a business abroad, zero-rated (docs/decisions/046-israeli-billing.md).
 */
export const VAT_RATES = [
  { from: "2025-01-01", basisPoints: 1800 },
  { from: "2015-10-01", basisPoints: 1700 },
] as const;

/**
 * The one conversion the figures use to add shekels to dollars (the dashboard's revenue, the
 * accountant's file): a fixed rate, with the day it was taken, not a live one. Bills are never
 * converted; only sums across currencies are.
 */
export const USD_PER_ILS = { rate: 0.27, asOf: "2026-11-01" } as const;

/**
 * What stops scripted sessions from running up a client's bill (each conversation costs $1): new
 * sessions an hour per visitor (address and browser), the guard that counts first; per address, a
 * backstop against a script that changes its browser, high enough for the many phones a mobile
 * carrier puts behind one address (docs/decisions/024-sites-and-spend-limits.md); and a monthly
 * ceiling on the usage charges, after which new conversations wait for the next month or a higher ceiling.
 */
export const SESSION_LIMIT_DEFAULTS = {
  perVisitorPerHour: 3,
  perAddressPerHour: 60,
  monthlyCeilingCents: 200_00,
} as const;

/** What a message of this type costs the client: a conversation, an article and a solution are billed, the rest is free. */
export function messageCostCents(type: MessageType): number {
  return (BILLABLE_MESSAGE_TYPES as readonly MessageType[]).includes(type) ? PRICE_LIST.perBillableMessageCents : 0;
}

/** Cents as the whole dollars the texts quote ("$50", "$1"); the prices are whole dollars. */
export const dollarsOf = (cents: number) => cents / 100;
