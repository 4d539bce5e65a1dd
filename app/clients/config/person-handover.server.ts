import { data } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import type { Database } from "#db/connection.ts";
import { parseForm } from "~/components/ui/parse-form.ts";
import { updateClient, type Client } from "~/models/client.server.ts";
import { personHandoverFormSchema } from "./person-handover-schema.ts";
import type { PersonHandover } from "./components/person-handover-form.tsx";

/** A client's hand-over settings as the form shows them. */
export const personHandoverOf = (
  client: Pick<Client, "personButton" | "personWaitMinutes" | "ratingQuietMinutes">,
): PersonHandover => ({
  personButton: client.personButton,
  personWaitMinutes: client.personWaitMinutes,
  ratingQuietMinutes: client.ratingQuietMinutes,
});

/**
 * Saves the "a person steps in" form (intent `person`) for a client: from its settings page in the
 * back-office, or from its own inbox in the portal. A refusal is the form's 400; nothing is written.
 */
export async function handlePersonHandoverAction(
  db: Database,
  clientId: number,
  formData: FormData,
  done: { pageUrl: string; message: string; personId: number | null },
) {
  const submission = parseForm(formData, { schema: personHandoverFormSchema });
  if (submission.status !== "success") return data({ intent: "person", result: submission.reply() }, { status: 400 });
  await updateClient(
    db,
    clientId,
    {
      personButton: submission.value.personButton ?? false,
      personWaitMinutes: submission.value.personWaitMinutes,
      ratingQuietMinutes: submission.value.ratingQuietMinutes,
    },
    done.personId,
  );
  return redirectWithSuccess(done.pageUrl, done.message);
}
