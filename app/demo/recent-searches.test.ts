import { describe, expect, it } from "vitest";
import { RECENT_SEARCHES_LIMIT, recentSearchesSchema, withRecentSearch } from "./recent-searches.ts";

describe("recent searches", () => {
  it("puts the newest first, keeps each text once and only a handful", () => {
    let searches: string[] = [];
    for (const text of ["a", "b", "c", "b", "d", "e", "f"]) searches = withRecentSearch(searches, text);
    expect(searches).toEqual(["f", "e", "d", "b", "c"]);
    expect(searches).toHaveLength(RECENT_SEARCHES_LIMIT);
  });

  it("reads back only a list of texts from storage, cut to the limit", () => {
    expect(recentSearchesSchema.parse(["1", "2", "3", "4", "5", "6"])).toEqual(["1", "2", "3", "4", "5"]);
    expect(recentSearchesSchema.safeParse({ text: "x" }).success).toBe(false);
    expect(recentSearchesSchema.safeParse([""]).success).toBe(false);
  });
});
