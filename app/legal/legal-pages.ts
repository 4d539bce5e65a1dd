/**
 * The public legal pages, each at its own path in both languages (the language rule picks the copy):
 * the privacy policy, the terms of service and the accessibility statement. Each page's sections are
 * listed here in reading order; their texts live in the `legal` namespace of app/locales.
 */
export const LEGAL_PAGES = {
  privacy: ["controller", "collected", "purposes", "retention", "sharing", "rights", "security", "cookies", "contact"],
  terms: ["service", "account", "prices", "payment", "acceptableUse", "answers", "data", "ending", "liability", "law"],
  accessibility: ["commitment", "standard", "accessible", "limits", "checked", "contact"],
} as const;

export type LegalPage = keyof typeof LEGAL_PAGES;

export const LEGAL_PAGE_NAMES = Object.keys(LEGAL_PAGES) as LegalPage[];

/** When the texts were last changed; shown on every page, so change it with them. */
export const LEGAL_TEXTS_UPDATED = "2026-11-26";

export const legalPathOf = (page: LegalPage) => `/${page}`;

export function legalPageAt(pathname: string): LegalPage | undefined {
  return LEGAL_PAGE_NAMES.find((page) => legalPathOf(page) === pathname);
}
