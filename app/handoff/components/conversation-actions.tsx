import { Archive, UserRoundPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { ConversationState } from "#db/vocabulary.ts";
import { Button } from "~/components/ui/button.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { SelectField } from "~/components/ui/form-fields.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { ConversationStateBadge } from "./conversation-state.tsx";

export type ConversationWork = {
  state: ConversationState;
  waitingSince: string | null;
  holder: { name: string } | null;
  /** The colleagues it may be given to (its holder left out). */
  people: { id: number; name: string }[];
};

/**
 * The conversation's state and what a person does with it besides taking it over and replying:
 * give it to a colleague, close it. Plain forms (`intent`), so they work without JavaScript; a
 * refusal shows in the take-over panel's messages, which reads the same action's answer.
 */
export function ConversationActions({ work, timeZone }: { work: ConversationWork; timeZone: string }) {
  const { t, i18n } = useTranslation("sessions");
  const busy = useNavigation().state === "submitting";
  return (
    <TitledCard id="conversation-work-title" title={t("handoff.workTitle")}>
      <div className="space-y-4">
        <p className="flex flex-wrap items-center gap-2">
          <ConversationStateBadge state={work.state} holder={work.holder?.name} />
          {work.state === "waiting" && work.waitingSince ? (
            <span className="text-sm text-slate-700">
              {t("handoff.waitingSince", { time: formatDateTime(work.waitingSince, i18n.language, timeZone) })}
            </span>
          ) : null}
        </p>
        {work.state === "closed" ? (
          <p className="text-sm text-slate-700">{t("handoff.closedNote")}</p>
        ) : (
          <>
            {work.people.length > 0 ? (
              <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
                <SelectField
                  name="assignee"
                  label={t("handoff.assignTo")}
                  options={work.people.map((person) => ({ value: String(person.id), label: person.name }))}
                  required
                  className="min-w-0 grow"
                />
                <Button type="submit" name="intent" value="assign" variant="secondary" disabled={busy}>
                  <UserRoundPlus className="h-4 w-4" aria-hidden="true" />
                  {t("handoff.assign")}
                </Button>
              </Form>
            ) : null}
            <Form method="post" preventScrollReset>
              <Button type="submit" name="intent" value="close" variant="secondary" disabled={busy}>
                <Archive className="h-4 w-4" aria-hidden="true" />
                {t("handoff.close")}
              </Button>
            </Form>
          </>
        )}
      </div>
    </TitledCard>
  );
}
