import { openingState, type BusinessHours } from "~/hours/business-hours.ts";
import { whenItOpens, whyClosed } from "~/hours/hours-reply.ts";
import { wallClock } from "~/lib/calendar.ts";

type Translate = (key: string, options?: Record<string, unknown>) => string;

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * The line under the business's name in the chat's header. Alex answers at any hour; what changes is
 * whether the business itself is open, so a business that saved its hours says so (open until when,
 * or closed and why, and when it opens), and one that did not keeps "around the clock".
 */
export function chatSubtitle({
  hours,
  now,
  timeZone,
  widgetText,
  hoursText,
}: {
  hours: BusinessHours | undefined;
  now: Date;
  timeZone: string;
  widgetText: Translate;
  /** The assistant's own hour phrases (`hours.*`): the header says "opens" in the replies' words. */
  hoursText: Translate;
}): string {
  if (!hours) return widgetText("subtitle");
  const state = openingState(now, hours, timeZone);
  if (state.open) {
    const closes = wallClock(state.closesAt, timeZone);
    return widgetText("subtitleOpen", { time: `${pad(closes.hour)}:${pad(closes.minute)}` });
  }
  const why = whyClosed(state);
  const closed = widgetText(why.key, why.holiday ? { holiday: hoursText(`hours.holidays.${why.holiday}`) } : undefined);
  if (!state.opensAt) return widgetText("subtitleClosed", { closed });
  return widgetText("subtitleClosedUntil", { closed, when: whenItOpens(state.opensAt, now, timeZone, hoursText) });
}
