import { ChartColumn, CircleCheck, Clock, Inbox } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SectionHeading } from "./section-heading.tsx";

const FEATURES = [
  { key: "alwaysOn", Icon: Clock, tone: "bg-brand-100 text-brand-700" },
  { key: "oneInbox", Icon: Inbox, tone: "bg-emerald-100 text-emerald-700" },
  { key: "insights", Icon: ChartColumn, tone: "bg-amber-100 text-amber-700" },
] as const;
const ALSO = ["website", "plugin", "training", "install"] as const;

export function Features() {
  const { t } = useTranslation("landing");
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow={t("features.eyebrow")}
          title={t("features.title")}
          subtitle={t("features.subtitle")}
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ key, Icon, tone }) => (
            <li
              key={key}
              className="rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className={`flex h-12 w-12 items-center justify-center rounded-xl ${tone}`}>
                <Icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{t(`features.items.${key}.title`)}</h3>
              <p className="mt-2 text-slate-600">{t(`features.items.${key}.text`)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 rounded-2xl border border-dashed border-brand-200 bg-brand-50/60 px-6 py-6">
          <h3 className="text-center font-semibold text-slate-900">{t("features.alsoTitle")}</h3>
          <ul className="mt-4 flex flex-wrap justify-center gap-3">
            {ALSO.map((item) => (
              <li
                key={item}
                className="flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm"
              >
                <CircleCheck className="h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
                {t(`features.also.${item}`)}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
