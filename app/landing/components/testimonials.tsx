import { BadgeCheck, Quote, Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SectionHeading } from "./section-heading.tsx";

const TESTIMONIALS = ["first", "second"] as const;
const RATING = 5;

export function Testimonials() {
  const { t } = useTranslation("landing");
  return (
    <section aria-labelledby="testimonials-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="testimonials-title" title={t("testimonials.title")} subtitle={t("testimonials.subtitle")} />
        <ul className="mt-8 flex flex-wrap justify-center gap-4">
          <li className="flex items-center gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 px-5 py-3">
            <BadgeCheck className="h-8 w-8 shrink-0 text-emerald-600" aria-hidden="true" />
            <p className="text-start">
              <span className="block text-xl font-bold text-emerald-900">{t("testimonials.successBadge")}</span>
              <span className="text-sm text-emerald-800">{t("testimonials.successBadgeText")}</span>
            </p>
          </li>
          <li className="flex items-center gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-5 py-3">
            <Star className="h-8 w-8 shrink-0 fill-amber-400 text-amber-500" aria-hidden="true" />
            <p className="text-start">
              <span dir="ltr" className="block text-xl font-bold text-amber-950">
                {t("testimonials.averageRating")}
              </span>
              <span className="text-sm text-amber-900">{t("testimonials.averageRatingText")}</span>
            </p>
          </li>
        </ul>
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {TESTIMONIALS.map((key) => (
            <li key={key}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
                <div className="flex items-center justify-between gap-4">
                  <StarRating rating={RATING} label={t("testimonials.rating", { rating: RATING, outOf: RATING })} />
                  <Quote className="h-8 w-8 text-brand-200 rtl:-scale-x-100" aria-hidden="true" />
                </div>
                <blockquote className="mt-5 flex-1 text-lg text-pretty text-slate-800">
                  <p>{t(`testimonials.items.${key}.quote`)}</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-5">
                  <span
                    aria-hidden="true"
                    className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-700"
                  >
                    {t(`testimonials.items.${key}.author`).charAt(0)}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{t(`testimonials.items.${key}.author`)}</span>
                    <span className="block text-sm text-slate-600">{t(`testimonials.items.${key}.company`)}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const STAR_PATH =
  "M11.5 2.3a.5.5 0 0 1 1 0l2.3 4.7a2.1 2.1 0 0 0 1.6 1.2l5.2.7a.5.5 0 0 1 .3.9l-3.8 3.7a2.1 2.1 0 0 0-.6 1.9l.9 5.1a.5.5 0 0 1-.8.6l-4.6-2.4a2.1 2.1 0 0 0-2 0L6.4 21a.5.5 0 0 1-.8-.6l.9-5.1a2.1 2.1 0 0 0-.6-1.9L2.2 9.8a.5.5 0 0 1 .3-.9l5.2-.8a2.1 2.1 0 0 0 1.6-1.1z";

/** Five stars drawn as one picture, read out as one phrase: "Rated 5 out of 5". */
function StarRating({ rating, label }: { rating: number; label: string }) {
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${RATING * 24} 24`} className="h-5 w-[6.25rem]">
      {Array.from({ length: RATING }, (_, index) => (
        <path
          key={index}
          d={STAR_PATH}
          transform={`translate(${index * 24} 0)`}
          className={index < rating ? "fill-amber-400" : "fill-slate-300"}
        />
      ))}
    </svg>
  );
}
