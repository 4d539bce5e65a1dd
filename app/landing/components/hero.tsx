import { ArrowLeft, ArrowRight, Check, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button.tsx";

const POINTS = ["install", "free", "training"] as const;
const CHANNELS = [
  { key: "whatsapp", className: "bg-emerald-100 text-emerald-800" },
  { key: "instagram", className: "bg-pink-100 text-pink-800" },
  { key: "facebook", className: "bg-blue-100 text-blue-800" },
  { key: "website", className: "bg-slate-100 text-slate-700" },
] as const;

export function Hero() {
  const { t, i18n } = useTranslation("landing");
  const Forward = i18n.dir() === "rtl" ? ArrowLeft : ArrowRight;
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white"
    >
      <div aria-hidden="true" className="pointer-events-none absolute inset-0">
        <div className="absolute -top-32 start-1/2 h-80 w-80 rounded-full bg-brand-200/60 blur-3xl" />
        <div className="absolute top-40 -start-24 h-72 w-72 rounded-full bg-fuchsia-200/40 blur-3xl" />
      </div>
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-16 pb-20 sm:px-6 lg:grid-cols-2 lg:pt-24 lg:pb-28">
        <div className="text-center lg:text-start">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-sm font-medium text-brand-700 shadow-sm">
            <Sparkles className="h-4 w-4" aria-hidden="true" />
            {t("hero.badge")}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-tight font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
          >
            {t("hero.title")} <span className="text-brand-600">{t("hero.titleHighlight")}</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-pretty text-slate-600 lg:mx-0">{t("hero.subtitle")}</p>
          <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center lg:justify-start">
            <Button asChild size="lg" className="shadow-lg shadow-brand-600/20">
              <a href="#contact">
                {t("hero.primaryCta")}
                <Forward className="h-5 w-5" aria-hidden="true" />
              </a>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <a href="#calculator">{t("hero.secondaryCta")}</a>
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-slate-700 lg:justify-start">
            {POINTS.map((point) => (
              <li key={point} className="flex items-center gap-1.5">
                <Check className="h-4 w-4 text-emerald-600" aria-hidden="true" />
                {t(`hero.points.${point}`)}
              </li>
            ))}
          </ul>
        </div>
        <ChatPreview />
      </div>
    </section>
  );
}

/** An illustration of Alex at work, drawn with HTML; the hero's text already says it, so it is hidden from screen readers. */
function ChatPreview() {
  const { t } = useTranslation("landing");
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <div className="absolute -inset-4 rounded-[2rem] bg-gradient-to-br from-brand-200/60 to-fuchsia-200/50 blur-2xl" />
      <div className="relative overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-2xl shadow-slate-900/10">
        <div className="flex items-center gap-3 border-b border-slate-100 bg-slate-50 px-5 py-4">
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
            A
          </span>
          <div>
            <p className="font-semibold text-slate-900">{t("hero.preview.name")}</p>
            <p className="flex items-center gap-1.5 text-xs text-emerald-700">
              <span className="h-2 w-2 rounded-full bg-emerald-500" />
              {t("hero.preview.status")}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2 px-5 pt-4">
          {CHANNELS.map(({ key, className }) => (
            <span key={key} className={`rounded-full px-2.5 py-1 text-xs font-medium ${className}`}>
              {t(`hero.preview.channels.${key}`)}
            </span>
          ))}
        </div>
        <div className="space-y-3 px-5 py-5 text-sm">
          <p className="me-10 rounded-2xl rounded-ss-sm bg-slate-100 px-4 py-2.5 text-slate-800">
            {t("hero.preview.visitor1")}
          </p>
          <p className="ms-10 rounded-2xl rounded-se-sm bg-brand-600 px-4 py-2.5 text-white">
            {t("hero.preview.alex1")}
          </p>
          <p className="me-10 rounded-2xl rounded-ss-sm bg-slate-100 px-4 py-2.5 text-slate-800">
            {t("hero.preview.visitor2")}
          </p>
          <p className="ms-10 rounded-2xl rounded-se-sm bg-brand-600 px-4 py-2.5 text-white">
            {t("hero.preview.alex2")}
          </p>
        </div>
        <p className="flex items-center gap-2 border-t border-slate-100 bg-emerald-50 px-5 py-3 text-xs font-medium text-emerald-800">
          <Check className="h-4 w-4" />
          {t("hero.preview.summary")}
        </p>
      </div>
    </div>
  );
}
