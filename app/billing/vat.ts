import { USD_PER_ILS, VAT_RATES, type BillingCurrency } from "#db/price-list.ts";

/** The VAT rate (basis points) in force on a calendar day ("YYYY-MM-DD"); 0 before the oldest rate the list knows. */
export function vatRateOn(day: string): number {
  return VAT_RATES.find((rate) => rate.from <= day)?.basisPoints ?? 0;
}

/**
 * VAT on a document's net amount (integer agorot or cents), rounded half up once for the whole
 * document, as the Tax Authority expects: never per line, so the lines' VAT cannot add up to a
 * different figure than the document's. A credit note's negative amount rounds away from zero,
 * the mirror of its invoice.
 */
export function vatOf(netMinor: number, basisPoints: number): number {
  if (!Number.isInteger(netMinor) || !Number.isInteger(basisPoints) || basisPoints < 0)
    throw new RangeError("VAT needs an integer amount and rate");
  const sign = netMinor < 0 ? -1 : 1;
  // Integers all the way: net × rate is exact well past any bill, and adding half the divisor rounds half up.
  return sign * Math.floor((Math.abs(netMinor) * basisPoints + 5_000) / 10_000);
}

export type BillTax = { vatRateBasisPoints: number; vatCents: number; totalCents: number };

/** A bill's VAT and gross: a shekel bill at the rate of its day, a dollar bill zero-rated. */
export function taxOfBill(currency: BillingCurrency, netCents: number, day: string): BillTax {
  const rate = currency === "ILS" ? vatRateOn(day) : 0;
  const vatCents = vatOf(netCents, rate);
  return { vatRateBasisPoints: rate, vatCents, totalCents: netCents + vatCents };
}

/** A bill's amount in US cents for the sums across currencies, at the price list's fixed rate, rounded half up. */
export function usdCentsOf(amountMinor: number, currency: string): number {
  if (currency !== "ILS") return amountMinor;
  return Math.round(amountMinor * USD_PER_ILS.rate);
}

/** A VAT rate as the percentage a bill prints: 1800 → 18. */
export const vatPercent = (basisPoints: number) => basisPoints / 100;
