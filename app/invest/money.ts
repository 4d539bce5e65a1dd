import { intlLocaleOf, isLanguage } from "~/i18n/config.ts";
import type { InvestmentRange } from "./inquiry-schema.ts";

const localeOf = (language: string) => intlLocaleOf(isLanguage(language) ? language : "en");

/** An amount in whole currency units, with cents only when it has them (3.6 shekels, not 4). */
export function formatMoney(amount: number, currency: string, language: string) {
  return new Intl.NumberFormat(localeOf(language), {
    style: "currency",
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

/** $500K, ₪1.8M: large sums as people say them. */
export function formatCompactMoney(amount: number, currency: string, language: string) {
  return new Intl.NumberFormat(localeOf(language), {
    style: "currency",
    currency,
    notation: "compact",
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  }).format(amount);
}

export function formatPercent(percent: number, language: string) {
  return new Intl.NumberFormat(localeOf(language), { style: "percent", maximumFractionDigits: 1 }).format(
    percent / 100,
  );
}

/**
 * "$50–100K"; the open top range through `atLeast` ("$1M+", "₪3.6M ומעלה"). In Hebrew the en dash
 * becomes a hyphen: between two numbers a hyphen keeps them in reading order in right-to-left text,
 * where an en dash would show "360–180K".
 */
export function formatRange(
  range: InvestmentRange,
  currency: string,
  language: string,
  atLeast: (amount: string) => string,
) {
  const format = new Intl.NumberFormat(localeOf(language), {
    style: "currency",
    currency,
    notation: "compact",
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
  if (range.max === undefined) return atLeast(format.format(range.min));
  const text = format.formatRange(range.min, range.max);
  return language === "he" ? text.replace("–", "-") : text;
}
