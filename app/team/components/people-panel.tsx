import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import type { PersonRole } from "#db/vocabulary.ts";
import type { PeopleGroup } from "../team-schema.ts";
import { InviteForm } from "./invite-form.tsx";
import { InviteLink } from "./invite-link.tsx";
import { TeamTable, type TeamMember } from "./team-table.tsx";

/** What a people page's post answers when it does not redirect (app/team/people-page.server.ts). */
export type PeopleActionData = {
  result: SubmissionResult<string[]> | null;
  error: string | null;
  created: { email: string; link: string; reason: "off" | "failed" } | null;
};

/** A people page's body under its header: what the last post said, the invitation form, and the people. */
export function PeoplePanel({
  group,
  defaultRole,
  members,
  me,
  mailOn,
  timeZone,
  actionData,
}: {
  group: PeopleGroup;
  defaultRole?: PersonRole;
  members: TeamMember[];
  me: number;
  mailOn: boolean;
  timeZone: string;
  actionData: PeopleActionData | undefined;
}) {
  const { t } = useTranslation("team");
  return (
    <>
      {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
      {actionData?.created ? <InviteLink {...actionData.created} /> : null}
      <TitledCard
        id="invite-heading"
        title={t("invite.title")}
        description={mailOn ? t("invite.descriptionMail") : t("invite.descriptionNoMail")}
      >
        <InviteForm lastResult={actionData?.result} group={group} defaultRole={defaultRole} />
      </TitledCard>
      <section aria-labelledby="members-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h2 id="members-heading" className="px-5 pt-5 pb-2 text-lg font-semibold">
          {t("table.title", { count: members.length })}
        </h2>
        <TeamTable members={members} me={me} timeZone={timeZone} />
      </section>
    </>
  );
}
