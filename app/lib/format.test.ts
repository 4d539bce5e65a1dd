import { describe, expect, it } from "vitest";
import { formatCents, formatPercentChange, formatRelativeTime, percentChange } from "./format.ts";

describe("format", () => {
  it("formats money in dollars for both languages", () => {
    expect(formatCents(15000, "en")).toBe("$150");
    expect(formatCents(5050, "en")).toBe("$50.50");
    expect(formatCents(15000, "he")).toContain("150");
    expect(formatCents(15000, "he")).toContain("$");
  });

  it("computes and signs percentage changes", () => {
    expect(percentChange(112, 100)).toBeCloseTo(12);
    expect(percentChange(5, 0)).toBeNull();
    expect(formatPercentChange(12, "en")).toBe("+12%");
    expect(formatPercentChange(-8.4, "en")).toBe("-8%");
    expect(formatPercentChange(0, "en")).toBe("0%");
  });

  it("says how long ago in the page's language", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    expect(formatRelativeTime(new Date("2026-11-22T11:55:00Z"), now, "en")).toBe("5 minutes ago");
    expect(formatRelativeTime(new Date("2026-11-21T12:00:00Z"), now, "en")).toBe("yesterday");
    expect(formatRelativeTime(new Date("2026-11-22T11:55:00Z"), now, "he")).toBe("לפני 5 דקות");
  });
});
