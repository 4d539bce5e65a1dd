import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLoginDialogSlot } from "~/auth/components/login-dialog.tsx";
import { SiteHeader } from "~/components/site-header.tsx";
import { LEGAL_PAGES, LEGAL_TEXTS_UPDATED, type LegalPage } from "~/legal/legal-pages.ts";
import { formatCents } from "~/lib/format.ts";
import { PRICING } from "~/lib/pricing.ts";

type Section = { heading: string; paragraphs?: string[]; items?: string[] };

const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

/** A text with its e-mail addresses as mailto links, each kept left to right inside Hebrew text. */
function WithEmailLinks({ text }: { text: string }) {
  return text.split(EMAIL).map((part, index) =>
    index % 2 === 1 ? (
      <a key={part + index} href={`mailto:${part}`} dir="ltr" className="text-brand-700 underline underline-offset-2">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

/**
 * A legal page: the site's header and the footer it is given around a heading, its date, a table of
 * contents and its sections. The footer comes from the route, since it belongs to the public site.
 */
export function LegalDocument({ page, footer }: { page: LegalPage; footer: ReactNode }) {
  const { t, i18n } = useTranslation("legal");
  const language = i18n.language;
  const values = {
    monthlyFee: formatCents(PRICING.monthlyBaseCents, language, PRICING.currency),
    perMessage: formatCents(PRICING.perConversationCents, language, PRICING.currency),
  };
  const updated = new Intl.DateTimeFormat(language === "he" ? "he-IL" : "en-GB", { dateStyle: "long" }).format(
    new Date(`${LEGAL_TEXTS_UPDATED}T12:00:00Z`),
  );
  const sections = LEGAL_PAGES[page].map((key) => ({
    key,
    ...(t(`${page}.sections.${key}`, { returnObjects: true, ...values }) as Section),
  }));

  return (
    <>
      <SiteHeader login={useLoginDialogSlot()} />
      <main className="bg-slate-50 py-12 sm:py-16">
        <article className="mx-auto max-w-3xl rounded-2xl bg-white px-5 py-10 shadow-sm ring-1 ring-slate-200 sm:px-10">
          <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{t(`${page}.title`)}</h1>
          <p className="mt-3 text-slate-700">{t(`${page}.intro`)}</p>
          <p className="mt-2 text-sm text-slate-600">
            <time dateTime={LEGAL_TEXTS_UPDATED}>{t("updated", { date: updated })}</time>
          </p>
          <nav aria-labelledby="legal-contents" className="mt-8 rounded-xl bg-slate-50 p-5">
            <h2 id="legal-contents" className="text-sm font-semibold text-slate-900">
              {t("contents")}
            </h2>
            <ol className="mt-3 list-decimal space-y-1 ps-5 text-sm">
              {sections.map((section) => (
                <li key={section.key}>
                  <a href={`#${section.key}`} className="text-brand-700 underline-offset-2 hover:underline">
                    {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {sections.map((section) => (
            <section key={section.key} id={section.key} aria-labelledby={`${section.key}-title`} className="mt-10">
              <h2 id={`${section.key}-title`} className="scroll-mt-24 text-xl font-semibold text-slate-900">
                {section.heading}
              </h2>
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
                  <WithEmailLinks text={paragraph} />
                </p>
              ))}
              {section.items && (
                <ul className="mt-3 list-disc space-y-2 ps-5 leading-relaxed text-slate-700">
                  {section.items.map((item) => (
                    <li key={item}>
                      <WithEmailLinks text={item} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </article>
      </main>
      {footer}
    </>
  );
}
