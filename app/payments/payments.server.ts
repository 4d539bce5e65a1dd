import { z } from "zod";
import type { Database } from "#db/connection.ts";
import type { Env } from "~/env.server.ts";
import {
  countRefusedCapture,
  findBillingRecord,
  findBillingRecordByPayToken,
  findPaymentOrder,
  insertBillingEvents,
  insertPaymentOrder,
  markBillingRecordPaid,
  recordPaymentCapture,
  updatePaymentOrderStatus,
} from "~/models/billing.server.ts";
import { hasEnded, type BillingPeriod } from "~/billing/periods.ts";
import { logError, logInfo } from "~/server/log.server.ts";
import { queueTaxDocument } from "~/tax-documents/tax-documents.server.ts";
import {
  completedCaptureOf,
  createPayPalClient,
  PAYPAL_SANDBOX_URL,
  PayPalError,
  type PayPalClient,
  type PayPalOrder,
} from "./paypal-client.server.ts";

let cached: { key: string; client: PayPalClient } | undefined;

/** The process's PayPal client (one, so its access token is reused), or null when PayPal is not configured. */
export function paypalClientFor(env: Env): PayPalClient | null {
  if (!env.PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET) return null;
  const config = {
    clientId: env.PAYPAL_CLIENT_ID,
    clientSecret: env.PAYPAL_CLIENT_SECRET,
    baseUrl: env.PAYPAL_BASE_URL ?? PAYPAL_SANDBOX_URL,
  };
  const key = JSON.stringify(config);
  if (cached?.key !== key) cached = { key, client: createPayPalClient(config) };
  return cached.client;
}

/** What a payment call answers: a JSON body and its status; `error` is a translation key of the `payments` namespace. */
export type PaymentOutcome =
  { status: number; body: Record<string, unknown> } | { status: number; error: string; issue?: string };

/** A caller's `{amount, currency, intent}` is accepted, but only as a check: the amount owed always comes from the record. */
export const createOrderBodySchema = z.object({
  token: z.string().regex(/^[0-9a-f]{64}$/),
  amount: z.union([z.number(), z.string()]).optional(),
  currency: z.string().optional(),
  intent: z.string().optional(),
});

const sameAmount = (claimed: number | string, cents: number) => {
  const value = typeof claimed === "number" ? claimed : Number(claimed.trim());
  return Number.isFinite(value) && Math.round(value * 100) === cents;
};

/** Opens a PayPal order for an unpaid bill: amount and currency from the record, never from the browser. */
export async function createOrderForBill(
  db: Database,
  paypal: PayPalClient,
  body: z.infer<typeof createOrderBodySchema>,
  { timeZone, now = new Date() }: { timeZone: string; now?: Date },
): Promise<PaymentOutcome> {
  const record = await findBillingRecordByPayToken(db, body.token);
  if (!record) return { status: 404, error: "errors.billNotFound" };
  if (record.status === "paid") return { status: 409, error: "errors.alreadyPaid" };
  if (!hasEnded(record.billingPeriod as BillingPeriod, now, timeZone))
    return { status: 409, error: "errors.monthNotEnded" };
  if (body.amount !== undefined && !sameAmount(body.amount, record.totalCents))
    return { status: 400, error: "errors.amountMismatch" };
  if (body.currency !== undefined && body.currency.toUpperCase() !== record.currency)
    return { status: 400, error: "errors.currencyMismatch" };
  if (body.intent !== undefined && body.intent.toUpperCase() !== "CAPTURE")
    return { status: 400, error: "errors.intentMismatch" };
  try {
    const order = await paypal.createOrder({
      amountCents: record.totalCents,
      currency: record.currency,
      referenceId: `bill-${record.id}`,
      description: `Alex ${record.billingPeriod}`,
      requestId: crypto.randomUUID(),
    });
    await insertPaymentOrder(db, {
      clientId: record.clientId,
      billingRecordId: record.id,
      providerOrderId: order.id,
      amountCents: record.totalCents,
      currency: record.currency,
      status: order.status,
      providerResponse: order,
    });
    return { status: 201, body: { id: order.id, status: order.status } };
  } catch (error) {
    return paypalFailure(error, { step: "create-order", billingRecordId: record.id });
  }
}

/**
 * Captures an order and marks its bill paid, once whatever is retried: a retry after a timeout sends
 * the same PayPal-Request-Id (PayPal answers it with the first answer), an order already captured is
 * looked up instead, and the capture id is unique in the database. A retry after PayPal refused the
 * capture (the buyer's card was declined and they chose another way to pay) is a new request, or
 * PayPal would replay the refusal. Nothing is marked paid unless PayPal said COMPLETED.
 */
