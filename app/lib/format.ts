import { dateLocaleOf, intlLocaleOf, isLanguage } from "~/i18n/config.ts";
import { cached } from "./intl-cache.ts";

const localeOf = (language: string) => intlLocaleOf(isLanguage(language) ? language : "en");
const dateLocale = (language: string) => dateLocaleOf(isLanguage(language) ? language : "en");

export function formatCents(cents: number, language: string, currency = "USD") {
  const locale = localeOf(language);
  const fractionDigits = cents % 100 === 0 ? 0 : 2;
  return cached(
    `currency|${locale}|${currency}|${fractionDigits}`,
    () => new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: fractionDigits }),
  ).format(cents / 100);
}

export function formatNumber(value: number, language: string) {
  const locale = localeOf(language);
  return cached(`number|${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

/** 12.5% from 12.5: a share, with at most one decimal. */
export function formatPercent(percent: number, language: string) {
  const locale = localeOf(language);
  return cached(
    `percent-1|${locale}`,
    () => new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }),
  ).format(percent / 100);
}

/** The change from `previous` to `current` in percent, or null when there was nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / previous) * 100;
}

export function formatPercentChange(change: number, language: string) {
  const locale = localeOf(language);
  return cached(
    `percent|${locale}`,
    () => new Intl.NumberFormat(locale, { style: "percent", signDisplay: "exceptZero", maximumFractionDigits: 0 }),
  ).format(change / 100);
}

// Spelled out rather than dateStyle/timeStyle, which write "1:30" for half past one at night.
const DAY = { day: "2-digit", month: "2-digit", year: "numeric" } as const;
const TIME = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
const TIME_WITH_SECONDS = { ...TIME, second: "2-digit" } as const;

/** 26/11/2026, 16:05 in English, 26.11.2026, 16:05 in Hebrew, in the given time zone. */
export function formatDateTime(date: Date | string, language: string, timeZone: string, { seconds = false } = {}) {
  const locale = dateLocale(language);
  return cached(
    `date-time|${locale}|${timeZone}|${seconds}`,
    () => new Intl.DateTimeFormat(locale, { ...DAY, ...(seconds ? TIME_WITH_SECONDS : TIME), timeZone }),
  ).format(new Date(date));
}

/** 26/11/2026 in English, 26.11.2026 in Hebrew, in the given time zone. */
export function formatDate(date: Date | string, language: string, timeZone: string) {
  const locale = dateLocale(language);
  return cached(`date|${locale}|${timeZone}`, () => new Intl.DateTimeFormat(locale, { ...DAY, timeZone })).format(
    new Date(date),
  );
}

/**
 * "5 minutes ago" within the hour, then the time of day, then the date: exact, short, and in
 * the operator's time zone (the server and the browser render the same text).
 */
export function formatEventTime(date: Date, now: Date, language: string, timeZone: string) {
  const minutes = Math.round((now.getTime() - date.getTime()) / 60_000);
  if (minutes >= 0 && minutes < 60) {
    const locale = localeOf(language);
    return cached(`relative|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" })).format(
      -minutes,
      "minute",
    );
  }
  const calendarDay = cached(
    `day|${timeZone}`,
    () => new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "short" }),
  );
  if (calendarDay.format(date) === calendarDay.format(now)) {
    const locale = dateLocale(language);
    return cached(`time|${locale}|${timeZone}`, () => new Intl.DateTimeFormat(locale, { ...TIME, timeZone })).format(
      date,
    );
  }
  return formatDateTime(date, language, timeZone);
}

/** Keeps a name's own direction inside a sentence of the other language (a Hebrew name in English text). */
export const isolate = (text: string) => `\u2068${text}\u2069`;
