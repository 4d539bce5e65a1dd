import { useTranslation } from "react-i18next";

export function ReadyToStart() {
  const { t } = useTranslation("landing");
  return (
    <section aria-labelledby="cta-title" className="px-4 sm:px-6">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 to-indigo-900 px-6 py-14 text-center shadow-xl sm:px-12">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -end-24 h-64 w-64 rounded-full bg-white/10 blur-2xl"
        />
        <h2 id="cta-title" className="relative text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {t("cta.title")}
        </h2>
        <p className="relative mx-auto mt-4 max-w-2xl text-lg text-pretty text-brand-100">{t("cta.text")}</p>
        <div className="relative mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <a
            href="#contact"
            className="inline-flex h-12 items-center justify-center rounded-lg bg-white px-6 text-lg font-semibold text-brand-700 shadow hover:bg-brand-50"
          >
            {t("cta.primary")}
          </a>
          <a
            href="#calculator"
            className="inline-flex h-12 items-center justify-center rounded-lg border border-white/60 px-6 text-lg font-semibold text-white hover:bg-white/10"
          >
            {t("cta.secondary")}
          </a>
        </div>
      </div>
    </section>
  );
}
