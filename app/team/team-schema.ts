import { z } from "zod";
import { BUSINESS_ROLES, TEAM_ROLES, type PersonRole } from "#db/vocabulary.ts";
import { singleLineText } from "~/lib/text.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/auth/password-schema.ts";

/*
 * The team page's forms and the invitation's. Messages are keys of the `team` namespace, so the
 * browser and the server show them in the page's language.
 */

const email = singleLineText({ error: "errors.emailRequired" })
  .trim()
  .min(1, { error: "errors.emailRequired", abort: true })
  .max(254, "errors.emailInvalid")
  .pipe(z.email("errors.emailInvalid"));

const displayName = singleLineText({ error: "errors.nameRequired" })
  .trim()
  .min(1, "errors.nameRequired")
  .max(100, "errors.nameTooLong");

const operatorId = z.coerce
  .number({ error: "errors.memberUnknown" })
  .int("errors.memberUnknown")
  .positive("errors.memberUnknown")
  .max(2 ** 31 - 1, "errors.memberUnknown");

/** Which people a page is about: the provider's team, or a business's own. */
export type PeopleGroup = "team" | "business";

/**
 * The posts a people page takes, told apart by `intent`, for the roles its group has: "invite a person"
 * (their address, the name shown until they choose their own, a role), change a role, and disable,
 * enable or invite again (the earlier links stop working).
 */
function peopleSchemas<const Roles extends readonly [PersonRole, ...PersonRole[]]>(roles: Roles, roleError: string) {
  const role = z.enum(roles, { error: roleError });
  const invite = z.object({ intent: z.literal("invite"), email, displayName, role });
  const changeRole = z.object({ intent: z.literal("changeRole"), operatorId, role });
  const member = z.object({
    intent: z.enum(["disable", "enable", "resend"], { error: "errors.intentUnknown" }),
    operatorId,
  });
  const action = z.discriminatedUnion("intent", [invite, changeRole, member], { error: "errors.intentUnknown" });
  return { invite, action };
}

/** The provider's team page. */
export const { invite: inviteSchema, action: teamActionSchema } = peopleSchemas(TEAM_ROLES, "errors.roleInvalid");
/** A business's people: from its client page in the back-office, and from its portal. */
export const { invite: businessInviteSchema, action: businessPeopleActionSchema } = peopleSchemas(
  BUSINESS_ROLES,
  "errors.businessRoleInvalid",
);

export type TeamAction = z.output<typeof teamActionSchema>;

/** Accepting an invitation: the name the team sees, and a password typed twice. */
export const acceptInviteSchema = z
  .object({
    displayName,
    password: z
      .string({ error: "errors.passwordRequired" })
      .min(PASSWORD_MIN_LENGTH, "errors.passwordTooShort")
      .max(PASSWORD_MAX_LENGTH, "errors.passwordTooLong"),
    confirmPassword: z.string({ error: "errors.confirmRequired" }).max(PASSWORD_MAX_LENGTH, "errors.passwordTooLong"),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "errors.passwordsDiffer",
  });
