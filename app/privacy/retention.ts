import { z } from "zod";

/** How long a conversation is kept after its last message, unless the client chose otherwise. */
export const DEFAULT_RETENTION_DAYS = 365;
export const MIN_RETENTION_DAYS = 30;
export const MAX_RETENTION_DAYS = 3650;

/** The settings page's retention form; messages are keys of the `client-config` namespace. */
export const retentionFormSchema = z.object({
  retentionDays: z.coerce
    .number("privacy.errors.days")
    .int("privacy.errors.days")
    .min(MIN_RETENTION_DAYS, "privacy.errors.days")
    .max(MAX_RETENTION_DAYS, "privacy.errors.days"),
});
