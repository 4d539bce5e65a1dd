import { describe, expect, it } from "vitest";
import {
  inTopic,
  knowledgeSearchText,
  QUESTION_WORDS_MAX,
  questionSearchWords,
  searchFormsOf,
  searchWordsOf,
  toTsQueryAlternatives,
} from "./search-text.ts";

describe("searchWordsOf", () => {
  it("drops niqqud and cantillation, so pointed and plain Hebrew are the same words", () => {
    expect(searchWordsOf("בְּרֵאשִׁ֖ית בָּרָ֣א")).toEqual(["בראשית", "ברא"]);
    expect(searchWordsOf("שָׁלוֹם")).toEqual(searchWordsOf("שלום"));
  });

  it("reads presentation forms (שׁ as one code point) as their plain letters", () => {
    expect(searchWordsOf("\ufb2aלום")).toEqual(searchWordsOf("שלום"));
  });

  it("writes final letters as ordinary ones, so an ending can come off", () => {
    expect(searchWordsOf("שלום ארוך כסף חלון ארץ")).toEqual(["שלומ", "ארוכ", "כספ", "חלונ", "ארצ"]);
  });

  it("joins abbreviations written with gershayim, geresh or ASCII quotes", () => {
    expect(searchWordsOf("מע״מ")).toEqual(["מעמ"]);
    expect(searchWordsOf('מע"מ')).toEqual(["מעמ"]);
    expect(searchWordsOf("צ׳אט צ'אט")).toEqual(["צאט", "צאט"]);
  });

  it("splits on the maqaf, punctuation and spaces, and lowers English", () => {
    expect(searchWordsOf("בית־ספר, Opening-Hours! 24/7")).toEqual(["בית", "ספר", "opening", "hours", "24", "7"]);
  });

  it("keeps a quote that is not inside a word as a separator", () => {
    expect(searchWordsOf("\"אחד\" 'hello'")).toEqual(["אחד", "hello"]);
  });
});

describe("searchFormsOf", () => {
  it("strips each attached prefix and combination, keeping the word as written first", () => {
    expect(searchFormsOf("והמחיר")).toEqual(["והמחיר", "מחיר", "המחיר"]);
    expect(searchFormsOf("וכשהגענו")).toEqual(expect.arrayContaining(["וכשהגענו", "הגענו", "שהגענו"]));
    expect(searchFormsOf("שבתל")).toEqual(expect.arrayContaining(["תל", "בתל"]));
    expect(searchFormsOf("מהבית")).toEqual(expect.arrayContaining(["בית", "הבית"]));
    expect(searchFormsOf("ולמשלוח")).toEqual(expect.arrayContaining(["משלוח", "למשלוח"]));
  });

  it("never strips a word away: at least two letters stay, three when an ending comes off", () => {
    expect(searchFormsOf("מה")).toEqual(["מה"]);
    expect(searchFormsOf("של")).toEqual(["של"]);
    expect(searchFormsOf("בגנ")).toEqual(["בגנ", "גנ"]);
    expect(searchFormsOf("וה")).toEqual(["וה"]);
    expect(searchFormsOf("בית")).toEqual(["בית", "ית"]);
  });

  it("takes one plural or feminine ending off, so inflections meet", () => {
    const forms = (word: string) => new Set(searchWordsOf(word).flatMap(searchFormsOf));
    const shared = (a: string, b: string) => [...forms(a)].filter((form) => forms(b).has(form));
    expect(shared("טבעוני", "טבעוניים")).toContain("טבעונ");
    expect(shared("התשלום", "בתשלומים")).toContain("תשלומ");
    expect(shared("הזמנה", "הזמנות")).toContain("הזמנ");
  });

  it("does not treat a letter in the middle as a prefix", () => {
    expect(searchFormsOf("תפריט")).toEqual(["תפריט"]);
  });

  it("gives English words their Porter stem", () => {
    expect(searchFormsOf("prices")).toEqual(["prices", "price"]);
    expect(searchFormsOf("flooding")).toEqual(["flooding", "flood"]);
    expect(searchFormsOf("parties")).toEqual(["parties", "parti"]);
    expect(searchFormsOf("party")).toEqual(["party", "parti"]);
  });
});

