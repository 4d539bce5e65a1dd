import { useTranslation } from "react-i18next";

/** The grid shows the first ten of the sample names kept in the copy. */
const SHOWN_COMPANIES = 10;
const STATS = ["businesses", "conversations", "satisfaction", "availability"] as const;

export function TrustedBy() {
  const { t } = useTranslation("landing");
  const companies = (t("trusted.companies", { returnObjects: true }) as unknown as string[]).slice(0, SHOWN_COMPANIES);
  return (
    <section aria-labelledby="trusted-title" className="border-y border-slate-200 bg-white py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="trusted-title" className="text-center text-xl font-semibold text-slate-900">
          {t("trusted.title")}
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-slate-600">{t("trusted.subtitle")}</p>
        <ul className="mt-10 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {companies.map((company) => (
            <li
              key={company}
              className="flex min-h-16 items-center justify-center gap-2 rounded-xl border border-slate-200 bg-slate-50 px-3 py-3 text-center text-sm font-semibold text-slate-700"
            >
              <span
                aria-hidden="true"
                className="flex h-7 w-7 shrink-0 items-center justify-center rounded-lg bg-white text-xs font-bold text-brand-700 shadow-sm"
              >
                {company.charAt(0)}
              </span>
              <span className="min-w-0 break-words">{company}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-12 grid grid-cols-2 gap-6 lg:grid-cols-4">
          {STATS.map((stat) => (
            <div
              key={stat}
              className="flex flex-col-reverse items-center rounded-2xl bg-brand-50 px-4 py-6 text-center"
            >
              <dt className="mt-1 text-sm font-medium text-slate-700">{t(`trusted.stats.${stat}.label`)}</dt>
              <dd dir="ltr" className="text-3xl font-extrabold tracking-tight text-brand-700 sm:text-4xl">
                {t(`trusted.stats.${stat}.value`)}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
