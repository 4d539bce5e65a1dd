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
