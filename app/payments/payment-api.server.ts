import type { RouterContextProvider } from "react-router";
import { databaseContext, envContext, requestInfoContext } from "~/context.ts";
import { apiText, bodyRefused, jsonAnswer, jsonError, tooManyRequests } from "~/server/json-api.server.ts";
import { readJsonObject } from "~/server/json-body.server.ts";
import { checkRateLimit, countAgainstRateLimit } from "~/server/rate-limit.server.ts";
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

/** The payment APIs' texts in the payer's language: the payments namespace, then common's. */
export const paymentsText = (context: Context) => apiText(context, "payments");

/** An outcome's error is a key of the payments namespace; PayPal's own `issue` code goes beside it. */
export function outcomeResponse(context: Context, outcome: PaymentOutcome) {
  if ("error" in outcome)
    return jsonError(outcome.status, paymentsText(context)(outcome.error), {
      extra: outcome.issue ? { issue: outcome.issue } : {},
    });
  return jsonAnswer(outcome.body, { status: outcome.status });
}

/** Counts the call against the caller's address and refuses it (429) past the limit. */
export async function limitPaymentCalls(context: Context, { name = "payments", rule = PAYMENT_RATE_LIMIT } = {}) {
  const db = context.get(databaseContext);
  const bucket = `${name}:${context.get(requestInfoContext).ip}`;
  const verdict = await checkRateLimit(db, [bucket], rule);
  if (verdict.limited) return tooManyRequests(paymentsText(context), verdict, "errors.tooMany");
  await countAgainstRateLimit(db, [bucket]);
  return null;
}

export const paypalNotConfigured = (context: Context) => jsonError(503, paymentsText(context)("errors.notConfigured"));

/** The configured PayPal client, or the 503 answer that says PayPal is not set up. */
export function requirePayPal(context: Context) {
  const paypal = paypalClientFor(context.get(envContext));
  return paypal ? { paypal } : { refusal: paypalNotConfigured(context) };
}

export async function readPaymentBody(request: Request, context: Context, limit = PAYMENT_BODY_LIMIT) {
  const body = await readJsonObject(request, limit);
  if (body.kind === "object") return { value: body.value };
  return { refusal: bodyRefused(paymentsText(context), body.kind) };
}
