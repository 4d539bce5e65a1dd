import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { intlLocaleOf, isLanguage } from "~/i18n/config.ts";
import { formatNumber, formatPercentChange, percentChange } from "~/lib/format.ts";

type ChangeCaptionProps = {
  current: number | null;
  previous: number | null;
  days: number;
  /** Shares (satisfaction, conversion) change in percentage points; counts and times in percent. */
  kind: "count" | "share";
  /** A response time improves when it falls. */
  lowerIsBetter?: boolean;
};

/** How a figure moved since the previous period of the same length, coloured by whether that is good. */
export function ChangeCaption({ current, previous, days, kind, lowerIsBetter = false }: ChangeCaptionProps) {
  const { t, i18n } = useTranslation("analytics");
  const against = t("change.against", { days: formatNumber(days, i18n.language) });
  if (current === null) return <p className="text-slate-600">{against}</p>;
  const change =
    previous === null
      ? null
      : kind === "share"
        ? Math.round((current - previous) * 1000) / 10
        : percentChange(current, previous);
  if (change === null)
    return <p className="text-slate-600">{t("change.nothingBefore", { days: formatNumber(days, i18n.language) })}</p>;
  const better = lowerIsBetter ? change < 0 : change > 0;
  const text =
    change === 0
      ? t("change.noChange")
      : kind === "share"
        ? t("change.points", {
            // Isolated left to right, so a Hebrew sentence keeps the sign before the number.
            value: `\u2066${new Intl.NumberFormat(intlLocaleOf(isLanguage(i18n.language) ? i18n.language : "en"), { signDisplay: "exceptZero", maximumFractionDigits: 1 }).format(change)}\u2069`,
          })
        : formatPercentChange(change, i18n.language);
  return (
    <p>
      <span
        className={clsx("font-medium", change === 0 ? "text-slate-600" : better ? "text-emerald-700" : "text-red-700")}
        dir={kind === "count" ? "ltr" : undefined}
      >
        {text}
      </span>{" "}
      <span className="text-slate-600">{against}</span>
    </p>
  );
}