export async function captureOrderForBill(
  db: Database,
  paypal: PayPalClient,
  orderId: string,
  now = new Date(),
): Promise<PaymentOutcome> {
  const order = await findPaymentOrder(db, orderId);
  if (!order?.billingRecordId) return { status: 404, error: "errors.orderNotFound" };
  const record = await findBillingRecord(db, order.billingRecordId);
  if (!record) return { status: 404, error: "errors.billNotFound" };
  if (order.captureId) return { status: 200, body: { id: orderId, status: "COMPLETED", captureId: order.captureId } };

  let result: PayPalOrder;
  try {
    result = await paypal.captureOrder(orderId, `capture-${orderId}-${order.refusedCaptures}`);
  } catch (error) {
    if (error instanceof PayPalError && error.issue === "ORDER_ALREADY_CAPTURED") {
      try {
        result = await paypal.getOrder(orderId);
      } catch (lookupError) {
        return paypalFailure(lookupError, { step: "get-order", orderId });
      }
    } else {
      if (error instanceof PayPalError && error.status >= 400 && error.status < 500)
        await countRefusedCapture(db, orderId);
      return paypalFailure(error, { step: "capture", orderId });
    }
  }
  const capture = completedCaptureOf(result);
  if (!capture) {
    await updatePaymentOrderStatus(db, orderId, result.status, result);
    return { status: 402, error: "errors.notCompleted", issue: result.status };
  }
  await settleCapture(db, { orderId, captureId: capture.id, response: result, now });
  return { status: 200, body: { id: orderId, status: "COMPLETED", captureId: capture.id } };
}

/**
 * Records a completed capture, marks its bill paid and queues the payment's tax document, in one
 * transaction; a capture seen before changes nothing.
 */
async function settleCapture(
  db: Database,
  { orderId, captureId, response, now }: { orderId: string; captureId: string; response: unknown; now: Date },
) {
  return db.transaction(async (tx) => {
    const order = await recordPaymentCapture(tx, {
      providerOrderId: orderId,
      captureId,
      status: "COMPLETED",
      providerResponse: response,
      now,
    });
    if (!order?.billingRecordId) return false;
    if (order.clientId !== null)
      await queueTaxDocument(tx, {
        clientId: order.clientId,
        billingRecordId: order.billingRecordId,
        paymentOrderId: order.id,
        captureId,
        now,
      });
    const record = await markBillingRecordPaid(tx, order.billingRecordId, now);
    if (record) {
      await insertBillingEvents(tx, [
        {
          billingRecordId: record.id,
          clientId: record.clientId,
          kind: "paid_paypal",
          totalCents: record.totalCents,
          note: `PayPal capture ${captureId}`,
          now,
        },
      ]);
      logInfo("payment.captured", { event: "payment.captured", billingRecordId: record.id, orderId, captureId });
    }
    return true;
  });
}

const captureCompletedEvent = z.object({
  event_type: z.literal("PAYMENT.CAPTURE.COMPLETED"),
  resource: z.object({
    id: z.string().min(1),
    status: z.literal("COMPLETED"),
    supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().min(1) }) }),
  }),
});

/**
 * PayPal's webhook: checked through PayPal's verify endpoint, then a completed capture marks its bill
 * paid (for a payer whose browser never came back). Any other event is acknowledged and ignored.
 */
export async function handlePayPalWebhook(
  db: Database,
  paypal: PayPalClient,
  { webhookId, headers, event, now = new Date() }: { webhookId: string; headers: Headers; event: unknown; now?: Date },
): Promise<PaymentOutcome> {
  let verified: boolean;
  try {
    verified = await paypal.verifyWebhookSignature({ webhookId, headers, event });
  } catch (error) {
    return paypalFailure(error, { step: "verify-webhook" });
  }
  if (!verified) return { status: 400, error: "errors.badSignature" };
  const completed = captureCompletedEvent.safeParse(event);
  if (!completed.success) return { status: 200, body: { received: true } };
  const { id: captureId, supplementary_data } = completed.data.resource;
  const orderId = supplementary_data.related_ids.order_id;
  if (!(await findPaymentOrder(db, orderId))) return { status: 200, body: { received: true, known: false } };
  await settleCapture(db, { orderId, captureId, response: event, now });
  return { status: 200, body: { received: true } };
}

/** PayPal's order ids: letters and digits (17 in practice). */
export const PAYPAL_ORDER_ID = /^[A-Z0-9-]{1,64}$/i;

/** A PayPal error, logged with PayPal's debug id and turned into a clear answer: 422 for a refused payment, 502 otherwise. */
export function paypalFailure(error: unknown, fields: Record<string, unknown>): PaymentOutcome {
  if (!(error instanceof PayPalError)) throw error;
  logError(error, {
    event: "paypal.error",
    status: error.status,
    paypalError: error.errorName,
    issue: error.issue,
    debugId: error.debugId,
    ...fields,
  });
  if (error.issue === "INSTRUMENT_DECLINED") return { status: 422, error: "errors.declined", issue: error.issue };
  if (error.issue === "ORDER_NOT_APPROVED") return { status: 422, error: "errors.notApproved", issue: error.issue };
  if (error.status === 404) return { status: 404, error: "errors.orderNotFound" };
  return { status: 502, error: "errors.paypalFailed", issue: error.issue ?? error.errorName };
}
