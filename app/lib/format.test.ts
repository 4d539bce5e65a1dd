import { describe, expect, it } from "vitest";
import {
  formatCents,
  formatDate,
  formatDateTime,
  formatEventTime,
  formatPercent,
  formatPercentChange,
  isolate,
  percentChange,
} from "./format.ts";

describe("format", () => {
  it("formats money in dollars for both languages", () => {
    expect(formatCents(15000, "en")).toBe("$150");
    expect(formatCents(5050, "en")).toBe("$50.50");
    expect(formatCents(15000, "he")).toContain("150");
    expect(formatCents(15000, "he")).toContain("$");
  });

  it("writes a share with at most one decimal, in either language", () => {
    expect(formatPercent(12.5, "en")).toBe("12.5%");
    expect(formatPercent(33.333, "en")).toBe("33.3%");
    expect(formatPercent(40, "he")).toContain("40");
    expect(formatPercent(40, "he")).toContain("%");
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
    expect(formatEventTime(new Date("2026-11-22T08:30:00Z"), now, "en", zone)).toBe("10:30");
    expect(formatEventTime(new Date("2026-11-21T08:30:00Z"), now, "en", zone)).toBe("21/11/2026, 10:30");
    expect(formatEventTime(new Date("2026-11-21T22:30:00Z"), now, "en", zone)).toBe("00:30");
  });

  it("writes dates the Israeli way in both languages: day first, a 24-hour clock, in the given zone", () => {
    // 22:30 UTC on 28 March 2026 is already 1:30 on Sunday in Jerusalem (summer time since the 27th).
    expect(formatDateTime("2026-03-28T22:30:00.000Z", "en", "Asia/Jerusalem")).toBe("29/03/2026, 01:30");
    expect(formatDateTime(new Date("2026-11-26T14:05:09Z"), "en", "Asia/Jerusalem")).toBe("26/11/2026, 16:05");
    expect(formatDateTime(new Date("2026-11-26T14:05:09Z"), "en", "Asia/Jerusalem", { seconds: true })).toBe(
      "26/11/2026, 16:05:09",
    );
    expect(formatDateTime(new Date("2026-11-26T14:05:09Z"), "he", "Asia/Jerusalem")).toBe("26.11.2026, 16:05");
    expect(formatDate(new Date("2026-11-26T23:00:00Z"), "en", "Asia/Jerusalem")).toBe("27/11/2026");
  });

  it("isolates names so their direction does not spill into the sentence", () => {
    expect(isolate("מסעדת הגפן")).toBe("\u2068מסעדת הגפן\u2069");
  });
});
