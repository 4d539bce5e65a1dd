import type { Database } from "#db/connection.ts";
import { HONEYPOT_FIELD } from "~/landing/honeypot.ts";
import { checkRateLimit, countAgainstRateLimit, type RateLimitRule } from "~/server/rate-limit.server.ts";

/** Per client address and form: enough for a person who mistyped, too few for a flood. */
export const PUBLIC_FORM_LIMIT: RateLimitRule = { limit: 5, windowMs: 10 * 60 * 1000 };

export type PublicForm = "contact" | "newsletter";

const bucketOf = (form: PublicForm, ip: string) => `${form}:ip:${ip}`;

export function checkPublicFormLimit(db: Database, form: PublicForm, ip: string) {
  return checkRateLimit(db, [bucketOf(form, ip)], PUBLIC_FORM_LIMIT);
}

/** Only accepted submissions count, so a visitor correcting mistakes is never locked out. */
export function countPublicFormSubmission(db: Database, form: PublicForm, ip: string) {
  return countAgainstRateLimit(db, [bucketOf(form, ip)]);
}

export function isHoneypotFilled(formData: FormData) {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

/**
 * A fetcher's post (JavaScript) reaches the action as `/contact.data`; a plain form post as
 * `/contact`. The raw request URL tells them apart (future.v8_passThroughRequests): the first
 * stays on the page and gets a toast, the second is redirected back to the page's section.
 */
export const isDataRequest = (request: Request) => new URL(request.url).pathname.endsWith(".data");
