import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import type { Database } from "#db/connection.ts";
import { monthOf, monthRange, shiftMonth } from "~/lib/calendar.ts";
import { deleteExpiredConversations, findRetentionDays, saveRetentionDays } from "~/models/retention.server.ts";
import { DEFAULT_RETENTION_DAYS, retentionFormSchema } from "./retention.ts";

export async function retentionDaysOf(db: Database, clientId: number) {
  return (await findRetentionDays(db, clientId)) ?? DEFAULT_RETENTION_DAYS;
}

/**
 * The daily retention run: conversations past their client's retention are deleted, but never one
 * from the month before this one or later, since its bill may not be generated yet.
 */
export async function applyRetention(db: Database, { now, timeZone }: { now: Date; timeZone: string }) {
  const keepFrom = monthRange(shiftMonth(monthOf(now, timeZone), -1), timeZone).start;
  return deleteExpiredConversations(db, { now, keepFrom, defaultDays: DEFAULT_RETENTION_DAYS });
}

/** The settings page's retention form (`intent=retention`). */
export async function handleRetentionAction(
  db: Database,
  clientId: number,
  formData: FormData,
  done: { pageUrl: string; message: string },
) {
  const submission = parseWithZod(formData, { schema: retentionFormSchema });
  if (submission.status !== "success")
    return data({ intent: "retention", result: submission.reply() }, { status: 400 });
  await saveRetentionDays(db, clientId, submission.value.retentionDays);
  return redirectWithSuccess(done.pageUrl, done.message);
}
