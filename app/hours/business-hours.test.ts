import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS_HOURS, nightfallOn, openingState, type BusinessHours } from "./business-hours.ts";

const ISRAEL = "Asia/Jerusalem";
/** An instant given as Israel's wall-clock time (+02:00 in winter, +03:00 in summer). */
const israel = (local: string, offset: "+02:00" | "+03:00") => new Date(`${local}${offset}`);

describe("opening hours in Israel", () => {
  it("a weekday morning is open until the evening", () => {
    expect(openingState(israel("2026-11-24T11:00", "+02:00"), DEFAULT_BUSINESS_HOURS, ISRAEL)).toEqual({
      open: true,
      closesAt: israel("2026-11-24T18:00", "+02:00"),
    });
  });

  it("a weekday before opening opens that morning, after closing the next morning", () => {
    expect(openingState(israel("2026-11-24T07:30", "+02:00"), DEFAULT_BUSINESS_HOURS, ISRAEL)).toEqual({
      open: false,
      reason: "notYetOpen",
      holiday: undefined,
      opensAt: israel("2026-11-24T09:00", "+02:00"),
    });
    expect(openingState(israel("2026-11-24T20:00", "+02:00"), DEFAULT_BUSINESS_HOURS, ISRAEL)).toMatchObject({
      open: false,
      reason: "closedForTheDay",
      opensAt: israel("2026-11-25T09:00", "+02:00"),
    });
  });

  it("a Friday afternoon is closed for Shabbat until Sunday morning", () => {
    expect(openingState(israel("2026-11-27T15:00", "+02:00"), DEFAULT_BUSINESS_HOURS, ISRAEL)).toEqual({
      open: false,
      reason: "shabbat",
      holiday: undefined,
      opensAt: israel("2026-11-29T09:00", "+02:00"),
    });
    expect(openingState(israel("2026-11-27T10:00", "+02:00"), DEFAULT_BUSINESS_HOURS, ISRAEL)).toEqual({
      open: true,
      closesAt: israel("2026-11-27T13:00", "+02:00"),
    });
    expect(openingState(israel("2026-11-28T12:00", "+02:00"), DEFAULT_BUSINESS_HOURS, ISRAEL)).toMatchObject({
      open: false,
      reason: "shabbat",
    });
  });

  it("Shabbat ends at nightfall: on Saturday night the business is closed only for the day's hours", () => {
    // Sunset in Jerusalem on 28 November 2026 is about 16:37; night falls about 17:17.
    const night = nightfallOn({ year: 2026, month: 11, day: 28 });
    expect(night.getTime()).toBeGreaterThan(israel("2026-11-28T17:05", "+02:00").getTime());
    expect(night.getTime()).toBeLessThan(israel("2026-11-28T17:30", "+02:00").getTime());
    // In summer it falls three hours later: 27 June 2026, sunset about 19:48.
    const summer = nightfallOn({ year: 2026, month: 6, day: 27 });
    expect(summer.getTime()).toBeGreaterThan(israel("2026-06-27T20:15", "+03:00").getTime());
    expect(summer.getTime()).toBeLessThan(israel("2026-06-27T20:45", "+03:00").getTime());

    expect(openingState(israel("2026-11-28T16:00", "+02:00"), DEFAULT_BUSINESS_HOURS, ISRAEL)).toMatchObject({
      reason: "shabbat",
    });
    expect(openingState(israel("2026-11-28T23:39", "+02:00"), DEFAULT_BUSINESS_HOURS, ISRAEL)).toEqual({
      open: false,
      reason: "dayOff",
      holiday: undefined,
      opensAt: israel("2026-11-29T09:00", "+02:00"),
    });
    expect(openingState(israel("2026-06-27T20:00", "+03:00"), DEFAULT_BUSINESS_HOURS, ISRAEL)).toMatchObject({
      reason: "shabbat",
    });
  });

  it("Yom Kippur is closed, its eve closes like a Friday, and the day after opens", () => {
    // Yom Kippur 5787: Monday 21 September 2026 (summer time, +03:00).
    expect(openingState(israel("2026-09-21T11:00", "+03:00"), DEFAULT_BUSINESS_HOURS, ISRAEL)).toEqual({
      open: false,
      reason: "holiday",
      holiday: "yomKippur",
      opensAt: israel("2026-09-22T09:00", "+03:00"),
    });
    expect(openingState(israel("2026-09-20T12:00", "+03:00"), DEFAULT_BUSINESS_HOURS, ISRAEL)).toEqual({
      open: true,
      closesAt: israel("2026-09-20T13:00", "+03:00"),
    });
    expect(openingState(israel("2026-09-20T14:00", "+03:00"), DEFAULT_BUSINESS_HOURS, ISRAEL)).toMatchObject({
      open: false,
      reason: "closedForTheDay",
      opensAt: israel("2026-09-22T09:00", "+03:00"),
    });
  });

  it("Rosh Hashanah's two days and Shabbat after them open again on Sunday", () => {
    // Rosh Hashanah 5787: Saturday 12 and Sunday 13 September 2026; its eve is Friday the 11th.
    expect(openingState(israel("2026-09-11T15:00", "+03:00"), DEFAULT_BUSINESS_HOURS, ISRAEL)).toMatchObject({
      open: false,
      reason: "shabbat",
      opensAt: israel("2026-09-14T09:00", "+03:00"),
    });
    expect(openingState(israel("2026-09-13T10:00", "+03:00"), DEFAULT_BUSINESS_HOURS, ISRAEL)).toMatchObject({
      open: false,
      reason: "holiday",
      holiday: "roshHashanah",
    });
  });

  it("a business that works on holidays, or never opens, is read as set", () => {
    const holidaysToo: BusinessHours = { ...DEFAULT_BUSINESS_HOURS, closedOnHolidays: false };
    expect(openingState(israel("2026-09-21T11:00", "+03:00"), holidaysToo, ISRAEL)).toMatchObject({ open: true });
    const never: BusinessHours = { weekly: [null, null, null, null, null, null, null], closedOnHolidays: true };
    // A Tuesday, a Friday and a Saturday: a day off each, never "closed for Shabbat".
    for (const instant of ["2026-11-24T11:00", "2026-11-27T00:00", "2026-11-28T12:00"]) {
      expect(openingState(israel(instant, "+02:00"), never, ISRAEL), instant).toEqual({
        open: false,
        reason: "dayOff",
        holiday: undefined,
        opensAt: undefined,
      });
    }
  });

  it("crosses the autumn clock change at the right hour", () => {
    // Israel leaves summer time on Sunday 25 October 2026 at 02:00; Saturday night waits for Sunday 09:00 +02:00.
    expect(openingState(israel("2026-10-24T21:00", "+03:00"), DEFAULT_BUSINESS_HOURS, ISRAEL)).toMatchObject({
      opensAt: israel("2026-10-25T09:00", "+02:00"),
    });
  });
});
