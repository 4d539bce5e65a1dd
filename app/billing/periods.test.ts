import { describe, expect, it } from "vitest";
import { hasEnded, isBillingPeriod, isPastDue, periodBounds, periodOf, shiftPeriod } from "./periods.ts";

const JERUSALEM = "Asia/Jerusalem";

describe("billing periods in the display time zone", () => {
  it("start and end at midnight in Israel, summer and winter", () => {
    // Israel is UTC+2 in winter and UTC+3 in summer (2026: from 27 March to 25 October).
    expect(periodBounds("2026-01", JERUSALEM)).toEqual({
      period: "2026-01",
      start: new Date("2025-12-31T22:00:00Z"),
      end: new Date("2026-01-31T22:00:00Z"),
      dueAt: new Date("2026-02-14T22:00:00Z"),
    });
    const march = periodBounds("2026-03", JERUSALEM);
    expect(march.start).toEqual(new Date("2026-02-28T22:00:00Z"));
    // April starts in summer time: the month is an hour shorter.
    expect(march.end).toEqual(new Date("2026-03-31T21:00:00Z"));
    expect(periodBounds("2026-10", JERUSALEM).end).toEqual(new Date("2026-10-31T22:00:00Z"));
    expect(periodBounds("2026-12", JERUSALEM).end).toEqual(new Date("2026-12-31T22:00:00Z"));
  });

  it("puts a message at 00:30 on the 1st in Israel in the new month, though it is still last month in UTC", () => {
    expect(periodOf(new Date("2026-04-30T21:30:00Z"), JERUSALEM)).toBe("2026-05");
    expect(periodOf(new Date("2026-04-30T20:59:59Z"), JERUSALEM)).toBe("2026-04");
    expect(periodOf(new Date("2026-04-30T21:30:00Z"), "UTC")).toBe("2026-04");
  });

  it("is overdue 14 days after the period ends, at midnight", () => {
    expect(isPastDue("2026-04", new Date("2026-05-14T20:59:59Z"), JERUSALEM)).toBe(false);
    expect(isPastDue("2026-04", new Date("2026-05-14T21:00:00Z"), JERUSALEM)).toBe(true);
  });

  it("ends at midnight of the next month's first day, not before", () => {
    expect(hasEnded("2026-04", new Date("2026-04-30T20:59:59Z"), JERUSALEM)).toBe(false);
    expect(hasEnded("2026-04", new Date("2026-04-30T21:00:00Z"), JERUSALEM)).toBe(true);
    expect(hasEnded("2026-12", new Date("2026-12-31T22:00:00Z"), JERUSALEM)).toBe(true);
  });

  it("counts months across years and reads only real periods", () => {
    expect(shiftPeriod("2026-01", -1)).toBe("2025-12");
    expect(shiftPeriod("2025-12", 1)).toBe("2026-01");
    expect(shiftPeriod("2026-05", -12)).toBe("2025-05");
    expect(isBillingPeriod("2026-12")).toBe(true);
    for (const text of ["2026-13", "2026-00", "2026-1", "26-01", "2026-01-01", ""])
      expect(isBillingPeriod(text)).toBe(false);
  });
});
