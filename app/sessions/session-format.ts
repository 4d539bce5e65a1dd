import { intlLocaleOf, isLanguage } from "~/i18n/config.ts";
import { cached } from "~/lib/intl-cache.ts";

/**
 * A row action's label in the monitor's table: between the table's breakpoint and 2xl (a 1,366 px
 * screen) the three actions fit one row only as icons, so there the label is for screen readers
 * (and the button's title); wider, and on the phone's cards, it shows.
 */
export const ROW_ACTION_LABEL = "lg:max-2xl:sr-only";

const localeOf = (language: string) => intlLocaleOf(isLanguage(language) ? language : "en");

/** "1 hr 5 min", "3 min 20 sec", "45 sec": the largest two units, through the locale. */
export function formatDuration(seconds: number, language: string) {
  const locale = localeOf(language);
  const unit = (value: number, name: "hour" | "minute" | "second") =>
    cached(
      `unit|${locale}|${name}`,
      () => new Intl.NumberFormat(locale, { style: "unit", unit: name, unitDisplay: "short" }),
    ).format(value);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return minutes > 0 ? `${unit(hours, "hour")} ${unit(minutes, "minute")}` : unit(hours, "hour");
  if (minutes > 0) return rest > 0 ? `${unit(minutes, "minute")} ${unit(rest, "second")}` : unit(minutes, "minute");
  return unit(rest, "second");
}
