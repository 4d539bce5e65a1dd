import { intlLocaleOf, isLanguage } from "~/i18n/config.ts";

const localeOf = (language: string) => intlLocaleOf(isLanguage(language) ? language : "en");

export function formatCents(cents: number, language: string, currency = "USD") {
  return new Intl.NumberFormat(localeOf(language), {
    style: "currency",
    currency,
    maximumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

export function formatNumber(value: number, language: string) {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}

/** The change from `previous` to `current` in percent, or null when there was nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / previous) * 100;
}

export function formatPercentChange(change: number, language: string) {
  return new Intl.NumberFormat(localeOf(language), {
    style: "percent",
    signDisplay: "exceptZero",
    maximumFractionDigits: 0,
  }).format(change / 100);
}

export function formatRelativeTime(date: Date, now: Date, language: string) {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ["day", 86400],
    ["hour", 3600],
    ["minute", 60],
  ];
  const format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: "auto" });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, "minute");
}
