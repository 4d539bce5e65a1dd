import { z } from "zod";

export const MIN_PERSON_WAIT_MINUTES = 1;
export const MAX_PERSON_WAIT_MINUTES = 240;
export const MIN_RATING_QUIET_MINUTES = 1;
export const MAX_RATING_QUIET_MINUTES = 1440;

/**
 * The settings page's "a person steps in" form; messages are keys of the `client-config` namespace.
 * An unticked button box posts nothing (false): the widget then offers no "talk to a person" button,
 * though a visitor who asks in words still reaches the inbox.
 */
export const personHandoverFormSchema = z.object({
  personButton: z.boolean().optional(),
  personWaitMinutes: z.coerce
    .number("person.errors.minutes")
    .int("person.errors.minutes")
    .min(MIN_PERSON_WAIT_MINUTES, "person.errors.minutes")
    .max(MAX_PERSON_WAIT_MINUTES, "person.errors.minutes"),
  ratingQuietMinutes: z.coerce
    .number("person.errors.ratingMinutes")
    .int("person.errors.ratingMinutes")
    .min(MIN_RATING_QUIET_MINUTES, "person.errors.ratingMinutes")
    .max(MAX_RATING_QUIET_MINUTES, "person.errors.ratingMinutes"),
});
