import { parseWithZod } from "@conform-to/zod/v4";
import { contactSchema } from "./contact-schema.ts";
import { newsletterSchema } from "./newsletter-schema.ts";

/**
 * The landing forms' checks in the browser, with the very schemas the server uses. The forms
 * load this module (and so zod) only when a visitor starts filling one in, which keeps it out of
 * the page's first load; until then, and without JavaScript, the server's answer shows the errors.
 */
export const validateContact = (formData: FormData) => parseWithZod(formData, { schema: contactSchema });
export const validateNewsletter = (formData: FormData) => parseWithZod(formData, { schema: newsletterSchema });
