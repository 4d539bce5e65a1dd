export const LANGUAGES = ["he", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);

/**
 * The investor pitch is written twice, one page per language, and each shows its own language
 * whatever the visitor chose elsewhere. The one list of its paths: routes.ts declares the pages from
 * it, the i18n middleware fixes their language, and the pitch links from one to the other.
 */
export const INVEST_PATHS = { en: "/invest-en", he: "/invest-he" } as const satisfies Record<Language, string>;

export const directionOf = (language: Language) => (language === "he" ? "rtl" : "ltr");

/** Intl locale for numbers: Hebrew in Israel, English with US conventions (en-IL writes dollars as "US$"). */
export const intlLocaleOf = (language: Language) => (language === "he" ? "he-IL" : "en-US");

/** Intl locale for dates: Israeli habits in both languages, day before month (26/11/2026) and a 24-hour clock. */
export const dateLocaleOf = (language: Language) => (language === "he" ? "he-IL" : "en-IL");

export const i18nextOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: false,
  defaultNS: "common",
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  returnNull: false,
} as const;
