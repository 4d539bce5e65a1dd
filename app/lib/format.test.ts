import { describe, expect, it } from "vitest";
import { formatCents, formatEventTime, formatPercentChange, isolate, percentChange } from "./format.ts";

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

  it("says when: minutes ago within the hour, then the time, then the date, in the given zone", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const zone = "Asia/Jerusalem";
    expect(formatEventTime(new Date("2026-11-22T11:55:00Z"), now, "en", zone)).toBe("5 minutes ago");
    expect(formatEventTime(new Date("2026-11-22T11:55:00Z"), now, "he", zone)).toBe("לפני 5 דקות");
    expect(formatEventTime(new Date("2026-11-22T08:30:00Z"), now, "en", zone)).toBe("10:30 AM");
    expect(formatEventTime(new Date("2026-11-21T08:30:00Z"), now, "en", zone)).toBe("Nov 21, 2026, 10:30 AM");
    expect(formatEventTime(new Date("2026-11-21T22:30:00Z"), now, "en", zone)).toBe("12:30 AM");
  });

  it("isolates names so their direction does not spill into the sentence", () => {
    expect(isolate("מסעדת הגפן")).toBe("\u2068מסעדת הגפן\u2069");
  });
});
