import { z } from "zod";

/**
 * Characters no one types into a form: C0 and C1 controls (NUL ends a PostgreSQL text value in an
 * error) except tab and line breaks, and the bidi embeddings, overrides and isolates that make a
 * stored name display as something else. The marks (U+200E, U+200F) stay: mixed Hebrew needs them.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const INVISIBLE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A submitted text as it may be stored and shown: well-formed, no controls; one line unless `multiline`. */
export function cleanText(value: string, { multiline = false } = {}) {
  const cleaned = value.replace(LONE_SURROGATE, "\uFFFD").replace(INVISIBLE_CONTROLS, "");
  return multiline ? cleaned.replace(/\r\n?/g, "\n") : cleaned.replace(/[\t\n\r]+/g, " ");
}

type StringParams = Parameters<typeof z.string>[0];

/**
 * The start of every text field of every schema (forms, JSON APIs, queries): the value is cleaned
 * before any other check, so `.trim().min(1).max(n)` and the rest see what will be stored.
 */
export const singleLineText = (params?: StringParams) => z.string(params).overwrite((value) => cleanText(value));

/** The same for a textarea's value: keeps its line breaks (as \n) and tabs. */
export const multiLineText = (params?: StringParams) =>
  z.string(params).overwrite((value) => cleanText(value, { multiline: true }));

/**
 * A trimmed text of at most `max` characters, line breaks kept: the settings' prompts, greetings
 * and business details. The message is a translation key of the form's own namespace.
 */
export const plainText = (max: number) => multiLineText().trim().max(max, "errors.tooLong");
