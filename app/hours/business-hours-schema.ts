import { z } from "zod";
import type { BusinessHours, ClockTime, DayHours, WeeklyHours } from "./business-hours.ts";

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const clockTime = z.string().regex(CLOCK_TIME, "hours.errors.time") as unknown as z.ZodType<ClockTime>;

/**
 * One weekday's row of the hours form: open that day or not, and from when to when. Messages are keys
 * of the `client-config` namespace.
 */
const dayRowSchema = z
  .object({
    open: z.boolean("errors.notBoolean").optional(),
    opens: clockTime.optional(),
    closes: clockTime.optional(),
  })
  .superRefine((day, context) => {
    if (!day.open) return;
    if (!day.opens) context.addIssue({ code: "custom", path: ["opens"], message: "hours.errors.opensRequired" });
    if (!day.closes) context.addIssue({ code: "custom", path: ["closes"], message: "hours.errors.closesRequired" });
    if (day.opens && day.closes && day.closes <= day.opens) {
      context.addIssue({ code: "custom", path: ["closes"], message: "hours.errors.closesBeforeOpens" });
    }
  })
  .transform((day): DayHours =>
    day.open && day.opens && day.closes ? { opens: day.opens, closes: day.closes } : null,
  );

/** The settings page's hours form: seven rows, Sunday first, and whether holidays close the business. */
export const businessHoursFormSchema = z
  .object({
    days: z.array(dayRowSchema).length(7, "hours.errors.sevenDays"),
    closedOnHolidays: z.boolean("errors.notBoolean").optional(),
  })
  .transform((form): BusinessHours => ({
    weekly: form.days as unknown as WeeklyHours,
    closedOnHolidays: form.closedOnHolidays ?? false,
  }));

/** What the database holds, read back with the same rules (a row written by hand cannot break the assistant). */
export const storedBusinessHoursSchema = z.object({
  weekly: z
    .array(z.object({ opens: clockTime, closes: clockTime }).nullable())
    .length(7)
    .transform((days) => days as unknown as WeeklyHours),
  closedOnHolidays: z.boolean(),
});

/** The form's default values for a client's hours. */
export function businessHoursFormValues(hours: BusinessHours) {
  return {
    days: hours.weekly.map((day) =>
      day ? { open: "on", opens: day.opens, closes: day.closes } : { open: undefined, opens: "", closes: "" },
    ),
    closedOnHolidays: hours.closedOnHolidays ? "on" : undefined,
  };
}
