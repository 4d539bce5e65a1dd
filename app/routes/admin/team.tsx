import { data, redirect } from "react-router";
import { useTranslation } from "react-i18next";
import { redirectWithSuccess } from "remix-toast";
import type { Route } from "./+types/team";
import { Alert } from "~/components/ui/alert.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { parseForm } from "~/components/ui/parse-form.ts";
import { databaseContext, envContext, operatorContext } from "~/context.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { mailSettingsOf } from "~/mail/send-mail.server.ts";
import { InviteForm } from "~/team/components/invite-form.tsx";
import { InviteLink } from "~/team/components/invite-link.tsx";
import { TeamTable } from "~/team/components/team-table.tsx";
import { teamActionSchema } from "~/team/team-schema.ts";
import {
  changeRole,
  disableMember,
  enableMember,
  inviteMember,
  loadTeam,
  PROVIDER_TEAM,
  resendInvitation,
  type InviteDelivery,
  type MemberChange,
} from "~/team/team.server.ts";

export const handle = { i18n: ["team"] };

export async function loader({ context }: Route.LoaderArgs) {
  const env = context.get(envContext);
  return {
    title: getTranslator(context)("title", { ns: "team" }),
    members: await loadTeam(context.get(databaseContext), PROVIDER_TEAM),
    me: context.get(operatorContext).id,
    mailOn: mailSettingsOf(env) !== undefined,
    timeZone: env.TZ_DISPLAY,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const db = context.get(databaseContext);
  const t = getTranslator(context);
  const me = context.get(operatorContext);
  const formData = await request.formData();
  const submission = parseForm(formData, { schema: teamActionSchema });
  const isInvite = formData.get("intent") === "invite";
  if (submission.status !== "success") {
    if (isInvite) return data({ result: submission.reply(), error: null, created: null }, { status: 400 });
    const first = Object.values(submission.error ?? {})
      .flat()
      .find((message): message is string => typeof message === "string");
    return data(
      { result: null, error: t(first ?? "errors.intentUnknown", { ns: "team" }), created: null },
      { status: 400 },
    );
  }
  const value = submission.value;
  const sender = {
    env: context.get(envContext),
    requestUrl: url.href,
    language: context.get(languageContext),
    t,
    inviter: me,
  };
  const back = url.pathname;
  const shown = (delivery: InviteDelivery & { mailed: false }) => ({
    email: delivery.email,
    link: delivery.link,
    reason: delivery.reason,
  });

  if (value.intent === "invite") {
    const outcome = await inviteMember(db, sender, PROVIDER_TEAM, value);
    if (outcome.kind === "taken") {
      return data(
        { result: submission.reply({ fieldErrors: { email: ["errors.alreadyMember"] } }), error: null, created: null },
        { status: 409 },
      );
    }
    if (outcome.mailed) return redirectWithSuccess(back, t("invite.sent", { ns: "team", email: outcome.email }));
    // The link is in this answer only: the server keeps its hash, never the link.
    return data({ result: submission.reply({ resetForm: true }), error: null, created: shown(outcome) });
  }

  if (value.intent === "resend") {
    const outcome = await resendInvitation(db, sender, PROVIDER_TEAM, value.operatorId);
    if (outcome.kind !== "sent") return refused(t, outcome.kind);
    if (outcome.mailed) return redirectWithSuccess(back, t("invite.resent", { ns: "team", email: outcome.email }));
    return data({ result: null, error: null, created: shown(outcome) });
  }

  if (value.intent === "changeRole") {
    const outcome = await changeRole(db, PROVIDER_TEAM, value.operatorId, value.role);
    if (outcome !== "done") return refused(t, outcome);
    const message = t("changed.role", { ns: "team" });
    // An owner who gave up the role may no longer open this page.
    if (value.operatorId === me.id && value.role !== "owner") return redirectWithSuccess("/admin/dashboard", message);
    return redirectWithSuccess(back, message);
  }

  const outcome =
    value.intent === "disable" ? await disableMember(db, PROVIDER_TEAM, value.operatorId)
      : await enableMember(db, PROVIDER_TEAM, value.operatorId);
  if (outcome !== "done") return refused(t, outcome);
  // Disabling oneself ended one's own session too: the sign-in page is what is left.
  if (value.intent === "disable" && value.operatorId === me.id) throw redirect("/login");
  return redirectWithSuccess(back, t(`changed.${value.intent}`, { ns: "team" }));
}

/** A change the team's state forbids: the last owner, or a person who is not there (or not invited). */
function refused(t: ReturnType<typeof getTranslator>, outcome: Exclude<MemberChange, "done"> | "notInvited") {
  const status = outcome === "notFound" ? 404 : 409;
  return data({ result: null, error: t(`errors.${outcome}`, { ns: "team" }), created: null }, { status });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Team"} | Alex` }];

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("team");
  const { members, me, mailOn, timeZone } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("subtitle")} />
      {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
      {actionData?.created ? <InviteLink {...actionData.created} /> : null}
      <TitledCard
        id="invite-heading"
        title={t("invite.title")}
        description={mailOn ? t("invite.descriptionMail") : t("invite.descriptionNoMail")}
      >
        <InviteForm lastResult={actionData?.result} />
      </TitledCard>
      <section aria-labelledby="members-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h2 id="members-heading" className="px-5 pt-5 pb-2 text-lg font-semibold">
          {t("table.title", { count: members.length })}
        </h2>
        <TeamTable members={members} me={me} timeZone={timeZone} />
      </section>
    </div>
  );
}
