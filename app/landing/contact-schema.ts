import { z } from "zod";

const PHONE_CHARACTERS = /^\+?[\d\s()-]+$/;
const digitCount = (phone: string) => phone.replace(/\D/g, "").length;

/**
 * The landing page's contact form. Messages are keys of the "landing" namespace, translated
 * at render, so the browser and the server show them in the page's language.
 */
export const contactSchema = z.object({
  fullName: z
    .string({ error: "contact.errors.fullNameRequired" })
    .trim()
    .min(2, "contact.errors.fullNameRequired")
    .max(100, "contact.errors.fullNameTooLong"),
  phone: z
    .string({ error: "contact.errors.phoneRequired" })
    .trim()
    .min(1, "contact.errors.phoneRequired")
    .max(25, "contact.errors.phoneInvalid")
    .regex(PHONE_CHARACTERS, "contact.errors.phoneInvalid")
    .refine((phone) => digitCount(phone) >= 7 && digitCount(phone) <= 15, "contact.errors.phoneInvalid"),
  email: z
    .string({ error: "contact.errors.emailRequired" })
    .trim()
    .max(254, "contact.errors.emailInvalid")
    .pipe(z.email("contact.errors.emailInvalid")),
  marketingConsent: z.boolean().optional(),
});

export type ContactSubmission = z.infer<typeof contactSchema>;
