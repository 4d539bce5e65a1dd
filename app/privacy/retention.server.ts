import { parseForm } from "~/components/ui/parse-form.ts";
import { data } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import type { Database } from "#db/connection.ts";
import { monthOf, monthRange, shiftMonth } from "~/lib/calendar.ts";
import { deleteExpiredConversations, findPrivacySettings, savePrivacySettings } from "~/models/retention.server.ts";
import { DEFAULT_RETENTION_DAYS, retentionFormSchema } from "./retention.ts";

/** The client's privacy settings, or the defaults: a year's retention, consent asked, our own policy linked. */
export async function privacySettingsOf(db: Database, clientId: number) {
  return (
    (await findPrivacySettings(db, clientId)) ?? {
      retentionDays: DEFAULT_RETENTION_DAYS,
      askConsent: true,
      privacyPolicyUrl: null,
    }
  );
}

/**
 * The daily retention run: conversations past their client's retention are deleted, but never one
 * from the month before this one or later, since its bill may not be generated yet.
 */
export async function applyRetention(db: Database, { now, timeZone }: { now: Date; timeZone: string }) {
  const keepFrom = monthRange(shiftMonth(monthOf(now, timeZone), -1), timeZone).start;
  return deleteExpiredConversations(db, { now, keepFrom, defaultDays: DEFAULT_RETENTION_DAYS });
}

/** The settings page's privacy form (`intent=retention`): retention, consent and the policy's address. */
export async function handleRetentionAction(
  db: Database,
  clientId: number,
  formData: FormData,
  done: { pageUrl: string; message: string },
) {
  const submission = parseForm(formData, { schema: retentionFormSchema });
  if (submission.status !== "success")
    return data({ intent: "retention", result: submission.reply() }, { status: 400 });
  const { retentionDays, askConsent = false, privacyPolicyUrl = null } = submission.value;
  await savePrivacySettings(db, clientId, { retentionDays, askConsent, privacyPolicyUrl });
  return redirectWithSuccess(done.pageUrl, done.message);
}
