import { describe, expect, it } from "vitest";
import { holdsFact } from "./fact-match.server.ts";

describe("holdsFact", () => {
  it("finds a time written with other punctuation or spacing", () => {
    expect(holdsFact("ביום שישי אנחנו פתוחים עד 13:30.", "13:30")).toBe(true);
    expect(holdsFact("On Fridays we close at 13.30", "13:30")).toBe(true);
    expect(holdsFact("Friday: 13 : 30", "13:30")).toBe(true);
  });

  it("ignores case and spacing", () => {
    expect(holdsFact("Parking is FREE   behind the shop", "free behind")).toBe(true);
    expect(holdsFact("Free parking", "parking free")).toBe(false);
  });

  it("ignores niqqud, final letters and geresh", () => {
    expect(holdsFact("שָׁלוֹם וּבְרָכָה", "שלום")).toBe(true);
    expect(holdsFact("המחיר כולל מע״מ", 'מע"מ')).toBe(true);
    // The final letter of the fact meets the ordinary one of a longer word.
    expect(holdsFact("שלומית", "שלום")).toBe(true);
  });

  it("lets a Hebrew fact follow a prefix, but an English one starts a word", () => {
    expect(holdsFact("אנחנו סגורים בשישי אחרי הצהריים", "שישי")).toBe(true);
    expect(holdsFact("Let us start", "art")).toBe(false);
    expect(holdsFact("We deliver everywhere", "deliver")).toBe(true);
  });

  it("keeps numbers whole", () => {
    expect(holdsFact("Open until 130 days", "13")).toBe(false);
    expect(holdsFact("Call 113", "13")).toBe(false);
    expect(holdsFact("Closes at 13:305", "13:30")).toBe(false);
    expect(holdsFact("Closes at 13:30, opens at 9", "13:30")).toBe(true);
  });

  it("fails when the fact is missing or has nothing to look for", () => {
    expect(holdsFact("ביום שישי אנחנו פתוחים עד 14:00", "13:30")).toBe(false);
    expect(holdsFact("anything", "?!")).toBe(false);
  });
});
