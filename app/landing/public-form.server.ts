import type { SubmissionResult } from "@conform-to/react";
import { echoForm, parseForm } from "~/components/ui/parse-form.ts";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { Database } from "#db/connection.ts";
import { databaseContext, requestInfoContext } from "~/context.ts";
import { HONEYPOT_FIELD } from "~/landing/honeypot.ts";
import type { PublicFormReply } from "~/landing/public-form.ts";
import {
  checkRateLimit,
  countAgainstRateLimit,
  tooManyRequestsHeaders,
  type RateLimitRule,
} from "~/server/rate-limit.server.ts";

/** Per client address and form: enough for a person who mistyped, too few for a flood. */
export const PUBLIC_FORM_LIMIT: RateLimitRule = { limit: 5, windowMs: 10 * 60 * 1000 };

export type PublicForm = "contact" | "newsletter";

const bucketOf = (form: PublicForm, ip: string) => `${form}:ip:${ip}`;

function checkPublicFormLimit(db: Database, form: PublicForm, ip: string) {
  return checkRateLimit(db, [bucketOf(form, ip)], PUBLIC_FORM_LIMIT);
}

/** Only accepted submissions count, so a visitor correcting mistakes is never locked out. */
function countPublicFormSubmission(db: Database, form: PublicForm, ip: string) {
  return countAgainstRateLimit(db, [bucketOf(form, ip)]);
}

function isHoneypotFilled(formData: FormData) {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

/**
 * A fetcher's post (JavaScript) reaches the action as `/contact.data`; a plain form post as
 * `/contact`. The raw request URL tells them apart (future.v8_passThroughRequests): the first
 * stays on the page and gets a toast, the second is redirected back to the page's section.
 */
export const isDataRequest = (request: Request) => new URL(request.url).pathname.endsWith(".data");

export type ScreenedPost<Value> =
  /** Over the limit (429) or invalid (400): the response to send as it is. */
  | { kind: "refused"; response: ReturnType<typeof data<PublicFormReply>> }
  /** The honeypot was filled: confirm as usual, store nothing. */
  | { kind: "bot"; result: SubmissionResult<string[]> }
  | { kind: "accepted"; value: Value; result: SubmissionResult<string[]> };

/**
 * What every public form does before its own work: apply the per-address limit before any
 * validation, read the body (the front door lets only a small URL-encoded form through; one that
 * still fails to parse reads as empty, and gets "required" messages), catch bots
 * with the honeypot and validate. Accepted and bot posts count against the limit.
 */
export async function screenPublicFormPost<Schema extends z.ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: PublicForm,
  schema: Schema,
): Promise<ScreenedPost<z.output<Schema>>> {
  const db = context.get(databaseContext);
  const { ip } = context.get(requestInfoContext);
  // The limit comes before validation: a refused post is echoed back (the front door keeps it
  // small), never run through the schema.
  const verdict = await checkPublicFormLimit(db, form, ip);
  const formData = await request.formData().catch(() => new FormData());
  if (verdict.limited) {
    return {
      kind: "refused",
      response: data(
        { result: echoForm(formData, { schema }).reply({ formErrors: ["forms.tooManyRequests"] }) },
        { status: 429, headers: tooManyRequestsHeaders(verdict) },
      ),
    };
  }
  const submission = parseForm(formData, { schema });
  const bot = isHoneypotFilled(formData);
  if (!bot && submission.status !== "success") {
    return { kind: "refused", response: data({ result: submission.reply() }, { status: 400 }) };
  }
  await countPublicFormSubmission(db, form, ip);
  const result = submission.reply({ resetForm: true });
  return bot || submission.status !== "success"
    ? { kind: "bot", result }
    : { kind: "accepted", value: submission.value, result };
}
