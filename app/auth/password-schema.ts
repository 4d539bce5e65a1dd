import { z } from "zod";

/*
 * The one rule for a new password, wherever one is chosen (a reset, /account, an accepted invitation).
 * Messages are keys of the `account` namespace (app/locales/<language>/account.json): a page using
 * these lists "account" in its handle's i18n and wraps its form in
 * `<FormMessages ns="account" values={PASSWORD_MESSAGE_VALUES}>`.
 */
export const PASSWORD_MIN_LENGTH = 10;
/** scrypt reads every byte: a megabyte "password" would cost the server for nothing. */
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_MESSAGE_VALUES = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

/** A new password: at least 10 characters, kept as typed (spaces count; nothing trimmed). */
export const newPasswordSchema = z
  .string({ error: "password.required" })
  .min(1, "password.required")
  .min(PASSWORD_MIN_LENGTH, "password.tooShort")
  .max(PASSWORD_MAX_LENGTH, "password.tooLong");

/** The new password and its confirmation, as the form posts them: `password` and `confirmPassword`. */
export const newPasswordFields = {
  password: newPasswordSchema,
  confirmPassword: z
    .string({ error: "password.confirmRequired" })
    .min(1, "password.confirmRequired")
    .max(PASSWORD_MAX_LENGTH, "password.tooLong"),
};

/** Refuses an object whose confirmation differs from its password, on the confirmation field. */
export const confirmationMatches = <Value extends { password: string; confirmPassword: string }>(value: Value) =>
  value.password === value.confirmPassword;
export const CONFIRMATION_MISMATCH = { path: ["confirmPassword"], message: "password.mismatch" };

/** A form of a new password and its confirmation alone (a reset, an accepted invitation); a form with more fields spreads newPasswordFields and refines the same way. */
export const newPasswordPairSchema = z.object(newPasswordFields).refine(confirmationMatches, CONFIRMATION_MISMATCH);
