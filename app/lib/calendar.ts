/**
 * The one calendar of the back-office (docs/decisions/019-one-calendar.md): days, weeks, months and
 * every named period are those of the display time zone (TZ_DISPLAY, Israel by default), and a week
 * starts on Sunday, as it does in Israel. Every boundary the app draws (a bill's month, a client's
 * monthly message cap, "today" on the dashboard, a usage period) comes from here, in JavaScript with
 * Intl, so the server's own zone never matters and no query does zone arithmetic of its own.
 * Browser-safe: no Node or database import.
 */

export const DEFAULT_DISPLAY_TIME_ZONE = "Asia/Jerusalem";

/** Sunday (0, as Date.getUTCDay counts): the Israeli week runs from Sunday to Saturday. */
export const WEEK_STARTS_ON = 0;

/** A calendar month, "YYYY-MM". */
export type CalendarMonth = `${number}-${number}`;

/** A stretch of time, `end` excluded. */
export type TimeRange = { start: Date; end: Date };

/** The periods an operator names in a filter, each ending now; "all" has no start. */
export const NAMED_PERIODS = ["today", "week", "month", "quarter", "year", "all"] as const;
export type NamedPeriod = (typeof NAMED_PERIODS)[number];

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
};

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string) {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** What the clocks of a time zone show at an instant (month 1 to 12, weekday 0 = Sunday). */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = wallClockFormat(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  const year = part("year");
  const month = part("month");
  const day = part("day");
  return {
    year,
    month,
    day,
    hour: part("hour"),
    minute: part("minute"),
    second: part("second"),
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
  };
}

/**
 * The instant the clocks of a zone show a date and time. Fields may overflow (day 32, month 13), as
 * Date.UTC allows. A time the clocks skip (the spring change) is read with the offset before the jump,
 * so it lands just after it; a time they show twice (the autumn change) is its first occurrence.
 */
export function zonedTime(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date {
  const target = Date.UTC(year, month - 1, day, hour, minute, second);
  const offsetAt = (instant: number) => {
    const clock = wallClock(new Date(instant), timeZone);
    return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second) - instant;
  };
  // The offset a few hours either side of the target: one of them is right for it.
  const before = offsetAt(target - 12 * 3_600_000);
  const after = offsetAt(target + 12 * 3_600_000);
  const withBefore = target - before;
  if (offsetAt(withBefore) === before) return new Date(withBefore);
  const withAfter = target - after;
  if (offsetAt(withAfter) === after) return new Date(withAfter);
  return new Date(withBefore);
}

/** Midnight that starts a calendar day in a zone (the day may overflow its month). */
export const zonedMidnight = (timeZone: string, year: number, month: number, day: number) =>
  zonedTime(timeZone, year, month, day);

export function startOfDay(instant: Date, timeZone: string): Date {
  const { year, month, day } = wallClock(instant, timeZone);
  return zonedMidnight(timeZone, year, month, day);
}

/** The same time of day `days` calendar days later (or earlier): 23 or 25 hours across a clock change. */
export function addDays(instant: Date, days: number, timeZone: string): Date {
  const clock = wallClock(instant, timeZone);
  const shifted = zonedTime(
    timeZone,
    clock.year,
    clock.month,
    clock.day + days,
    clock.hour,
    clock.minute,
    clock.second,
  );
  return new Date(shifted.getTime() + instant.getUTCMilliseconds());
}

/** Midnight of the Sunday that starts the instant's week. */
export function startOfWeek(instant: Date, timeZone: string): Date {
  const { year, month, day, weekday } = wallClock(instant, timeZone);
  return zonedMidnight(timeZone, year, month, day - ((weekday - WEEK_STARTS_ON + 7) % 7));
}

export function startOfMonth(instant: Date, timeZone: string): Date {
  const { year, month } = wallClock(instant, timeZone);
  return zonedMidnight(timeZone, year, month, 1);
}

export function startOfQuarter(instant: Date, timeZone: string): Date {
  const { year, month } = wallClock(instant, timeZone);
  return zonedMidnight(timeZone, year, month - ((month - 1) % 3), 1);
}

export function startOfYear(instant: Date, timeZone: string): Date {
  return zonedMidnight(timeZone, wallClock(instant, timeZone).year, 1, 1);
}

/** When a named period that ends at `now` began; undefined for "all". */
export function periodStart(period: NamedPeriod, now: Date, timeZone: string): Date | undefined {
  switch (period) {
    case "today":
      return startOfDay(now, timeZone);
    case "week":
      return startOfWeek(now, timeZone);
    case "month":
      return startOfMonth(now, timeZone);
    case "quarter":
      return startOfQuarter(now, timeZone);
    case "year":
      return startOfYear(now, timeZone);
    case "all":
      return undefined;
  }
}

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isCalendarMonth(text: string): text is CalendarMonth {
  return MONTH_PATTERN.test(text);
}

function yearMonthOf(month: CalendarMonth) {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new Error(`Not a calendar month: ${month}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

function monthOfYearMonth(year: number, month: number): CalendarMonth {
  const normalized = new Date(Date.UTC(year, month - 1, 1));
  return `${normalized.getUTCFullYear()}-${String(normalized.getUTCMonth() + 1).padStart(2, "0")}` as CalendarMonth;
}

/** The calendar month an instant falls in, on the zone's clocks. */
export function monthOf(instant: Date, timeZone: string): CalendarMonth {
  const { year, month } = wallClock(instant, timeZone);
  return monthOfYearMonth(year, month);
}

export function shiftMonth(month: CalendarMonth, months: number): CalendarMonth {
  const { year, month: number } = yearMonthOf(month);
  return monthOfYearMonth(year, number + months);
}

/** Where a month starts and ends (end excluded), midnight of its first day to midnight of the next month's. */
export function monthRange(month: CalendarMonth, timeZone: string): TimeRange {
  const { year, month: number } = yearMonthOf(month);
  return { start: zonedMidnight(timeZone, year, number, 1), end: zonedMidnight(timeZone, year, number + 1, 1) };
}

/** A day of a month's calendar (1 is its first day, past its end rolls on): where a month's payment term ends. */
export function dayOfMonthAfter(month: CalendarMonth, day: number, timeZone: string): Date {
  const { year, month: number } = yearMonthOf(month);
  return zonedMidnight(timeZone, year, number, day);
}

/** The calendar day of an instant, "YYYY-MM-DD" on the zone's clocks. */
export function dayOf(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** A calendar day given as "YYYY-MM-DD", midnight to midnight (23 or 25 hours on a clock change). */
export function dayRange(day: string, timeZone: string): TimeRange {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return { start: zonedMidnight(timeZone, year, month, date), end: zonedMidnight(timeZone, year, month, date + 1) };
}
