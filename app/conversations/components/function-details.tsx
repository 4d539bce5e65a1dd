import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import type { FunctionClientDetails } from "#db/vocabulary.ts";
import { FUNCTION_DETAIL_KEYS } from "#db/vocabulary.ts";
import { formatNumber } from "~/lib/format.ts";

/** What the visitor told Alex while completing a function, as a short list of terms and values. */
export function FunctionDetails({ details }: { details: FunctionClientDetails }) {
  const { t, i18n } = useTranslation("functions");
  const shown = FUNCTION_DETAIL_KEYS.filter((key) => details[key] !== undefined && details[key] !== "");
  if (shown.length === 0) return <span className="text-slate-500">{t("details.none")}</span>;
  return (
    <dl className="terms-tight">
      {shown.map((key) => {
        const value = details[key]!;
        return (
          <Fragment key={key}>
            <dt>{t(`details.${key}`)}</dt>
            <dd>
              {typeof value === "number" ? (
                formatNumber(value, i18n.language)
              ) : (
                <bdi dir={key === "phone" ? "ltr" : "auto"}>{value}</bdi>
              )}
            </dd>
          </Fragment>
        );
      })}
    </dl>
  );
}
