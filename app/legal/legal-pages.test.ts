import { describe, expect, it } from "vitest";
import { legalPageAt, legalPathOf, LEGAL_PAGE_NAMES } from "./legal-pages.ts";

describe("the legal pages", () => {
  it("each live at their own path, and no other path is one", () => {
    for (const page of LEGAL_PAGE_NAMES) expect(legalPageAt(legalPathOf(page))).toBe(page);
    expect(legalPageAt("/privacy/")).toBeUndefined();
    expect(legalPageAt("/admin")).toBeUndefined();
  });
});
