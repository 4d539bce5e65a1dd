import { describe, expect, it } from "vitest";
import { israeliHolidayOn } from "./israeli-holidays.ts";

describe("Israeli holidays, from the Hebrew calendar", () => {
  it.each([
    ["2026-09-11", { holiday: "roshHashanah", eve: true }],
    ["2026-09-12", { holiday: "roshHashanah", eve: false }],
    ["2026-09-13", { holiday: "roshHashanah", eve: false }],
    ["2026-09-20", { holiday: "yomKippur", eve: true }],
    ["2026-09-21", { holiday: "yomKippur", eve: false }],
    ["2026-09-26", { holiday: "sukkot", eve: false }],
    ["2026-10-03", { holiday: "simchatTorah", eve: false }],
    ["2027-04-21", { holiday: "passover", eve: true }],
    ["2027-04-22", { holiday: "passover", eve: false }],
    ["2027-04-28", { holiday: "passoverEnd", eve: false }],
    ["2027-06-11", { holiday: "shavuot", eve: false }],
    ["2025-10-02", { holiday: "yomKippur", eve: false }],
    ["2030-10-07", { holiday: "yomKippur", eve: false }],
  ])("%s is %o", (date, expected) => {
    const [year, month, day] = date.split("-").map(Number);
    expect(israeliHolidayOn(year!, month!, day!)).toEqual(expected);
  });

  it.each([
    // 5 Iyar on a Wednesday: kept.
    ["2027-05-12", "2027-05-11"],
    // 5 Iyar 5784 fell on a Monday: moved to Tuesday 14 May 2024.
    ["2024-05-14", "2024-05-13"],
    // 5 Iyar 5785 fell on a Saturday: moved to Thursday 1 May 2025.
    ["2025-05-01", "2025-05-03"],
    // 5 Iyar 5786 falls on a Wednesday 22 April 2026.
    ["2026-04-22", "2026-04-24"],
  ])("Independence Day is on %s, not on %s", (observed, notObserved) => {
    const on = (date: string) => {
      const [year, month, day] = date.split("-").map(Number);
      return israeliHolidayOn(year!, month!, day!);
    };
    expect(on(observed)).toEqual({ holiday: "independenceDay", eve: false });
    expect(on(notObserved)).toBeUndefined();
  });

  it("leaves ordinary days alone", () => {
    expect(israeliHolidayOn(2026, 11, 24)).toBeUndefined();
    expect(israeliHolidayOn(2026, 11, 27)).toBeUndefined();
  });
});
