/**
 * Billing periods are calendar months in the display time zone (TZ_DISPLAY): "2026-03" runs from
 * midnight of 1 March to midnight of 1 April on Israel's clocks, whatever the server's own zone.
 */
export type BillingPeriod = `${number}-${number}`;

const PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Days after a period ends before an unpaid bill is overdue. */
export const PAYMENT_TERM_DAYS = 14;

export function isBillingPeriod(text: string): text is BillingPeriod {
  return PERIOD_PATTERN.test(text);
}

function yearMonthOf(period: BillingPeriod) {
  const match = PERIOD_PATTERN.exec(period);
  if (!match) throw new Error(`Not a billing period: ${period}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

const periodOfYearMonth = (year: number, month: number): BillingPeriod => {
  const normalized = new Date(Date.UTC(year, month - 1, 1));
  return `${normalized.getUTCFullYear()}-${String(normalized.getUTCMonth() + 1).padStart(2, "0")}` as BillingPeriod;
};

/** The wall-clock fields of an instant in a zone. */
function wallClock(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  return { year: part("year"), month: part("month"), day: part("day"), hour: part("hour"), minute: part("minute"), second: part("second") };
}

/** The instant a wall-clock midnight happens in a zone (twice corrected, so a DST offset change between guesses is taken in). */
function localMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const target = Date.UTC(year, month - 1, day);
  let guess = target;
  for (let pass = 0; pass < 2; pass++) {
    const clock = wallClock(new Date(guess), timeZone);
    const shown = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
    guess += target - shown;
  }
  return new Date(guess);
}

/** The period an instant falls in. */
export function periodOf(instant: Date, timeZone: string): BillingPeriod {
  const { year, month } = wallClock(instant, timeZone);
  return periodOfYearMonth(year, month);
}

export function shiftPeriod(period: BillingPeriod, months: number): BillingPeriod {
  const { year, month } = yearMonthOf(period);
  return periodOfYearMonth(year, month + months);
}

export type PeriodBounds = { period: BillingPeriod; start: Date; end: Date; dueAt: Date };

/** Where a period starts and ends (end exclusive), and when its bill falls due. */
export function periodBounds(period: BillingPeriod, timeZone: string): PeriodBounds {
  const { year, month } = yearMonthOf(period);
  const next = yearMonthOf(shiftPeriod(period, 1));
  return {
    period,
    start: localMidnight(year, month, 1, timeZone),
    end: localMidnight(next.year, next.month, 1, timeZone),
    dueAt: localMidnight(next.year, next.month, 1 + PAYMENT_TERM_DAYS, timeZone),
  };
}

/** Whether a bill of this period is past due at `now`. */
export const isPastDue = (period: BillingPeriod, now: Date, timeZone: string) => now >= periodBounds(period, timeZone).dueAt;

/** Whether a period is over at `now`: until then its bill is the month so far, recomputed as usage comes in, and cannot be paid. */
export const hasEnded = (period: BillingPeriod, now: Date, timeZone: string) => now >= periodBounds(period, timeZone).end;
