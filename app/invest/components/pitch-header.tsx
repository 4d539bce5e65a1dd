import { ArrowLeft, MessageCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button.tsx";
import { INVEST_PATHS, type Language } from "~/i18n/config.ts";
import { NewTabLink } from "./pitch-section.tsx";

export function BackLink() {
  const { t } = useTranslation("invest");
  return (
    <a href="/" className="inline-flex items-center gap-2 font-medium text-brand-700 hover:underline">
      <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
      {t("nav.back")}
    </a>
  );
}

export function PitchHeader({ language }: { language: Language }) {
  const { t } = useTranslation("invest");
  const other: Language = language === "en" ? "he" : "en";
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <a href="/" className="text-2xl font-bold text-brand-700">
          {t("brand", { ns: "common" })}
        </a>
        <nav aria-label={t("nav.label")} className="ms-auto">
          <ul className="flex items-center gap-1 sm:gap-3">
            <li>
              <BackLink />
            </li>
            <li>
              <a
                href={INVEST_PATHS[other]}
                lang={other}
                hrefLang={other}
                className="inline-flex h-9 items-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                {t("nav.otherLanguage")}
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

export function Hero({ ask, chatUrl }: { ask: string; chatUrl: string | null }) {
  const { t } = useTranslation("invest");
  return (
    <section
      aria-labelledby="pitch-title"
      className="bg-gradient-to-b from-brand-900 to-brand-700 px-4 py-16 text-white sm:py-24"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-[1fr_auto]">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{t("hero.eyebrow")}</p>
          <h1 id="pitch-title" className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">
            {t("hero.title")}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-50">{t("hero.subtitle")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg" variant="secondary" className="border-white">
              <a href="#investment-form">{t("hero.ctaForm")}</a>
            </Button>
            {chatUrl ? (
              <Button asChild size="lg" className="border border-white/60 bg-white/10 hover:bg-white/20">
                <NewTabLink href={chatUrl}>
                  <MessageCircle className="h-5 w-5" aria-hidden="true" />
                  {t("hero.ctaChat")}
                </NewTabLink>
              </Button>
            ) : null}
          </div>
        </div>
        <div className="rounded-2xl bg-white/10 p-8 text-center ring-1 ring-white/30">
          <p className="text-brand-100">{t("hero.askLabel")}</p>
          <p className="mt-2 text-5xl font-bold sm:text-6xl">
            <bdi>{ask}</bdi>
          </p>
          <p className="mx-auto mt-3 max-w-56 text-sm text-brand-100">{t("hero.askNote")}</p>
        </div>
      </div>
    </section>
  );
}
