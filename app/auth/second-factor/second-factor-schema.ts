import { z } from "zod";

/** Messages are keys of the `second-factor` namespace, so the browser and the server show them in the page's language. */
const code = z
  .string({ error: "errors.codeRequired" })
  .trim()
  .min(1, "errors.codeRequired")
  .max(40, "errors.codeInvalid");

/** The set-up page's forms, told apart by `intent`. */
export const startSetupSchema = z.object({ intent: z.literal("start") });
export const confirmSetupSchema = z.object({
  intent: z.literal("confirm"),
  code: code.regex(/^\d{3}[\s-]?\d{3}$/, "errors.codeShape"),
});
export const newRecoveryCodesSchema = z.object({ intent: z.literal("recovery-codes"), code });
export const turnOffSchema = z.object({
  intent: z.literal("turn-off"),
  password: z.string({ error: "errors.passwordRequired" }).min(1, "errors.passwordRequired").max(200),
  code,
});
export const teamPolicySchema = z.object({
  intent: z.literal("policy"),
  // A checkbox: "on" when ticked, absent when not.
  requireSecondFactor: z.literal("on").optional(),
});

export const secondFactorActionSchema = z.discriminatedUnion("intent", [
  startSetupSchema,
  confirmSetupSchema,
  newRecoveryCodesSchema,
  turnOffSchema,
  teamPolicySchema,
]);

/** The sign-in's second step: a six-digit code, or one of the recovery codes. */
export const signInCodeSchema = z.object({ code });
