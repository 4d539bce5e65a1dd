export const LANGUAGES = ["he", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const NAMESPACES = ["common", "admin"] as const;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);

export const directionOf = (language: Language) => (language === "he" ? "rtl" : "ltr");

/** Intl locale for numbers and dates: Hebrew in Israel, English with the same conventions. */
export const intlLocaleOf = (language: Language) => (language === "he" ? "he-IL" : "en-US");

export const i18nextOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: false,
  defaultNS: "common",
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  returnNull: false,
} as const;
