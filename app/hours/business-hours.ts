import { wallClock, zonedTime } from "~/lib/calendar.ts";
import { israeliHolidayOn, type Holiday } from "./israeli-holidays.ts";

/** "HH:MM", 24-hour clock, in the business's time zone. */
export type ClockTime = `${number}:${number}`;

/** A day's opening hours, or null when the business is closed that day. */
export type DayHours = { opens: ClockTime; closes: ClockTime } | null;

/** Sunday (0) to Saturday (6), as the week runs in Israel. */
export type WeeklyHours = readonly [DayHours, DayHours, DayHours, DayHours, DayHours, DayHours, DayHours];

export type BusinessHours = {
  weekly: WeeklyHours;
  /** Closed on Israeli holidays, and open on their eves only as long as on a Friday. */
  closedOnHolidays: boolean;
};

export const FRIDAY = 5;
export const SATURDAY = 6;

/** A working week in Israel: Sunday to Thursday all day, Friday until early afternoon, closed for Shabbat. */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  weekly: [
    { opens: "09:00", closes: "18:00" },
    { opens: "09:00", closes: "18:00" },
    { opens: "09:00", closes: "18:00" },
    { opens: "09:00", closes: "18:00" },
    { opens: "09:00", closes: "18:00" },
    { opens: "09:00", closes: "13:00" },
    null,
  ],
  closedOnHolidays: true,
};

/** Why the business is closed right now. */
export type ClosedReason = "shabbat" | "holiday" | "dayOff" | "notYetOpen" | "closedForTheDay";

export type OpeningState =
  | { open: true; closesAt: Date }
  | { open: false; reason: ClosedReason; holiday: Holiday | undefined; opensAt: Date | undefined };

type Day = { year: number; month: number; day: number; weekday: number };

const minutesOf = (time: ClockTime) => {
  const [hours, minutes] = time.split(":").map(Number);
  return hours! * 60 + minutes!;
};

/** The hours of one civil day, holidays and their eves considered. */
function hoursOn(day: Day, hours: BusinessHours): { hours: DayHours; holiday: Holiday | undefined } {
  const regular = hours.weekly[day.weekday] ?? null;
  if (!hours.closedOnHolidays) return { hours: regular, holiday: undefined };
  const holiday = israeliHolidayOn(day.year, day.month, day.day);
  if (!holiday) return { hours: regular, holiday: undefined };
  if (!holiday.eve) return { hours: null, holiday: holiday.holiday };
  const friday = hours.weekly[FRIDAY];
  if (!regular || !friday) return { hours: null, holiday: undefined };
  // An eve closes when a Friday does, unless the day's own hours end sooner.
  const closes = minutesOf(friday.closes) < minutesOf(regular.closes) ? friday.closes : regular.closes;
  return { hours: { opens: regular.opens, closes }, holiday: undefined };
}

function dayAfter(day: Day, count: number): Day {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + count));
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
  };
}

const at = (day: Day, time: ClockTime, timeZone: string) => {
  const minutes = minutesOf(time);
  return zonedTime(timeZone, day.year, day.month, day.day, Math.floor(minutes / 60), minutes % 60);
};

/** Jerusalem: where the calendar's times are reckoned; the rest of Israel is within minutes of it. */
const LATITUDE = 31.78;
const LONGITUDE = 35.22;
/** Nightfall ("three stars"), when Shabbat ends, as most Israeli calendars give it: this long after sunset. */
const NIGHTFALL_AFTER_SUNSET_MINUTES = 40;
const RADIANS = Math.PI / 180;

/**
 * When a day's night falls in Jerusalem, the end of Shabbat on a Saturday: sunset by NOAA's solar
 * equations (within a minute or two), then NIGHTFALL_AFTER_SUNSET_MINUTES. From 17:20 in winter to
 * 20:30 in summer, so no fixed hour would do.
 */
export function nightfallOn(day: { year: number; month: number; day: number }): Date {
  const noon = Date.UTC(day.year, day.month - 1, day.day, 12);
  const dayOfYear = (noon - Date.UTC(day.year, 0, 1)) / 86_400_000;
  const angle = ((2 * Math.PI) / 365) * dayOfYear;
  const equationOfTime =
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(angle) -
      0.032077 * Math.sin(angle) -
      0.014615 * Math.cos(2 * angle) -
      0.040849 * Math.sin(2 * angle));
  const declination =
    0.006918 -
    0.399912 * Math.cos(angle) +
    0.070257 * Math.sin(angle) -
    0.006758 * Math.cos(2 * angle) +
    0.000907 * Math.sin(2 * angle) -
    0.002697 * Math.cos(3 * angle) +
    0.00148 * Math.sin(3 * angle);
  const latitude = LATITUDE * RADIANS;
  const hourAngle = Math.acos(
    Math.cos(90.833 * RADIANS) / (Math.cos(latitude) * Math.cos(declination)) -
      Math.tan(latitude) * Math.tan(declination),
  );
  const sunsetUtcMinutes = 720 - 4 * (LONGITUDE - hourAngle / RADIANS) - equationOfTime;
  return new Date(
    Date.UTC(day.year, day.month - 1, day.day) + (sunsetUtcMinutes + NIGHTFALL_AFTER_SUNSET_MINUTES) * 60_000,
  );
}

/** How far ahead to look for the next opening: past the longest run of holidays and Shabbat. */
const LOOK_AHEAD_DAYS = 14;

/**
 * Whether the business is open at an instant in its time zone, and if not, why and when it opens
 * next (undefined when it never opens in the next two weeks, e.g. every day marked closed).
 */
export function openingState(now: Date, hours: BusinessHours, timeZone: string): OpeningState {
  const clock = wallClock(now, timeZone);
  const today: Day = { year: clock.year, month: clock.month, day: clock.day, weekday: clock.weekday };
  const todays = hoursOn(today, hours);
  const nowMinutes = clock.hour * 60 + clock.minute;
  if (todays.hours && nowMinutes >= minutesOf(todays.hours.opens) && nowMinutes < minutesOf(todays.hours.closes)) {
    return { open: true, closesAt: at(today, todays.hours.closes, timeZone) };
  }

  let opensAt: Date | undefined;
  const closedThrough: Day[] = [];
  if (todays.hours && nowMinutes < minutesOf(todays.hours.opens)) {
    opensAt = at(today, todays.hours.opens, timeZone);
  } else {
    for (let offset = 1; offset <= LOOK_AHEAD_DAYS && !opensAt; offset++) {
      const day = dayAfter(today, offset);
      const { hours: dayHours } = hoursOn(day, hours);
      if (dayHours) opensAt = at(day, dayHours.opens, timeZone);
      else closedThrough.push(day);
    }
  }

  // A business that never opens again is not resting for Shabbat, whatever the day; and once night
  // falls on Saturday, Shabbat is over: it is closed only because the day's hours are.
  const shabbatAhead =
    opensAt !== undefined &&
    ((today.weekday === SATURDAY && now < nightfallOn(today)) ||
      (today.weekday === FRIDAY && closedThrough.some((day) => day.weekday === SATURDAY)));
  const reason: ClosedReason = todays.holiday
    ? "holiday"
    : shabbatAhead
      ? "shabbat"
      : !todays.hours
        ? "dayOff"
        : nowMinutes < minutesOf(todays.hours.opens)
          ? "notYetOpen"
          : "closedForTheDay";
  return { open: false, reason, holiday: todays.holiday, opensAt };
}
