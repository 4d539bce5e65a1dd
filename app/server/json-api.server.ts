import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { Language } from "~/i18n/config.ts";
import { getI18nInstance, getTranslator } from "~/i18n/middleware.server.ts";
import { readJsonObject, type JsonBody } from "./json-body.server.ts";
import { tooManyRequestsHeaders } from "./rate-limit.server.ts";

/**
 * Every JSON API answers through this module, so all of them speak alike: no cache keeps an answer
 * (the operator guard in app/auth/guard.server.ts makes the operator's `private` as well), and a
 * refusal is `{ error, fields? }` with a 4xx (or a 5xx that is not the caller's fault), its text in
 * the caller's language. `fields` holds one message per field, and is there only when a field is at
 * fault.
 */
export const NO_STORE = "no-store";

type Answer = { status?: number; headers?: HeadersInit };

/** A JSON answer no cache keeps; `headers` may add to it or say otherwise. */
export function jsonAnswer(body: unknown, { status = 200, headers }: Answer = {}) {
  const merged = new Headers({ "Cache-Control": NO_STORE });
  new Headers(headers).forEach((value, name) => merged.set(name, value));
  return Response.json(body, { status, headers: merged });
}

/** An empty answer (204) no cache keeps. */
export const noContent = () => new Response(null, { status: 204, headers: { "Cache-Control": NO_STORE } });

type Refusal = Answer & {
  fields?: Record<string, string>;
  /** Members an API's own contract adds beside `error` (the export API's `success: false`). */
  extra?: Record<string, unknown>;
};

export function jsonError(status: number, error: string, { fields, headers, extra }: Refusal = {}) {
  const body = { ...extra, error, ...(fields && Object.keys(fields).length > 0 ? { fields } : {}) };
  return jsonAnswer(body, { status, headers });
}

/**
 * Translates into the caller's language. Keys of the shared refusals live in the `api` section of
 * the common namespace; a capability that words one better for its callers ("Send messages with
 * POST.") holds the same key in its own namespace, which is read first.
 */
export type ApiText = (key: string, values?: Record<string, unknown>) => string;

type Translator = (key: string, options: Record<string, unknown>) => string;
const inNamespaces =
  (t: Translator, ns?: string): ApiText =>
  (key, values) =>
    t(key, { ...values, ns: ns ? [ns, "common"] : "common" });

/** The texts in the request's language (the `?lng=`, cookie and path rule of app/i18n/language-rule.ts). */
export function apiText(context: Readonly<RouterContextProvider>, ns?: string): ApiText {
  return inNamespaces(getTranslator(context) as Translator, ns);
}

/** The texts in a language the API chose itself (an investor inquiry in the language of its range). */
export async function apiTextIn(language: Language, ns?: string): Promise<ApiText> {
  return inNamespaces((await getI18nInstance(language)).getFixedT(language) as Translator, ns);
}

export const notFound = (text: ApiText, key = "api.notFound") => jsonError(404, text(key));

/** 405, with the methods the path does take. */
export const methodNotAllowed = (text: ApiText, allow: string) =>
  jsonError(405, text("api.methodNotAllowed"), { headers: { Allow: allow } });

/** 429, with when to try again. */
export const tooManyRequests = (text: ApiText, verdict: { retryAfterSeconds: number }, key = "api.rateLimited") =>
  jsonError(429, text(key), { headers: tooManyRequestsHeaders(verdict) });

/** The status and text for each way a body reader (app/server/json-body.server.ts) refuses a body. */
const BODY_REFUSALS = {
  "wrong-type": { status: 415, key: "api.contentType" },
  "too-large": { status: 413, key: "api.tooLarge" },
  "not-json": { status: 400, key: "api.notJson" },
} as const;

export function bodyRefused(text: ApiText, kind: Exclude<JsonBody["kind"], "json">) {
  const refusal = BODY_REFUSALS[kind];
  return jsonError(refusal.status, text(refusal.key));
}

type Issue = z.core.$ZodIssue;

/** Where an issue points: its path, the names of unknown fields, or the body as a whole. */
function fieldOf(issue: Issue) {
  if (issue.path.length > 0) return issue.path.join(".");
  return issue.code === "unrecognized_keys" ? issue.keys.join(",") : "body";
}

type InvalidOptions = {
  /** The field's message; by default the issue's message read as a key of the caller's texts. */
  fieldMessage?: (issue: Issue) => string;
  /** The key of the whole answer's `error`, or what picks it from the issues. */
  key?: string | ((error: z.ZodError) => string);
};

/** 400 for input a zod schema refused: the first message of each field. */
export function invalidInput(
  text: ApiText,
  error: z.ZodError,
  { fieldMessage = (issue) => text(issue.message), key = "api.invalid" }: InvalidOptions = {},
) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[fieldOf(issue)] ??= fieldMessage(issue);
  return jsonError(400, text(typeof key === "string" ? key : key(error)), { fields });
}

/**
 * A JSON object body, read up to `maxBytes` whatever Content-Length claims, and validated; or the
 * 4xx to answer.
 */
export async function readApiBody<Schema extends z.ZodType>(
  request: Request,
  text: ApiText,
  schema: Schema,
  { maxBytes, ...invalid }: InvalidOptions & { maxBytes: number },
): Promise<{ ok: true; data: z.output<Schema> } | { ok: false; response: Response }> {
  const body = await readJsonObject(request, maxBytes);
  if (body.kind !== "object") return { ok: false, response: bodyRefused(text, body.kind) };
  const parsed = schema.safeParse(body.value);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, response: invalidInput(text, parsed.error, invalid) };
}

/**
 * A read-only resource route's answer to a post: without an action React Router answers 405 with
 * `{"message":"Unexpected Server Error"}`, which tells the caller nothing (found by tests/hostile/).
 */
export const readOnlyRoute = (context: Readonly<RouterContextProvider>) =>
  methodNotAllowed(apiText(context), "GET, HEAD");
