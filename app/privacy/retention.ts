import { z } from "zod";

/** How long a conversation is kept after its last message, unless the client chose otherwise. */
export const DEFAULT_RETENTION_DAYS = 365;
export const MIN_RETENTION_DAYS = 30;
export const MAX_RETENTION_DAYS = 3650;

export const PRIVACY_POLICY_URL_MAX = 2000;

/**
 * The settings page's privacy form; messages are keys of the `client-config` namespace. An unticked
 * consent box posts nothing (false); an empty policy address links our own policy.
 */
export const retentionFormSchema = z.object({
  retentionDays: z.coerce
    .number("privacy.errors.days")
    .int("privacy.errors.days")
    .min(MIN_RETENTION_DAYS, "privacy.errors.days")
    .max(MAX_RETENTION_DAYS, "privacy.errors.days"),
  askConsent: z.boolean().optional(),
  privacyPolicyUrl: z
    .string()
    .trim()
    .max(PRIVACY_POLICY_URL_MAX, "privacy.errors.policyUrl")
    .pipe(z.url({ protocol: /^https?$/, error: "privacy.errors.policyUrl" }))
    .optional(),
});
