import type { Language } from "~/i18n/config.ts";

const HEBREW_WORD = /\p{Script=Hebrew}+/gu;
const LATIN_WORD = /\p{Script=Latin}+/gu;
/** Hebrew sentences name brands and products in Latin letters; English ones rarely borrow Hebrew words. */
const HEBREW_SHARE = 0.4;

/**
 * The language a visitor writes in, by the script of their words. A message without words (a
 * phone number, "?", an emoji) keeps the language the conversation already had.
 */
export function detectLanguage(text: string, fallback: Language): Language {
  const hebrew = text.match(HEBREW_WORD)?.length ?? 0;
  const latin = text.match(LATIN_WORD)?.length ?? 0;
  if (hebrew + latin === 0) return fallback;
  return hebrew / (hebrew + latin) >= HEBREW_SHARE ? "he" : "en";
}
