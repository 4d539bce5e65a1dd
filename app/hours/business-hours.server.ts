import { parseForm } from "~/components/ui/parse-form.ts";
import { data } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import type { Database } from "#db/connection.ts";
import { findBusinessHours, saveBusinessHours } from "~/models/business-hours.server.ts";
import { DEFAULT_BUSINESS_HOURS, type BusinessHours } from "./business-hours.ts";
import { businessHoursFormSchema, storedBusinessHoursSchema } from "./business-hours-schema.ts";

/**
 * A client's opening hours, or undefined until it saves them: Alex speaks of hours only for a business
 * that set them, so a new client is never told "closed" by a default it did not choose.
 */
export async function loadBusinessHours(db: Database, clientId: number): Promise<BusinessHours | undefined> {
  return readStoredBusinessHours(await findBusinessHours(db, clientId));
}

/** Hours as stored (a row's `weekly` and `closedOnHolidays`), or undefined when there are none or they do not read. */
export function readStoredBusinessHours(stored: unknown): BusinessHours | undefined {
  const parsed = storedBusinessHoursSchema.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
}

/** The settings form's hours: the client's own, or the Israeli working week to start from. */
export async function businessHoursForm(db: Database, clientId: number) {
  const hours = await loadBusinessHours(db, clientId);
  return { hours: hours ?? DEFAULT_BUSINESS_HOURS, saved: hours !== undefined };
}

/** The settings page's hours form (`intent=hours`): saved whole, or refused with its reasons and nothing saved. */
export async function handleBusinessHoursAction(
  db: Database,
  clientId: number,
  formData: FormData,
  done: {
    pageUrl: string;
    message: string;
    /** Runs in the transaction of the save (the training history records who changed the hours). */
    onSaved?: (tx: Database) => Promise<void>;
  },
) {
  const submission = parseForm(formData, { schema: businessHoursFormSchema });
  if (submission.status !== "success") return data({ intent: "hours", result: submission.reply() }, { status: 400 });
  const hours = { weekly: [...submission.value.weekly], closedOnHolidays: submission.value.closedOnHolidays };
  await db.transaction(async (tx) => {
    await saveBusinessHours(tx, clientId, hours);
    await done.onSaved?.(tx);
  });
  return redirectWithSuccess(done.pageUrl, done.message);
}
