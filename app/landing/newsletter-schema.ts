import { z } from "zod";
import { singleLineText } from "~/lib/text.ts";

/** The footer's newsletter box: one address. Messages are keys of the "landing" namespace. */
export const newsletterSchema = z.object({
  email: singleLineText({ error: "newsletter.errors.emailRequired" })
    .trim()
    .max(254, "newsletter.errors.emailInvalid")
    .pipe(z.email("newsletter.errors.emailInvalid")),
});
