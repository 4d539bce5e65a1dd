import {
  dayOfMonthAfter,
  isCalendarMonth,
  monthOf,
  monthRange,
  shiftMonth,
  type CalendarMonth,
} from "~/lib/calendar.ts";

/**
 * Billing periods are the calendar months of app/lib/calendar.ts, in the display time zone (TZ_DISPLAY):
 * "2026-03" runs from midnight of 1 March to midnight of 1 April on Israel's clocks, whatever the
 * server's own zone.
 */
export type BillingPeriod = CalendarMonth;

/** Days after a period ends before an unpaid bill is overdue. */
export const PAYMENT_TERM_DAYS = 14;

export const isBillingPeriod = (text: string): text is BillingPeriod => isCalendarMonth(text);

/** The period an instant falls in. */
export const periodOf = (instant: Date, timeZone: string): BillingPeriod => monthOf(instant, timeZone);

export const shiftPeriod = (period: BillingPeriod, months: number): BillingPeriod => shiftMonth(period, months);

export type PeriodBounds = { period: BillingPeriod; start: Date; end: Date; dueAt: Date };

/** Where a period starts and ends (end exclusive), and when its bill falls due. */
export function periodBounds(period: BillingPeriod, timeZone: string): PeriodBounds {
  const { start, end } = monthRange(period, timeZone);
  return { period, start, end, dueAt: dayOfMonthAfter(shiftMonth(period, 1), 1 + PAYMENT_TERM_DAYS, timeZone) };
}

/** Whether a bill of this period is past due at `now`. */
export const isPastDue = (period: BillingPeriod, now: Date, timeZone: string) =>
  now >= periodBounds(period, timeZone).dueAt;

/** Whether a period is over at `now`: until then its bill is the month so far, recomputed as usage comes in, and cannot be paid. */
export const hasEnded = (period: BillingPeriod, now: Date, timeZone: string) =>
  now >= periodBounds(period, timeZone).end;
