import { searchWordsOf } from "#db/search-text.ts";

/** The text as retrieval reads it (db/search-text.ts): lower case, no niqqud, ordinary final letters, words by single spaces. */
const normalised = (text: string) => searchWordsOf(text).join(" ");

const HEBREW_LETTER = /[\u05d0-\u05ea]/;
const DIGIT = /\d/;

/**
 * Whether an answer holds a test question's fact. Both are normalised as knowledge retrieval reads
 * text (db/search-text.ts): case, niqqud and cantillation, geresh and gershayim, and Hebrew final
 * letters do not count, and punctuation and spacing between words do not either, so "13:30" is held
 * by "עד 13.30" and "ערב שבת" by "בערב-שבת". The fact's words must then appear in the answer in their
 * order, side by side:
 * - at the start of a word, except that a Hebrew fact may follow a prefix written onto it
 *   ("שישי" is held by "בשישי"), so "art" is not held by "start";
 * - and a number is whole: "13" is not held by "130" nor by "113".
 * A word may go on past the fact's end ("deliver" is held by "delivery"), since Hebrew and English
 * add endings there. A fact with no letters or digits holds nowhere (the form refuses it).
 */
export function holdsFact(answer: string, fact: string): boolean {
  const needle = normalised(fact);
  if (!needle) return false;
  const haystack = normalised(answer);
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1];
    const after = haystack[at + needle.length];
    const startsWord =
      before === undefined ||
      before === " " ||
      (HEBREW_LETTER.test(needle[0]!) && HEBREW_LETTER.test(before) && !DIGIT.test(before));
    const wholeNumber = !(DIGIT.test(needle.at(-1)!) && after !== undefined && DIGIT.test(after));
    const numberStart = !(DIGIT.test(needle[0]!) && before !== undefined && DIGIT.test(before));
    if (startsWord && wholeNumber && numberStart) return true;
  }
  return false;
}
