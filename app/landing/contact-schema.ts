import { z } from "zod";
import { singleLineText } from "~/lib/text.ts";

const PHONE_CHARACTERS = /^\+?[\d\s()-]+$/;

/** Israeli and international numbers as people type them: "050-123-4567", "+972 3 123 4567". */
function isPhoneNumber(phone: string) {
  const digits = phone.replace(/\D/g, "").length;
  return phone.length <= 25 && PHONE_CHARACTERS.test(phone) && digits >= 7 && digits <= 15;
}

/**
 * The landing page's contact form. Messages are keys of the "landing" namespace, translated
 * at render, so the browser and the server show them in the page's language.
 */
export const contactSchema = z.object({
  fullName: singleLineText({ error: "contact.errors.fullNameRequired" })
    .trim()
    .min(2, "contact.errors.fullNameRequired")
    .max(100, "contact.errors.fullNameTooLong"),
  phone: singleLineText({ error: "contact.errors.phoneRequired" })
    .trim()
    .min(1, { error: "contact.errors.phoneRequired", abort: true })
    .refine(isPhoneNumber, "contact.errors.phoneInvalid"),
  email: singleLineText({ error: "contact.errors.emailRequired" })
    .trim()
    .max(254, "contact.errors.emailInvalid")
    .pipe(z.email("contact.errors.emailInvalid")),
  marketingConsent: z.boolean().optional(),
});

export type ContactSubmission = z.infer<typeof contactSchema>;
