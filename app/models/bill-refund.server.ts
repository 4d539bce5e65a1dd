import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import type { PaymentProvider } from "#db/vocabulary.ts";
import { billingRecords, billRefunds, clients, paymentOrders } from "#db/schema.ts";

export type BillRefund = typeof billRefunds.$inferSelect;

/** A bill with the captured payment that paid it (PayPal's capture or Cardcom's deal), if any. */
export async function findRefundableBill(db: Database, billingRecordId: number) {
  const [row] = await db
    .select({
      id: billingRecords.id,
      clientId: billingRecords.clientId,
      status: billingRecords.status,
      totalCents: billingRecords.totalCents,
      currency: billingRecords.currency,
      businessName: clients.businessName,
      paymentOrderId: paymentOrders.id,
      provider: paymentOrders.provider,
      captureId: paymentOrders.captureId,
      amountCents: paymentOrders.amountCents,
    })
    .from(billingRecords)
    .innerJoin(clients, eq(clients.id, billingRecords.clientId))
    .leftJoin(
      paymentOrders,
      and(eq(paymentOrders.billingRecordId, billingRecords.id), isNotNull(paymentOrders.captureId)),
    )
    .where(eq(billingRecords.id, billingRecordId))
    .orderBy(desc(paymentOrders.capturedAt))
    .limit(1);
  return row;
}

/**
 * Claims a bill's refund before the processor is called: unique per bill, so of two clicks (or two
 * servers) only one gets the row; the other gets undefined and is refused.
 */
export async function claimBillRefund(
  db: Database,
  values: {
    billingRecordId: number;
    clientId: number;
    paymentOrderId: number;
    provider: PaymentProvider;
    amountCents: number;
    currency: string;
    reason: string;
    operatorId: number | null;
    now: Date;
  },
) {
  const { now, ...refund } = values;
  const [claimed] = await db
    .insert(billRefunds)
    .values({ ...refund, status: "refunding", createdAt: now })
    .onConflictDoNothing({ target: billRefunds.billingRecordId })
    .returning();
  return claimed;
}

/** The processor refused: the claim goes, so the bill is as it was and may be refunded again later. */
export async function releaseBillRefund(db: Database, id: number) {
  await db.delete(billRefunds).where(and(eq(billRefunds.id, id), eq(billRefunds.status, "refunding")));
}

export async function markBillRefunded(db: Database, id: number, providerRefundId: string, now: Date) {
  const [refund] = await db
    .update(billRefunds)
    .set({ status: "refunded", providerRefundId, refundedAt: now })
    .where(eq(billRefunds.id, id))
    .returning();
  return refund;
}

/** The refunds of these bills (the bill pages show "refunded" beside each). */
export async function listRefundsOfBills(db: Database, billingRecordIds: number[]) {
  if (billingRecordIds.length === 0) return [];
  return db
    .select({
      billingRecordId: billRefunds.billingRecordId,
      status: billRefunds.status,
      refundedAt: billRefunds.refundedAt,
      reason: billRefunds.reason,
    })
    .from(billRefunds)
    .where(inArray(billRefunds.billingRecordId, billingRecordIds));
}

/** Which of these bills were paid online, and through whom: only those can be refunded. */
export async function listCapturedPaymentsOfBills(db: Database, billingRecordIds: number[]) {
  if (billingRecordIds.length === 0) return [];
  return db
    .select({ billingRecordId: paymentOrders.billingRecordId, provider: paymentOrders.provider })
    .from(paymentOrders)
    .where(and(inArray(paymentOrders.billingRecordId, billingRecordIds), isNotNull(paymentOrders.captureId)));
}
