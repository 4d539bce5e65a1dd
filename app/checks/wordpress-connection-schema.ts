import { z } from "zod";

// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The WordPress connection form (site URL, user, Application Password) the WordPress checks sign in
 * with; messages are keys of the `checks` namespace.
 */
export const wordpressConnectionSchema = z.object({
  siteUrl: z
    .string({ error: "connection.invalid.siteUrl" })
    .trim()
    .max(2000, "connection.invalid.tooLong")
    .pipe(z.url({ protocol: /^https?$/, error: "connection.invalid.siteUrl" })),
  username: z
    .string({ error: "connection.invalid.username" })
    .trim()
    .min(1, "connection.invalid.username")
    .max(60, "connection.invalid.tooLong")
    .refine((value) => !CONTROL.test(value), "connection.invalid.control"),
  /** Empty keeps the saved password: it is never sent back to the browser to be resubmitted. */
  applicationPassword: z
    .string()
    .trim()
    .max(200, "connection.invalid.tooLong")
    .refine((value) => !CONTROL.test(value), "connection.invalid.control")
    .optional(),
  clearPassword: z.literal("on").optional(),
});

export type WordPressConnectionInput = z.infer<typeof wordpressConnectionSchema>;

/** What the browser may know of a saved connection: never the password, only whether one is saved. */
export type WordPressConnectionView = { siteUrl: string; username: string; passwordSet: boolean } | null;
