import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { LEGAL_PAGE_NAMES, legalPathOf } from "~/legal/legal-pages.ts";
import { NewsletterForm } from "./newsletter-form.tsx";
import { SocialLinks } from "./social-icons.tsx";

const COLUMNS = [
  {
    key: "product",
    links: [
      { key: "features", href: "/#features" },
      { key: "pricing", href: "/#pricing" },
      { key: "calculator", href: "/#calculator" },
      { key: "contact", href: "/#contact" },
    ],
  },
  {
    key: "company",
    links: [
      { key: "investHe", href: "/invest-he" },
      { key: "investEn", href: "/invest-en" },
    ],
  },
  {
    key: "try",
    links: [
      { key: "chatDemo", href: "/minimal-chat-demo" },
      { key: "pluginPreview", href: "/test-plugin-preview" },
    ],
  },
] as const;

type SiteFooterProps = {
  newsletterResult: SubmissionResult<string[]> | undefined;
  newsletterOutcome: "subscribed" | "already" | undefined;
};

export function SiteFooter({ newsletterResult, newsletterOutcome }: SiteFooterProps) {
  const { t } = useTranslation("landing");
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.3fr_repeat(3,1fr)_1.6fr]">
        <div>
          <p className="text-2xl font-bold text-white">{t("brand", { ns: "common" })}</p>
          <p className="mt-3 max-w-xs text-sm text-slate-300">{t("footer.tagline")}</p>
          <div className="mt-6">
            <SocialLinks />
          </div>
        </div>
        <nav
          aria-label={t("footer.navigation")}
          className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:col-span-2 lg:col-span-3 lg:grid-cols-3"
        >
          {COLUMNS.map((column) => (
            <div key={column.key}>
              <h2 className="text-sm font-semibold text-white">{t(`footer.columns.${column.key}`)}</h2>
              <ul className="mt-4 space-y-3 text-sm">
                {column.links.map((link) => (
                  <li key={link.key}>
                    <a href={link.href} className="hover:text-white hover:underline">
                      {t(`footer.links.${link.key}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="md:col-span-2 lg:col-span-1">
          <NewsletterForm lastResult={newsletterResult} outcome={newsletterOutcome} />
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-slate-400 sm:flex-row sm:justify-between sm:px-6">
          <p>{t("footer.rights", { year: new Date().getFullYear() })}</p>
          <nav aria-label={t("footer.legal")}>
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {LEGAL_PAGE_NAMES.map((page) => (
                <li key={page}>
                  <a href={legalPathOf(page)} className="hover:text-white hover:underline">
                    {t(`footer.links.${page}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <p>{t("footer.vat")}</p>
        </div>
      </div>
    </footer>
  );
}