describe("knowledgeSearchText", () => {
  it("holds the topic's forms on the first line and the content's on the second", () => {
    const [topic, content] = knowledgeSearchText("המחירים", "ההתקנה חינם, Prices include VAT.").split("\n");
    expect(topic!.split(" ")).toEqual(expect.arrayContaining(["המחירימ", "מחירימ", "מחיר"]));
    expect(content!.split(" ")).toEqual(
      expect.arrayContaining(["ההתקנה", "התקנה", "התקנ", "חינמ", "prices", "price", "vat"]),
    );
  });

  it("is the same for pointed and plain text", () => {
    expect(knowledgeSearchText("שָׁלוֹם", "מְחִיר")).toBe(knowledgeSearchText("שלום", "מחיר"));
  });
});

describe("questionSearchWords", () => {
  it("drops question words and keeps the forms of each meaningful word", () => {
    expect(questionSearchWords("כמה זמן לוקחת ההתקנה?")).toEqual([
      ["זמנ"],
      ["לוקחת", "וקחת", "לוקח", "וקח"],
      ["ההתקנה", "התקנה", "ההתקנ", "התקנ"],
    ]);
    expect(questionSearchWords("How long does the installation take?")).toEqual([
      ["long"],
      ["installation", "instal"],
      ["take"],
    ]);
  });

  it("searches for stop words when the question has nothing else", () => {
    expect(questionSearchWords("מה זה?")).toEqual([["מה"], ["זה"]]);
  });

  it(`keeps a long message's ${QUESTION_WORDS_MAX} longest distinct words, in their order`, () => {
    const shortWords = Array.from({ length: 300 }, (_, index) => `w${index}`);
    const message = ["dishwasher", ...shortWords, "installation", ...shortWords].join(" ");
    const words = questionSearchWords(message).map((forms) => forms[0]);
    expect(words).toHaveLength(QUESTION_WORDS_MAX);
    const longestShort = shortWords.filter((word) => word.length === 4).slice(0, QUESTION_WORDS_MAX - 2);
    expect(words).toEqual(["dishwasher", ...longestShort, "installation"]);
  });

  it("is empty for a question without letters or digits", () => {
    expect(questionSearchWords("?!…")).toEqual([]);
  });

  it("matches what the index holds for the same word with another prefix", () => {
    const indexed = new Set(knowledgeSearchText("משלוחים", "המשלוח לכל הארץ").split(/\s/));
    const matching = questionSearchWords("ומשלוח לאילת?").map((forms) => forms.filter((form) => indexed.has(form)));
    expect(matching[0]).toContain("משלוח");
  });

  it("produces alternatives that to_tsquery reads as they are, anywhere or in the topic", () => {
    const [forms] = questionSearchWords("והשולחן");
    expect(toTsQueryAlternatives(forms!)).toBe("והשולחנ | שולחנ | השולחנ");
    expect(toTsQueryAlternatives(forms!.map(inTopic))).toBe("והשולחנ:A | שולחנ:A | השולחנ:A");
  });

  it("widens a word of a common topic to its synonyms in both languages", () => {
    const [deliver] = questionSearchWords("Do you deliver?");
    expect(deliver).toEqual(expect.arrayContaining(["deliver", "delivery", "shipping", "משלוח", "משלוחימ", "שליח"]));
    const [hours, opening] = questionSearchWords("מה שעות הפתיחה?");
    expect(hours).toEqual(expect.arrayContaining(["שעות", "hours", "hour", "open", "פתוח", "פתוחימ"]));
    expect(opening).toEqual(expect.arrayContaining(["פתיחה", "hours", "open"]));
    const indexed = new Set(knowledgeSearchText("Delivery", "We deliver across Haifa").split(/\s/));
    const [משלוחים] = questionSearchWords("יש משלוחים?");
    expect(משלוחים!.some((form) => indexed.has(form))).toBe(true);
  });

  it("leaves a word outside every topic as it was", () => {
    expect(questionSearchWords("dishwasher")).toEqual([["dishwasher", "dishwash"]]);
  });
});
