import { questionSearchWords, searchFormsOf, searchWordsOf } from "#db/search-text.ts";
import { TOPIC_SYNONYMS } from "#db/search-synonyms.ts";
import type { PromptPassage } from "./system-prompt.ts";

/**
 * Whether a retrieved passage speaks of what the visitor asked, by the same Hebrew-aware terms
 * retrieval matches on (db/search-text.ts). Retrieval returns whatever shares a word; the built-in
 * responder quotes what it returns, so "יש מקום לארבעה הערב?" once got the kashrut answer ("בהשגחת
 * הרבנות המקומית" shares "מקום"), and "איפה אתם נמצאים?" the parking one ("…ברחוב…"). A reply that
 * answers something else is worse than "I don't know yet".
 *
 * - An FAQ answer answers its own question: the visitor's question must share a term with it.
 * - Price words ("כמה עולה", "how much") say what is asked about a subject, not which one: when the
 *   question names a subject too ("כמה עולה תספורת נשים?"), a passage sharing only the price word
 *   is about another thing's price.
 */
export function sharesSubject(question: string, passage: Pick<PromptPassage, "topic" | "content" | "origin">) {
  const groups = questionSearchWords(question);
  const subjects = groups.filter((forms) => !forms.some((form) => PRICE_FORMS.has(form)));
  const wanted = subjects.length > 0 ? subjects : groups;
  const faqQuestion = passage.origin === "faq" && passage.topic.trim() !== "";
  const where = formsOf(faqQuestion ? passage.topic : `${passage.topic} ${passage.content}`);
  return wanted.some((forms) => forms.some((form) => where.has(form)));
}

/** A passage longer than this is quoted by its parts that hold the question's terms. */
const EXCERPT_FROM_CHARACTERS = 160;
/** Sentence ends, line breaks, and in a long sentence its clauses: a list written as one line. */
const SENTENCES = /(?<=[.!?])\s+|\n+/u;
const CLAUSES = /\s*[,;:•|]\s+|\s+[–—-]\s+/u;

/**
 * What the built-in responder quotes of a passage: all of a short one; of a long one (a business's
 * whole description written as one line) the sentences, or in a long sentence the clauses, that
 * share the most of the question's terms, in their order. "כמה עולה תספורת נשים?" gets "תספורת
 * נשים 180 ₪", not the salon's whole paragraph.
 */
export function answerExcerpt(question: string, content: string): string {
  if (content.length <= EXCERPT_FROM_CHARACTERS) return content;
  const groups = questionSearchWords(question);
  const parts = content
    .split(SENTENCES)
    .flatMap((sentence) => (sentence.length > EXCERPT_FROM_CHARACTERS ? sentence.split(CLAUSES) : [sentence]))
    .map((part) => part.trim())
    .filter(Boolean);
  const scored = parts.map((part) => {
    const forms = formsOf(part);
    return { part, score: groups.filter((group) => group.some((form) => forms.has(form))).length };
  });
  const best = Math.max(0, ...scored.map(({ score }) => score));
  if (best === 0) return content;
  return scored
    .filter(({ score }) => score === best)
    .map(({ part }) => part)
    .join(" … ");
}

function formsOf(text: string): Set<string> {
  return new Set(searchWordsOf(text).flatMap(searchFormsOf));
}

/** The forms of the price group of db/search-synonyms.ts ("מחיר", "עולה", "cost"…). */
const PRICE_FORMS: ReadonlySet<string> = new Set(
  (TOPIC_SYNONYMS.find((group) => group.includes("price")) ?? []).flatMap((word) =>
    searchWordsOf(word).flatMap(searchFormsOf),
  ),
);
