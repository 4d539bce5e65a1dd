import { intlLocaleOf, isLanguage } from "~/i18n/config.ts";
import { cached } from "~/lib/intl-cache.ts";
import type { InvestmentRange } from "./inquiry-schema.ts";

const localeOf = (language: string) => intlLocaleOf(isLanguage(language) ? language : "en");

/** An amount in whole currency units, with cents only when it has them (3.6 shekels, not 4). */
export function formatMoney(amount: number, currency: string, language: string) {
  const locale = localeOf(language);
  const digits = Number.isInteger(amount) ? 0 : 2;
  return cached(
    `money|${locale}|${currency}|${digits}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: "currency",
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
  ).format(amount);
}

/** $500K, ₪1.8M: large sums as people say them. */
export function formatCompactMoney(amount: number, currency: string, language: string) {
  return compactMoney(currency, language).format(amount);
}

function compactMoney(currency: string, language: string) {
  const locale = localeOf(language);
  return cached(
    `compact-money|${locale}|${currency}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: "currency",
        currency,
        notation: "compact",
        minimumFractionDigits: 0,
        maximumFractionDigits: 1,
      }),
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
  const format = compactMoney(currency, language);
  if (range.max === undefined) return atLeast(format.format(range.min));
  const text = format.formatRange(range.min, range.max);
  return language === "he" ? text.replace("–", "-") : text;
}
