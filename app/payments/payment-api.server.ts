import type { RouterContextProvider } from "react-router";
import { databaseContext, envContext, requestInfoContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { JSON_BODY_REFUSALS, readJsonObject } from "~/server/json-body.server.ts";
import { checkRateLimit, countAgainstRateLimit, tooManyRequestsHeaders } from "~/server/rate-limit.server.ts";
import { paypalClientFor, type PaymentOutcome } from "./payments.server.ts";

/** A payment call's body is a few hundred bytes; PayPal's webhook events a few kilobytes. */
export const PAYMENT_BODY_LIMIT = 4 * 1024;
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** The pay page's calls are public: a payer makes a handful, a guesser many. */
const PAYMENT_RATE_LIMIT = { limit: 30, windowMs: 10 * 60 * 1000 };
/**
 * The webhook is public too, and each call costs a call to PayPal's verify endpoint: PayPal's own
 * deliveries come from a few addresses, so the limit per address is generous but bounded.
 */
export const WEBHOOK_RATE_LIMIT = { limit: 300, windowMs: 10 * 60 * 1000 };

type Context = Readonly<RouterContextProvider>;

const NO_STORE = { "Cache-Control": "no-store" };

export function jsonError(context: Context, key: string, status: number, extra: Record<string, unknown> = {}, headers: HeadersInit = {}) {
  return Response.json({ error: getTranslator(context)(key, { ns: "payments" }), ...extra }, { status, headers: { ...NO_STORE, ...headers } });
}

export function outcomeResponse(context: Context, outcome: PaymentOutcome) {
  if ("error" in outcome) return jsonError(context, outcome.error, outcome.status, outcome.issue ? { issue: outcome.issue } : {});
  return Response.json(outcome.body, { status: outcome.status, headers: NO_STORE });
}

/** Counts the call against the caller's address and refuses it (429) past the limit. */
export async function limitPaymentCalls(context: Context, { name = "payments", rule = PAYMENT_RATE_LIMIT } = {}) {
  const db = context.get(databaseContext);
  const bucket = `${name}:${context.get(requestInfoContext).ip}`;
  const verdict = await checkRateLimit(db, [bucket], rule);
  if (verdict.limited) return jsonError(context, "errors.tooMany", 429, {}, tooManyRequestsHeaders(verdict));
  await countAgainstRateLimit(db, [bucket]);
  return null;
}

/** The configured PayPal client, or the 503 answer that says PayPal is not set up. */
export function requirePayPal(context: Context) {
  const paypal = paypalClientFor(context.get(envContext));
  return paypal ? { paypal } : { refusal: jsonError(context, "errors.notConfigured", 503) };
}

export async function readPaymentBody(request: Request, context: Context, limit = PAYMENT_BODY_LIMIT) {
  const body = await readJsonObject(request, limit);
  if (body.kind === "object") return { value: body.value };
  const refusal = JSON_BODY_REFUSALS[body.kind];
  return { refusal: jsonError(context, `errors.${refusal.key.replace("api.", "")}`, refusal.status) };
}

export const methodNotAllowed = (context: Context, allow: string) => jsonError(context, "errors.methodNotAllowed", 405, {}, { Allow: allow });
