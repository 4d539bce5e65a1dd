import { isQuestionStopWord, searchFormsOf, searchWordsOf, synonymGroupOf } from "#db/search-text.ts";

/**
 * The key that groups visitors' questions asking the same thing, built with the normalisation
 * knowledge retrieval uses (db/search-text.ts): final letters, niqqud and prefixes do not count, nor
 * do plural and feminine endings, English inflections, question words and greetings; a word of a
 * common topic (opening hours, delivery, price...) stands for its whole synonym group. So
 * "מתי אתם פתוחים?", "מתי פתוחים" and "מה שעות הפתיחה?" share a key, and "כמה עולה משלוח?" does not.
 * Each word is written as its shortest form (ties: the first in alphabetical order), and the key is
 * the sorted distinct words: word order does not count either.
 */
export function questionKey(question: string): string {
  const words = [...new Set(searchWordsOf(question))];
  const meaningful = words.filter((word) => !isQuestionStopWord(word));
  const keyWords = (meaningful.length > 0 ? meaningful : words).map(canonicalForm);
  return [...new Set(keyWords)].sort().join(" ");
}

function canonicalForm(word: string): string {
  const forms = searchFormsOf(word).filter((form) => !isQuestionStopWord(form) || form === word);
  for (const form of forms) {
    const group = synonymGroupOf(form);
    if (group) return `~${group}`;
  }
  return forms.reduce((shortest, form) =>
    form.length < shortest.length || (form.length === shortest.length && form < shortest) ? form : shortest,
  );
}

/**
 * Whether two keys ask the same thing: at least half of all their words shared, so a word more or
 * less ("אתם עושים משלוחים לחיפה?" and "יש משלוח לחיפה?") still groups, and one shared word of
 * several does not.
 */
export function similarKeys(a: string, b: string): boolean {
  const shared = sharedKeyWords(a, b);
  const all = new Set([...a.split(" "), ...b.split(" ")].filter(Boolean)).size;
  return shared > 0 && shared * 2 >= all;
}

/** Of the groups, the one a question's key belongs to: the same key, else the most similar; undefined when none is. */
export function groupOfKey<Group extends { questionKey: string }>(key: string, groups: readonly Group[]) {
  const same = groups.find((group) => group.questionKey === key);
  if (same) return same;
  const similar = groups.filter((group) => similarKeys(key, group.questionKey));
  return similar.sort((a, b) => sharedKeyWords(key, b.questionKey) - sharedKeyWords(key, a.questionKey))[0];
}

/** How many key words two keys share: the FAQ question closest to a gap's. */
export function sharedKeyWords(a: string, b: string): number {
  const words = new Set(a.split(" ").filter(Boolean));
  return b.split(" ").filter((word) => words.has(word)).length;
}
