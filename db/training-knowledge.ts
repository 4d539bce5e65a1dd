/**
 * What a client's AI training teaches, as knowledge entries the assistant can retrieve: every FAQ
 * pair (origin "faq": the question is the topic, the answer the content, so the answer is what gets
 * quoted) and the business information, cut into passages of a few sentences (origin "manual"), so a
 * question finds the sentence that answers it rather than the whole text.
 *
 * Lives in db/ because the seed writes these entries too, and must write exactly what saving the
 * training would: the training's FAQ and the client's "faq" entries are the same facts.
 */

export type TrainingKnowledgeSource = { businessInfo: string; knowledgeBase: unknown };
export type TrainingKnowledgeEntry = { topic: string; content: string; origin: "faq" | "manual" };

/** A passage of business information grows sentence by sentence up to about this many characters. */
const PASSAGE_CHARACTERS = 160;
/** Ends of sentences in either language; the end stays with its sentence. */
const SENTENCE_END = /(?<=[.!?؟。])\s+/u;

export function trainingKnowledge({ businessInfo, knowledgeBase }: TrainingKnowledgeSource): TrainingKnowledgeEntry[] {
  const faq = faqPairs(knowledgeBase).map(({ q, a }) => ({ topic: q, content: a, origin: "faq" as const }));
  const info = businessInfoPassages(businessInfo).map((content) => ({ topic: "", content, origin: "manual" as const }));
  return [...faq, ...info];
}

/**
 * The FAQ of a training config's knowledge base: `faq` as a list of `{q, a}`, pairs without an
 * answer skipped; a `faq` stored as one text (written before the rows existed) is one answer without its question.
 */
export function faqPairs(knowledgeBase: unknown): { q: string; a: string }[] {
  const faq = knowledgeBase && typeof knowledgeBase === "object" ? (knowledgeBase as { faq?: unknown }).faq : undefined;
  if (typeof faq === "string") return faq.trim() ? [{ q: "", a: faq.trim() }] : [];
  if (!Array.isArray(faq)) return [];
  return faq.flatMap((entry: unknown) => {
    const { q, a } = (entry ?? {}) as { q?: unknown; a?: unknown };
    const question = typeof q === "string" ? q.trim() : "";
    const answer = typeof a === "string" ? a.trim() : "";
    return answer ? [{ q: question, a: answer }] : [];
  });
}

/** Paragraphs of the business information, a long one cut between sentences. */
export function businessInfoPassages(businessInfo: string): string[] {
  return businessInfo
    .split(/\n+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .flatMap((paragraph) => {
      const passages: string[] = [];
      let current = "";
      for (const sentence of paragraph.split(SENTENCE_END)) {
        if (current && current.length + sentence.length + 1 > PASSAGE_CHARACTERS) {
          passages.push(current);
          current = sentence;
        } else {
          current = current ? `${current} ${sentence}` : sentence;
        }
      }
      if (current) passages.push(current);
      return passages;
    });
}
