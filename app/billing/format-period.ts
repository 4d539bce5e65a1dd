import { intlLocaleOf, isLanguage } from "~/i18n/config.ts";
import { cached } from "~/lib/intl-cache.ts";

/** "2026-03" as "March 2026" / "מרץ 2026". */
export function formatPeriod(period: string, language: string) {
  const [year, month] = period.split("-").map(Number);
  if (!year || !month) return period;
  const locale = intlLocaleOf(isLanguage(language) ? language : "en");
  return cached(
    `month-year|${locale}`,
    () => new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }),
  ).format(new Date(Date.UTC(year, month - 1, 15)));
}

/** The badge tone of a status; other values are shown raw, in neutral. */
export const statusTone = (status: string) =>
  status === "paid" ? "success" : status === "overdue" ? "danger" : status === "pending" ? "warning" : "neutral";
