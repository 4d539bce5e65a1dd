/**
 * The text that knowledge retrieval searches (`knowledge_entries.search_text`), and the same
 * treatment of a visitor's question. PostgreSQL has no Hebrew text search configuration and a
 * dictionary cannot be installed on PGlite or a managed server, so the Hebrew work happens here and
 * PostgreSQL's 'simple' configuration only splits on spaces.
 *
 * Hebrew writes its prefixes (and, the, in, to, from, that, as) attached to the word: "ובבית",
 * "שהמחיר", "לתל". Every Hebrew word is indexed as written and without each prefix it may carry,
 * so "מחיר" finds "והמחיר" and "במחירים" finds "המחירים" through "מחירים". Niqqud and cantillation
 * are dropped, and so are the geresh and gershayim of abbreviations ("מע״מ" = 'מע"מ' = "מעמ").
 *
 * Lives in db/ because it defines a column's content: the seed writes it, and the app's knowledge
 * model both writes it and shapes its queries with it.
 */

import { stemmer } from "stemmer";
import { TOPIC_SYNONYMS } from "./search-synonyms.ts";

/** Prefix letters and their combinations, longest first so the listing reads as the grammar does. */
const HEBREW_PREFIXES = [
  // three letters: and-when, and-from-that, and-that-the/in/to/from/as, when-the/in/to
  "וכש",
  "ומש",
  "ושה",
  "ושב",
  "ושל",
  "ושמ",
  "ושכ",
  "כשה",
  "כשב",
  "כשל",
  // two letters
  "וה",
  "וב",
  "ול",
  "ומ",
  "וש",
  "וכ",
  "שה",
  "שב",
  "של",
  "שמ",
  "שכ",
  "כש",
  "מש",
  "מה",
  // one letter
  "ו",
  "ה",
  "ב",
  "ל",
  "מ",
  "ש",
  "כ",
] as const;

/** A stripped form keeps at least this many letters: "מה" never becomes "ה", "בגן" still gives "גן". */
const MIN_STEM_LENGTH = 2;

/**
 * Plural, feminine and adjective endings: "טבעוני" meets "טבעוניים", "תשלום" meets "תשלומים".
 * Written with ordinary letters, as words are once their final letters are (see searchWordsOf).
 */
const HEBREW_SUFFIXES = ["יימ", "ימ", "ות", "ית", "ה", "ת", "י"] as const;
/** An ending comes off only when this many letters stay, so short words keep their meaning. */
const MIN_SUFFIX_STEM_LENGTH = 3;

/** Final letters are written differently only at the end of a word; once an ending comes off they must match. */
const FINAL_LETTERS: Record<string, string> = { ך: "כ", ם: "מ", ן: "נ", ף: "פ", ץ: "צ" };

