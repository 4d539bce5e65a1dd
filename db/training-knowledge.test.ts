import { describe, expect, it } from "vitest";
import { businessInfoPassages, faqPairs, trainingKnowledge } from "./training-knowledge.ts";

describe("trainingKnowledge", () => {
  it("makes every FAQ pair an entry whose topic is the question and content the answer, and the business information passages", () => {
    expect(
      trainingKnowledge({
        businessInfo: "מאפיית השכונה ברחוב הרצל 5.\nלחם טרי כל בוקר.",
        knowledgeBase: {
          faq: [
            { q: "פתוחים ביום שישי?", a: "כן, עד 14:00." },
            { q: "", a: "" },
          ],
          other: "kept aside",
        },
      }),
    ).toEqual([
      { topic: "פתוחים ביום שישי?", content: "כן, עד 14:00.", origin: "faq" },
      { topic: "", content: "מאפיית השכונה ברחוב הרצל 5.", origin: "manual" },
      { topic: "", content: "לחם טרי כל בוקר.", origin: "manual" },
    ]);
  });

  it("teaches nothing from an empty training", () => {
    expect(trainingKnowledge({ businessInfo: "  ", knowledgeBase: {} })).toEqual([]);
  });
});

describe("faqPairs", () => {
  it("reads the rows, an FAQ written as one text, and ignores what is not an FAQ", () => {
    expect(faqPairs({ faq: [{ q: " Q ", a: " A " }, { q: "no answer" }, null, "text"] })).toEqual([{ q: "Q", a: "A" }]);
    expect(faqPairs({ faq: "We deliver on Sundays." })).toEqual([{ q: "", a: "We deliver on Sundays." }]);
    expect(faqPairs({ faq: 3 })).toEqual([]);
    expect(faqPairs(null)).toEqual([]);
  });
});

describe("businessInfoPassages", () => {
  it("cuts a long paragraph between sentences, never inside one", () => {
    const sentences = Array.from(
      { length: 6 },
      (_, index) => `Sentence number ${index} says something about the business and its work.`,
    );
    const passages = businessInfoPassages(sentences.join(" "));
    expect(passages.length).toBeGreaterThan(1);
    expect(passages.join(" ")).toBe(sentences.join(" "));
    for (const passage of passages) expect(passage).toMatch(/^Sentence number \d.*\.$/);
  });
});
