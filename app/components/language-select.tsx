import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LANGUAGES } from "~/i18n/config.ts";

/**
 * A GET form: without JavaScript the button submits `?lng=`, with it the choice submits at once
 * (through React on the back-office's pages, through app/islands/enhance.ts on the public ones).
 * The server keeps the choice in a cookie and the page reloads in the other direction. The page's
 * own query (filters, page, tab) rides along as hidden fields, so the operator stays where they were.
 */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const kept = [...new URLSearchParams(useLocation().search)].filter(([name]) => name !== "lng");
  return (
    <form method="get" className={className}>
      {kept.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <label className="flex items-center gap-2 text-sm">
        <span className="sr-only">{t("language.label")}</span>
        <select
          name="lng"
          defaultValue={i18n.language}
          data-submits-on-change
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
          className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm"
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {t(`language.${language}`)}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="ms-1 rounded border border-slate-300 px-2 py-1 text-sm">
          {t("language.apply")}
        </button>
      </noscript>
    </form>
  );
}