const HEBREW_LETTERS = /^[\u05d0-\u05ea]+$/;
/** Niqqud, cantillation and other marks; NFKD has already split the presentation forms (e.g. שׁ). */
const COMBINING_MARKS = /\p{M}/gu;
/** Geresh, gershayim and their ASCII stand-ins inside a word: "צ׳אט", 'מע"מ', "don't". */
const IN_WORD_QUOTES = /(?<=[\p{L}\p{N}])['"\u05f3\u05f4\u2019](?=[\p{L}\p{N}])/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/** Words that say nothing about which passage answers a question; dropped from questions only. */
const QUESTION_STOP_WORDS = new Set(
  [
    // Hebrew
    "של",
    "את",
    "על",
    "עם",
    "זה",
    "זו",
    "זאת",
    "הזה",
    "הזאת",
    "הוא",
    "היא",
    "הם",
    "הן",
    "אני",
    "אתה",
    "אתם",
    "אתן",
    "אנחנו",
    "יש",
    "אין",
    "מה",
    "מי",
    "איך",
    "למה",
    "מתי",
    "איפה",
    "כמה",
    "האם",
    "גם",
    "כל",
    "רק",
    "או",
    "אם",
    "כי",
    "לא",
    "כן",
    "אבל",
    "כבר",
    "עוד",
    "לי",
    "לך",
    "לו",
    "לה",
    "לנו",
    "לכם",
    "שלי",
    "שלך",
    "שלו",
    "שלה",
    "שלנו",
    "שלכם",
    "אצלכם",
    "אפשר",
    "יכול",
    "יכולה",
    "יכולים",
    "רוצה",
    "רוצים",
    "צריך",
    "צריכה",
    "היי",
    "שלום",
    "תודה",
    "בבקשה",
    "אשמח",
    "לדעת",
    "אותי",
    "אותו",
    "אותה",
    "אותם",
    "מישהו",
    "משהו",
    "אצל",
    "בין",
    "אחרי",
    "לפני",
    "עד",
    "היה",
    "יהיה",
    "להיות",
    "הייתי",
    "נא",
    "ספרו",
    "תגידו",
    // English
    "a",
    "an",
    "the",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "do",
    "does",
    "did",
    "you",
    "your",
    "yours",
    "i",
    "me",
    "my",
    "we",
    "our",
    "us",
    "it",
    "its",
    "this",
    "that",
    "these",
    "those",
    "what",
    "which",
    "who",
    "how",
    "when",
    "where",
    "why",
    "can",
    "could",
    "would",
    "should",
    "will",
    "to",
    "of",
    "for",
    "in",
    "on",
    "at",
    "by",
    "and",
    "or",
    "with",
    "have",
    "has",
    "had",
    "any",
    "there",
    "much",
    "many",
    "about",
    "from",
    "if",
    "so",
    "please",
    "hi",
    "hello",
    "hey",
    "thanks",
    "thank",
    "want",
    "like",
    "need",
    "know",
    "tell",
    "get",
    "some",
    "am",
    "than",
    "then",
    "them",
    "they",
    "he",
    "she",
    "him",
    "her",
    "not",
    "no",
    "yes",
  ].flatMap((word) => searchWordsOf(word)),
);

/**
 * The words of a text as searched: lower case, marks and in-word quotes dropped, maqaf splits,
 * Hebrew final letters written as ordinary ones.
 */
export function searchWordsOf(text: string): string[] {
  const plain = text
    .normalize("NFKD")
    .replace(COMBINING_MARKS, "")
    .replace(IN_WORD_QUOTES, "")
    .replace(/[ךםןףץ]/g, (letter) => FINAL_LETTERS[letter] ?? letter)
    .toLowerCase();
  return plain.match(WORD) ?? [];
}

/**
 * A word as written and the forms it may take: Hebrew without each prefix it may carry and without
 * one ending; English as the Porter stemmer reduces it ("flooding" and "floods" both give "flood").
 */
export function searchFormsOf(word: string): string[] {
  const forms = [word];
  if (HEBREW_LETTERS.test(word)) {
    for (const prefix of HEBREW_PREFIXES) {
      if (word.startsWith(prefix) && word.length - prefix.length >= MIN_STEM_LENGTH)
        forms.push(word.slice(prefix.length));
    }
    for (const form of [...forms]) {
      const suffix = HEBREW_SUFFIXES.find(
        (ending) => form.endsWith(ending) && form.length - ending.length >= MIN_SUFFIX_STEM_LENGTH,
      );
      if (suffix) forms.push(form.slice(0, -suffix.length));
    }
  } else if (/^[a-z]{3,}$/.test(word)) {
    forms.push(stemmer(word));
  }
  return [...new Set(forms)];
}

/**
 * The content of `knowledge_entries.search_text`: every form of every word of the topic, a line
 * break, then those of the content. The database weighs the first line as the topic (weight A), so a
 * question whose word names the passage's subject prefers it.
 */
export function knowledgeSearchText(topic: string, content: string): string {
  const forms = (text: string) => searchWordsOf(text).flatMap(searchFormsOf).join(" ");
  return `${forms(topic)}\n${forms(content)}`;
}

/** The same form restricted to a passage's topic, in to_tsquery's syntax. */
export const inTopic = (form: string) => `${form}:A`;

/**
 * The most distinct words of a question that reach the search. The search's work grows with every
 * word that matches the client's passages, so a 2,000-character message of 300 different words once
 * kept the database busy for a minute; a question rarely needs more words than this to find its passage.
 */
export const QUESTION_WORDS_MAX = 40;

/**
 * What to look for in answer to a question: per distinct word, the forms any of which may match.
 * Empty when nothing in it can be searched. Stop words are dropped unless nothing else is left.
 * Of a long message only the QUESTION_WORDS_MAX longest words count (the longer a word, the rarer
 * it tends to be, and rare words are the ones that point at a passage); equal lengths keep their order.
 */
export function questionSearchWords(question: string): string[][] {
  const words = [...new Set(searchWordsOf(question))];
  const meaningful = words.filter((word) => !QUESTION_STOP_WORDS.has(word));
  const chosen = (meaningful.length > 0 ? meaningful : words)
    .map((word, order) => ({ word, order }))
    .sort((a, b) => b.word.length - a.word.length || a.order - b.order)
    .slice(0, QUESTION_WORDS_MAX)
    .sort((a, b) => a.order - b.order)
    .map(({ word }) => word);
  const groups = chosen.map((word) => {
    const forms = searchFormsOf(word);
    const kept = forms.filter((form) => !QUESTION_STOP_WORDS.has(form));
    return withSynonyms(kept.length > 0 ? kept : forms);
  });
  return groups;
}

/** Whether a word (as searchWordsOf writes it) says nothing about what a question asks. */
export const isQuestionStopWord = (word: string) => QUESTION_STOP_WORDS.has(word);

/** Whether a question has a word worth searching for, beyond greetings and question words. */
export function hasMeaningfulWords(question: string): boolean {
  return searchWordsOf(question).some((word) => !QUESTION_STOP_WORDS.has(word));
}

/**
 * Each synonym (db/search-synonyms.ts) by the forms that name it, mapped to what its whole group is
 * searched as: a Hebrew word as written (the index holds it with and without prefixes and endings),
 * an English word and its stem.
 */
const SYNONYMS_BY_FORM: ReadonlyMap<string, readonly string[]> = new Map(
  TOPIC_SYNONYMS.flatMap((group) => {
    const forms = [
      ...new Set(
        group.flatMap((member) =>
          searchWordsOf(member).flatMap((word) => (HEBREW_LETTERS.test(word) ? [word] : searchFormsOf(word))),
        ),
      ),
    ];
    return forms.map((form) => [form, forms] as const);
  }),
);

/** The synonym group (db/search-synonyms.ts) a form belongs to, named by its first form; undefined when none. */
export const synonymGroupOf = (form: string): string | undefined => SYNONYMS_BY_FORM.get(form)?.[0];

/** A word's forms and, when one of them is a synonym of a common topic, its whole group's. */
function withSynonyms(forms: string[]): string[] {
  const synonyms = forms.flatMap((form) => SYNONYMS_BY_FORM.get(form) ?? []);
  return synonyms.length > 0 ? [...new Set([...forms, ...synonyms])] : forms;
}

/** `a | b | c` for to_tsquery: the forms are letters and digits only, so nothing needs quoting. */
export function toTsQueryAlternatives(forms: readonly string[]): string {
  return [...new Set(forms)].join(" | ");
}
