import { describe, expect, it } from "vitest";
import {
  addDays,
  dayOf,
  dayRange,
  monthOf,
  monthRange,
  periodStart,
  shiftMonth,
  startOfDay,
  startOfMonth,
  startOfWeek,
  wallClock,
  zonedTime,
} from "./calendar.ts";

const ISRAEL = "Asia/Jerusalem";
const at = (iso: string) => new Date(iso);
const hours = (range: { start: Date; end: Date }) => (range.end.getTime() - range.start.getTime()) / 3_600_000;

describe("the calendar at Israel's spring clock change (27 March 2026, 02:00 -> 03:00)", () => {
  it("makes the day 23 hours long, from midnight (UTC+2) to midnight (UTC+3)", () => {
    expect(dayRange("2026-03-27", ISRAEL)).toEqual({
      start: at("2026-03-26T22:00:00Z"),
      end: at("2026-03-27T21:00:00Z"),
    });
    expect(hours(dayRange("2026-03-27", ISRAEL))).toBe(23);
    expect(startOfDay(at("2026-03-27T20:59:59Z"), ISRAEL)).toEqual(at("2026-03-26T22:00:00Z"));
    expect(startOfDay(at("2026-03-27T21:00:00Z"), ISRAEL)).toEqual(at("2026-03-27T21:00:00Z"));
  });

  it("reads the skipped half hour as just after the jump, and the clocks either side of it", () => {
    expect(wallClock(at("2026-03-26T23:59:00Z"), ISRAEL)).toMatchObject({ day: 27, hour: 1, minute: 59 });
    expect(wallClock(at("2026-03-27T00:00:00Z"), ISRAEL)).toMatchObject({ day: 27, hour: 3, minute: 0 });
    expect(zonedTime(ISRAEL, 2026, 3, 27, 2, 30)).toEqual(at("2026-03-27T00:30:00Z"));
  });

  it("moves a time of day by calendar days across it: 23 hours, the same clock time", () => {
    const evening = at("2026-03-26T18:00:00Z"); // 20:00 in Israel, winter time
    expect(addDays(evening, 1, ISRAEL)).toEqual(at("2026-03-27T17:00:00Z")); // 20:00, summer time
    expect(addDays(at("2026-03-27T17:00:00Z"), -1, ISRAEL)).toEqual(evening);
  });

  it("starts the week on Sunday 22 March at midnight, winter time", () => {
    // Friday 27 March, after the change.
    expect(startOfWeek(at("2026-03-27T09:00:00Z"), ISRAEL)).toEqual(at("2026-03-21T22:00:00Z"));
    expect(periodStart("week", at("2026-03-29T09:00:00Z"), ISRAEL)).toEqual(at("2026-03-28T21:00:00Z")); // Sunday 29 March, summer time
    expect(periodStart("week", at("2026-03-28T20:59:59Z"), ISRAEL)).toEqual(at("2026-03-21T22:00:00Z")); // Saturday 23:59:59
  });
});

describe("the calendar at Israel's autumn clock change (25 October 2026, 02:00 -> 01:00)", () => {
  it("makes the day 25 hours long", () => {
    expect(dayRange("2026-10-25", ISRAEL)).toEqual({
      start: at("2026-10-24T21:00:00Z"),
      end: at("2026-10-25T22:00:00Z"),
    });
    expect(hours(dayRange("2026-10-25", ISRAEL))).toBe(25);
  });

  it("shows 01:30 twice and reads it as the first time", () => {
    expect(wallClock(at("2026-10-24T22:30:00Z"), ISRAEL)).toMatchObject({ day: 25, hour: 1, minute: 30 });
    expect(wallClock(at("2026-10-24T23:30:00Z"), ISRAEL)).toMatchObject({ day: 25, hour: 1, minute: 30 });
    expect(zonedTime(ISRAEL, 2026, 10, 25, 1, 30)).toEqual(at("2026-10-24T22:30:00Z"));
  });

  it("keeps the day's start at midnight on either side of the repeated hour, and Sunday 25 October starts its week", () => {
    expect(startOfDay(at("2026-10-24T23:30:00Z"), ISRAEL)).toEqual(at("2026-10-24T21:00:00Z"));
    expect(startOfDay(at("2026-10-25T21:59:59Z"), ISRAEL)).toEqual(at("2026-10-24T21:00:00Z"));
    expect(startOfWeek(at("2026-10-25T12:00:00Z"), ISRAEL)).toEqual(at("2026-10-24T21:00:00Z"));
    expect(startOfWeek(at("2026-10-31T12:00:00Z"), ISRAEL)).toEqual(at("2026-10-24T21:00:00Z"));
    expect(addDays(at("2026-10-24T17:00:00Z"), 1, ISRAEL)).toEqual(at("2026-10-25T18:00:00Z")); // 20:00 both days
  });

  it("makes October an hour longer than its days would say", () => {
    expect(monthRange("2026-10", ISRAEL)).toEqual({
      start: at("2026-09-30T21:00:00Z"),
      end: at("2026-10-31T22:00:00Z"),
    });
    expect(hours(monthRange("2026-10", ISRAEL))).toBe(31 * 24 + 1);
  });
});

describe("the calendar at a month boundary", () => {
  const lateNovemberUtc = at("2026-11-30T22:30:00Z");

  it("puts 2026-11-30T22:30Z in December in Israel, though it is still November in UTC", () => {
    expect(monthOf(lateNovemberUtc, ISRAEL)).toBe("2026-12");
    expect(monthOf(lateNovemberUtc, "UTC")).toBe("2026-11");
    expect(dayOf(lateNovemberUtc, ISRAEL)).toBe("2026-12-01");
    expect(startOfMonth(lateNovemberUtc, ISRAEL)).toEqual(at("2026-11-30T22:00:00Z"));
    expect(periodStart("month", lateNovemberUtc, ISRAEL)).toEqual(at("2026-11-30T22:00:00Z"));
    expect(periodStart("today", lateNovemberUtc, ISRAEL)).toEqual(at("2026-11-30T22:00:00Z"));
  });

  it("names the quarter, the year and the week that contain it", () => {
    expect(periodStart("quarter", lateNovemberUtc, ISRAEL)).toEqual(at("2026-09-30T21:00:00Z")); // 1 October, summer time
    expect(periodStart("year", lateNovemberUtc, ISRAEL)).toEqual(at("2025-12-31T22:00:00Z"));
    expect(periodStart("week", lateNovemberUtc, ISRAEL)).toEqual(at("2026-11-28T22:00:00Z")); // Sunday 29 November
    expect(periodStart("all", lateNovemberUtc, ISRAEL)).toBeUndefined();
  });

  it("counts months across years", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(monthRange("2026-12", ISRAEL)).toEqual({
      start: at("2026-11-30T22:00:00Z"),
      end: at("2026-12-31T22:00:00Z"),
    });
  });
});
