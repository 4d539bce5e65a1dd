import { z } from "zod";
import { TEAM_ROLES } from "#db/vocabulary.ts";
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

const role = z.enum(TEAM_ROLES, { error: "errors.roleInvalid" });

const operatorId = z.coerce
  .number({ error: "errors.memberUnknown" })
  .int("errors.memberUnknown")
  .positive("errors.memberUnknown")
  .max(2 ** 31 - 1, "errors.memberUnknown");

/** "Invite a person": their address, the name the team will see until they choose their own, a role. */
export const inviteSchema = z.object({
  intent: z.literal("invite"),
  email,
  displayName,
  role,
});

/** A person's row: change their role. */
export const changeRoleSchema = z.object({ intent: z.literal("changeRole"), operatorId, role });

/** A person's row: disable, enable, or send a new invitation (the earlier links stop working). */
export const memberSchema = z.object({
  intent: z.enum(["disable", "enable", "resend"], { error: "errors.intentUnknown" }),
  operatorId,
});

/** Every post the team page takes, told apart by `intent`. */
export const teamActionSchema = z.discriminatedUnion("intent", [inviteSchema, changeRoleSchema, memberSchema], {
  error: "errors.intentUnknown",
});

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
