import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import {
  CONFIRMATION_MISMATCH,
  confirmationMatches,
  newPasswordFields,
  newPasswordPairSchema,
} from "~/auth/password-schema.ts";
import { singleLineText } from "~/lib/text.ts";

/** The longest sign-in name or e-mail address the reset form takes (an address is at most 254). */
export const SIGN_IN_NAME_MAX_LENGTH = 254;

/** Messages are keys of the `account` namespace. */
export const forgotPasswordSchema = z.object({
  login: singleLineText({ error: "forgot.loginRequired" })
    .trim()
    .min(1, "forgot.loginRequired")
    .max(SIGN_IN_NAME_MAX_LENGTH, "forgot.loginTooLong"),
});

export const resetPasswordSchema = newPasswordPairSchema;

/** /account's forms, told apart by `intent`. */
export const ACCOUNT_INTENTS = {
  changePassword: "change-password",
  signOutSession: "sign-out-session",
  signOutOthers: "sign-out-others",
} as const;

export const changePasswordSchema = z
  .object({
    intent: z.literal(ACCOUNT_INTENTS.changePassword),
    currentPassword: z
      .string({ error: "change.currentRequired" })
      .min(1, "change.currentRequired")
      .max(200, "password.tooLong"),
    ...newPasswordFields,
  })
  .refine(confirmationMatches, CONFIRMATION_MISMATCH);

/** A session named by its handle on the page (app/account/account.server.ts), never by its stored id. */
export const signOutSessionSchema = z.object({
  intent: z.literal(ACCOUNT_INTENTS.signOutSession),
  session: z.string({ error: "sessions.unknown" }).regex(/^[\w-]{1,64}$/, "sessions.unknown"),
});

export const signOutOthersSchema = z.object({ intent: z.literal(ACCOUNT_INTENTS.signOutOthers) });

/** What a refused post of these forms answers: Conform's reply, and which form it was. */
export type AccountFormReply = { result: SubmissionResult<string[]>; intent?: string };
