import { data, redirect, type RouterContextProvider } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { can, type Permission } from "~/auth/permissions.ts";
import { parseForm } from "~/components/ui/parse-form.ts";
import { databaseContext, envContext, operatorContext } from "~/context.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { mailSettingsOf } from "~/mail/send-mail.server.ts";
import { businessPeopleActionSchema, teamActionSchema, type PeopleGroup } from "./team-schema.ts";
import {
  changeRole,
  disableMember,
  enableMember,
  inviteMember,
  loadTeam,
  resendInvitation,
  type InviteDelivery,
  type MemberChange,
  type PeopleScope,
} from "./team.server.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * One people page: the provider's team (/admin/team), a business's people from its client page
 * (/admin/clients/:clientId/people) or from its own portal (/portal/people). The group and what a
 * person needs to keep the page open differ; the rest is this.
 */
export type PeoplePage = {
  scope: PeopleScope;
  group: PeopleGroup;
  /** What the page needs: a person who gives it up by changing their own role is sent `home`. */
  permission: Permission;
  home: string;
};

export async function loadPeoplePage(context: Context, page: PeoplePage) {
  const env = context.get(envContext);
  return {
    members: await loadTeam(context.get(databaseContext), page.scope),
    me: context.get(operatorContext).id,
    mailOn: mailSettingsOf(env) !== undefined,
    timeZone: env.TZ_DISPLAY,
  };
}

/** A business's people hear of "the business", the team of "the team". */
const BUSINESS_ERRORS: Record<string, string> = {
  "errors.roleInvalid": "errors.businessRoleInvalid",
  "errors.memberUnknown": "errors.businessMemberUnknown",
  "errors.notFound": "errors.businessMemberUnknown",
  "errors.lastOwner": "errors.lastBusinessOwner",
  "errors.alreadyMember": "errors.businessAlreadyMember",
};

/** Invite, change a role, disable, enable, invite again: every post of a people page, by `intent`. */
export async function handlePeopleAction(request: Request, url: URL, context: Context, page: PeoplePage) {
  const db = context.get(databaseContext);
  const t = getTranslator(context);
  const me = context.get(operatorContext);
  const errorKey = (key: string) => (page.group === "business" ? (BUSINESS_ERRORS[key] ?? key) : key);
  const formData = await request.formData();
  const schema = page.group === "business" ? businessPeopleActionSchema : teamActionSchema;
  const submission = parseForm(formData, { schema });
  const isInvite = formData.get("intent") === "invite";
  if (submission.status !== "success") {
    if (isInvite) return data({ result: submission.reply(), error: null, created: null }, { status: 400 });
    const first = Object.values(submission.error ?? {})
      .flat()
      .find((message): message is string => typeof message === "string");
    return data(
      { result: null, error: t(errorKey(first ?? "errors.intentUnknown"), { ns: "team" }), created: null },
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
  /** A change the group's state forbids: the last owner, or a person who is not there (or not invited). */
  const refused = (outcome: Exclude<MemberChange, "done"> | "notInvited") =>
    data(
      { result: null, error: t(errorKey(`errors.${outcome}`), { ns: "team" }), created: null },
      { status: outcome === "notFound" ? 404 : 409 },
    );

  if (value.intent === "invite") {
    const outcome = await inviteMember(db, sender, page.scope, value);
    if (outcome.kind === "taken") {
      const fieldErrors = { email: [errorKey("errors.alreadyMember")] };
      return data({ result: submission.reply({ fieldErrors }), error: null, created: null }, { status: 409 });
    }
    if (outcome.mailed) return redirectWithSuccess(back, t("invite.sent", { ns: "team", email: outcome.email }));
    // The link is in this answer only: the server keeps its hash, never the link.
    return data({ result: submission.reply({ resetForm: true }), error: null, created: shown(outcome) });
  }

  if (value.intent === "resend") {
    const outcome = await resendInvitation(db, sender, page.scope, value.operatorId);
    if (outcome.kind !== "sent") return refused(outcome.kind);
    if (outcome.mailed) return redirectWithSuccess(back, t("invite.resent", { ns: "team", email: outcome.email }));
    return data({ result: null, error: null, created: shown(outcome) });
  }

  if (value.intent === "changeRole") {
    const outcome = await changeRole(db, page.scope, value.operatorId, value.role);
    if (outcome !== "done") return refused(outcome);
    const message = t("changed.role", { ns: "team" });
    // An owner who gave up the role may no longer open this page.
    if (value.operatorId === me.id && !can(value.role, page.permission)) return redirectWithSuccess(page.home, message);
    return redirectWithSuccess(back, message);
  }

  const outcome =
    value.intent === "disable"
      ? await disableMember(db, page.scope, value.operatorId)
      : await enableMember(db, page.scope, value.operatorId);
  if (outcome !== "done") return refused(outcome);
  // Disabling oneself ended one's own session too: the sign-in page is what is left.
  if (value.intent === "disable" && value.operatorId === me.id) throw redirect("/login");
  return redirectWithSuccess(back, t(`changed.${value.intent}`, { ns: "team" }));
}
