import { Cron } from "croner";

/**
 * When a job runs, in the display time zone: daily at an hour and minute, or hourly at a minute.
 * Across a DST change a daily time that does not exist that night (02:30 when the clocks jump from
 * 02:00 to 03:00) runs at the jump, and one that happens twice (01:30 when they fall back) runs once;
 * an hourly job runs every real hour.
 */
export type JobSchedule = { every: "day"; hour: number; minute: number } | { every: "hour"; minute: number };

function cronOf(schedule: JobSchedule, timeZone: string) {
  const pattern = schedule.every === "day" ? `${schedule.minute} ${schedule.hour} * * *` : `${schedule.minute} * * * *`;
  return new Cron(pattern, { timezone: timeZone, paused: true });
}

/** The first scheduled time strictly after `after`. */
export function nextRunAfter(schedule: JobSchedule, after: Date, timeZone: string): Date {
  const next = cronOf(schedule, timeZone).nextRun(after);
  if (!next) throw new Error(`No next run for ${JSON.stringify(schedule)}`);
  return next;
}

/** The slot a run at `now` is for: the latest scheduled time at or before `now`. */
export function slotAt(schedule: JobSchedule, now: Date, timeZone: string): Date {
  const [slot] = cronOf(schedule, timeZone).previousRuns(1, new Date(now.getTime() + 1));
  if (!slot) throw new Error(`No slot before ${now.toISOString()} for ${JSON.stringify(schedule)}`);
  return slot;
}
