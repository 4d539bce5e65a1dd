import { asksForAPerson } from "~/lib/person-request.ts";
import { wallClock } from "~/lib/calendar.ts";
import type { BusinessHours, OpeningState } from "./business-hours.ts";

type Translate = (key: string, options?: Record<string, unknown>) => string;

const ASKS_ABOUT_HOURS =
  /\b(open|opens|opening|close|closes|closed|closing|hours)\b|פתוח|נפתח|סגור|נסגר|שעות|מתי אתם/iu;

export const asksAboutHours = (message: string) => ASKS_ABOUT_HOURS.test(message);
/** A passage that names a time of day ("08:00", "9:30"): scanned or typed hours, which the saved hours overrule. */
export const statesHours = (text: string) => /(?<!\d)\d{1,2}:\d{2}(?!\d)/.test(text);

const pad = (value: number) => String(value).padStart(2, "0");

/** "today at 09:00", "tomorrow at 09:00" or "on Sunday at 09:00", in the reply's language. */
export function whenItOpens(opensAt: Date, now: Date, timeZone: string, t: Translate): string {
  const opening = wallClock(opensAt, timeZone);
  const today = wallClock(now, timeZone);
  const time = `${pad(opening.hour)}:${pad(opening.minute)}`;
  const days = Math.round(
    (Date.UTC(opening.year, opening.month - 1, opening.day) - Date.UTC(today.year, today.month - 1, today.day)) /
      86_400_000,
  );
  if (days === 0) return t("hours.today", { time });
  if (days === 1) return t("hours.tomorrow", { time });
  return t("hours.onDay", { day: t(`hours.weekdays.${opening.weekday}`), time });
}

/** The words for why a closed business is closed: the holiday by name, Shabbat, or simply closed. */
export function whyClosed(state: Extract<OpeningState, { open: false }>) {
  if (state.reason === "holiday" && state.holiday) return { key: "closedForHoliday", holiday: state.holiday } as const;
  return { key: state.reason === "shabbat" ? "closedForShabbat" : "closedNow", holiday: undefined } as const;
}

type NoticeTurn = {
  t: Translate;
  state: OpeningState;
  now: Date;
  timeZone: string;
  message: string;
  /** The session's first reply: a closed business says so before anything else. */
  firstReply: boolean;
  /** The visitor's phone, when already known: the call back needs no more. */
  phone: string | undefined;
};

/**
 * What the built-in responder says about the hours, or undefined when they do not matter to this
 * message. Closed: when it opens, and a call back (asked for once, at the session's start, and
 * whenever the visitor asks about hours or a person). Open: a person on request.
 */
export function hoursNotice(turn: NoticeTurn): string | undefined {
  const { t, state } = turn;
  const askedHours = asksAboutHours(turn.message);
  const askedPerson = asksForAPerson(turn.message);
  const callBack = turn.phone ? t("hours.willCallBack", { phone: turn.phone }) : t("hours.leaveDetails");
  if (!state.open) {
    if (!turn.firstReply && !askedHours && !askedPerson) return undefined;
    const why = whyClosed(state);
    const closed = t(`hours.${why.key}`, why.holiday ? { holiday: t(`hours.holidays.${why.holiday}`) } : undefined);
    const opens = state.opensAt
      ? ` ${t("hours.opens", { when: whenItOpens(state.opensAt, turn.now, turn.timeZone, t) })}`
      : "";
    return `${closed}${opens} ${callBack}`;
  }
  if (askedPerson) return turn.phone ? t("hours.personWillCall", { phone: turn.phone }) : t("hours.personCanCall");
  if (askedHours) {
    const closes = wallClock(state.closesAt, turn.timeZone);
    return t("hours.openUntil", { time: `${pad(closes.hour)}:${pad(closes.minute)}` });
  }
  return undefined;
}

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "Sunday 09:00" in the business's time zone. */
function dayAndTime(instant: Date, timeZone: string) {
  const clock = wallClock(instant, timeZone);
  return `${WEEKDAY_NAMES[clock.weekday]} ${pad(clock.hour)}:${pad(clock.minute)}`;
}

/** The hours as the model's system prompt states them, in English like the rest of the prompt. */
export function hoursForPrompt(hours: BusinessHours, state: OpeningState, now: Date, timeZone: string): string[] {
  const week = hours.weekly.map(
    (day, index) => `${WEEKDAY_NAMES[index]}: ${day ? `${day.opens}–${day.closes}` : "closed"}`,
  );
  const holidays = hours.closedOnHolidays
    ? "Closed on Israeli holidays; their eves close like a Friday."
    : "Open on holidays.";
  const precedence = "These saved hours are the business's own: where a passage states other hours, these are right.";
  if (state.open) {
    return [
      ...week,
      precedence,
      holidays,
      `Now (${dayAndTime(now, timeZone)}): open until ${dayAndTime(state.closesAt, timeZone)}. If the visitor wants a person, offer a call from the team now and ask for their name and phone number.`,
    ];
  }
  const why = state.reason === "shabbat" ? " for Shabbat" : state.holiday ? ` for a holiday (${state.holiday})` : "";
  const opens = state.opensAt ? `; it opens ${dayAndTime(state.opensAt, timeZone)}` : "";
  return [
    ...week,
    precedence,
    holidays,
    `Now (${dayAndTime(now, timeZone)}): closed${why}${opens}. Tell the visitor when the business opens and ask for their name and phone number so the team calls back then.`,
  ];
}
