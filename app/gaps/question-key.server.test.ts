import { describe, expect, it } from "vitest";
import { groupOfKey, questionKey, sharedKeyWords } from "./question-key.server.ts";

describe("questionKey", () => {
  it("groups a Hebrew question with its shorter and reworded variants", () => {
    const key = questionKey("מתי אתם פתוחים?");
    expect(questionKey("מתי פתוחים")).toBe(key);
    expect(questionKey("מה שעות הפתיחה?")).toBe(key);
    expect(questionKey("  מתי   אתם פְּתוּחִים ")).toBe(key);
  });

  it("groups prefixes, final letters and plural endings", () => {
    expect(questionKey("יש לכם משלוחים לחיפה?")).toBe(questionKey("משלוח לחיפה"));
    expect(questionKey("והמחירים של הטיפולים")).toBe(questionKey("מחיר טיפול"));
  });

  it("groups English inflections and ignores word order and question words", () => {
    expect(questionKey("Do you deliver to Haifa?")).toBe(questionKey("delivery Haifa"));
    expect(questionKey("When are you open?")).toBe(questionKey("opening hours"));
  });

  it("keeps unrelated questions apart", () => {
    const hours = questionKey("מתי אתם פתוחים?");
    expect(questionKey("כמה עולה משלוח?")).not.toBe(hours);
    expect(questionKey("יש לכם חניה?")).not.toBe(hours);
    expect(questionKey("Do you sell gift cards?")).not.toBe(questionKey("Do you deliver?"));
  });

  it("keys a question of stop words alone by those words", () => {
    expect(questionKey("מה?")).not.toBe("");
  });

  it("finds the group of a question asked with a word more or less, and no group for an unrelated one", () => {
    const groups = [
      { id: 1, questionKey: questionKey("אתם עושים משלוחים לחיפה?") },
      { id: 2, questionKey: questionKey("מתי אתם פתוחים?") },
    ];
    expect(groupOfKey(questionKey("יש משלוח לחיפה?"), groups)?.id).toBe(1);
    expect(groupOfKey(questionKey("מה שעות הפתיחה"), groups)?.id).toBe(2);
    expect(groupOfKey(questionKey("כמה עולה עוגת יום הולדת?"), groups)).toBeUndefined();
    expect(groupOfKey(questionKey("משלוח לתל אביב"), groups)).toBeUndefined();
  });

  it("counts shared key words", () => {
    expect(sharedKeyWords(questionKey("delivery to Haifa"), questionKey("Do you deliver?"))).toBe(1);
    expect(sharedKeyWords("a b", "c")).toBe(0);
  });
});
