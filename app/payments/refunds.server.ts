import type { Database } from "#db/connection.ts";
import { insertBillingEvents } from "~/models/billing.server.ts";
import {
  claimBillRefund,
  findRefundableBill,
  markBillRefunded,
  releaseBillRefund,
  type BillRefund,
} from "~/models/bill-refund.server.ts";
import { logError, logInfo } from "~/server/log.server.ts";
import { queueCreditNote } from "~/tax-documents/tax-documents.server.ts";
import { CardcomError, type CardcomClient } from "./cardcom-client.server.ts";
import { PayPalError, type PayPalClient } from "./paypal-client.server.ts";

/**
 * A refund's outcome. `error` is a key of the billing namespace's `refund` texts; `detail` is the
 * processor's own words for a refusal, shown to the operator as they came.
 */
export type RefundOutcome =
  { ok: true; refund: BillRefund } | { ok: false; status: number; error: string; detail?: string };

type Processors = { paypal: PayPalClient | null; cardcom: CardcomClient | null };
type ProcessorAnswer = { refunded: true; id: string } | { refunded: false; status: number; detail: string };

/** PayPal's request id for a bill's refund: the same for every retry of this claim, so PayPal refunds once. */
const paypalRefundRequestId = (refund: BillRefund) => `alex-refund-${refund.id}-${refund.paymentOrderId}`;

async function refundAtProcessor(
  processors: Processors,
  refund: BillRefund,
  captureId: string,
): Promise<ProcessorAnswer> {
  if (refund.provider === "paypal") {
    try {
      const answer = await processors.paypal!.refundCapture(captureId, paypalRefundRequestId(refund));
      if (answer.status === "FAILED" || answer.status === "CANCELLED")
        return { refunded: false, status: 422, detail: `PayPal: ${answer.status}` };
      return { refunded: true, id: answer.id };
    } catch (error) {
      if (!(error instanceof PayPalError)) throw error;
      logError(error, {
        event: "refund.paypal_failed",
        refundId: refund.id,
        issue: error.issue,
        debugId: error.debugId,
      });
      return { refunded: false, status: error.status === 0 || error.status >= 500 ? 502 : 422, detail: error.message };
    }
  }
  try {
    const answer = await processors.cardcom!.refundDeal(captureId);
    if (answer.ResponseCode !== 0 || !answer.NewTranzactionId)
      return {
        refunded: false,
        status: 422,
        detail: `${answer.Description ?? "Cardcom refused the refund"} (${answer.ResponseCode})`,
      };
    return { refunded: true, id: String(answer.NewTranzactionId) };
  } catch (error) {
    if (!(error instanceof CardcomError)) throw error;
    logError(error, { event: "refund.cardcom_failed", refundId: refund.id, status: error.status });
    return { refunded: false, status: 502, detail: error.message };
  }
}

/**
 * Refunds a paid bill in full at the processor that took its payment (PayPal's capture or Cardcom's
 * deal). The bill's refund row is written first and is unique, so a second click is refused (409)
 * and never reaches the processor; a refusal deletes the row again. Once refunded, one transaction
 * marks the row, notes the bill's history, and queues the Morning credit note (type 330).
 */
export async function refundBill(
  db: Database,
  processors: Processors,
  {
    recordId,
    reason,
    operatorId,
    now = new Date(),
  }: { recordId: number; reason: string; operatorId: number | null; now?: Date },
): Promise<RefundOutcome> {
  const bill = await findRefundableBill(db, recordId);
  if (!bill) return { ok: false, status: 404, error: "refund.notFound" };
  if (bill.status !== "paid" || !bill.paymentOrderId || !bill.provider || !bill.captureId)
    return { ok: false, status: 409, error: "refund.notRefundable" };
  if (!processors[bill.provider]) return { ok: false, status: 503, error: "refund.notConfigured" };
  const claimed = await claimBillRefund(db, {
    billingRecordId: bill.id,
    clientId: bill.clientId,
    paymentOrderId: bill.paymentOrderId,
    provider: bill.provider,
    amountCents: bill.totalCents,
    currency: bill.currency,
    reason,
    operatorId,
    now,
  });
  if (!claimed) return { ok: false, status: 409, error: "refund.alreadyRefunded" };

  const answer = await refundAtProcessor(processors, claimed, bill.captureId);
  if (!answer.refunded) {
    await releaseBillRefund(db, claimed.id);
    return {
      ok: false,
      status: answer.status,
      error: answer.status === 502 ? "refund.unreachable" : "refund.refused",
      detail: answer.detail,
    };
  }
  const captureId = bill.captureId;
  const refund = await db.transaction(async (tx) => {
    const done = await markBillRefunded(tx, claimed.id, answer.id, now);
    await insertBillingEvents(tx, [
      {
        billingRecordId: bill.id,
        clientId: bill.clientId,
        kind: "refunded",
        totalCents: bill.totalCents,
        note: reason,
        operatorId,
        now,
      },
    ]);
    await queueCreditNote(tx, {
      clientId: bill.clientId,
      billingRecordId: bill.id,
      paymentOrderId: claimed.paymentOrderId,
      refundId: claimed.id,
      captureId,
      provider: claimed.provider,
      now,
    });
    return done!;
  });
  logInfo("payment.refunded", {
    event: "payment.refunded",
    billingRecordId: bill.id,
    provider: claimed.provider,
    providerRefundId: answer.id,
  });
  return { ok: true, refund };
}
