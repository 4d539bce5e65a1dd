import { and, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { alias } from "drizzle-orm/pg-core";
import { billingRecords, billRefunds, clients, paymentOrders, taxDocumentAttempts, taxDocuments } from "#db/schema.ts";
import { CREDIT_NOTE, TAX_INVOICE_RECEIPT } from "#db/vocabulary.ts";

export type TaxDocument = typeof taxDocuments.$inferSelect;

/**
 * Queues a payment's tax document, due at once; a payment that has one of this type already keeps it
 * (unique by payment and type: one invoice-receipt, and one credit note for its refund).
 */
export async function insertTaxDocument(
  db: Database,
  values: {
    clientId: number;
    billingRecordId: number;
    paymentOrderId: number;
    refundId?: number;
    documentType: number;
    reference: string;
    now: Date;
  },
) {
  const { now, ...document } = values;
  await db
    .insert(taxDocuments)
    .values({ ...document, status: "pending", nextAttemptAt: now, createdAt: now })
    .onConflictDoNothing({ target: [taxDocuments.paymentOrderId, taxDocuments.documentType] });
}

/** A payment's document of this type (the invoice-receipt a credit note cancels): its state and Morning's id. */
export async function findDocumentOfPayment(db: Database, paymentOrderId: number, documentType: number) {
  const [row] = await db
    .select({ status: taxDocuments.status, morningId: taxDocuments.morningId })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.paymentOrderId, paymentOrderId), eq(taxDocuments.documentType, documentType)));
  return row;
}

const claimable = (now: Date) => or(isNull(taxDocuments.lockedUntil), lt(taxDocuments.lockedUntil, now));

/**
 * Takes up to `limit` due documents for this worker until `lockedUntil`: those waiting to be issued,
 * and issued ones whose e-mail is still to go. One statement with SKIP LOCKED, so two servers never
 * take the same row, and no transaction stays open during the call to Morning.
 */
export async function claimDueTaxDocuments(
  db: Database,
  { now, lockedUntil, limit }: { now: Date; lockedUntil: Date; limit: number },
): Promise<TaxDocument[]> {
  const due = db
    .select({ id: taxDocuments.id })
    .from(taxDocuments)
    .where(
      and(
        or(eq(taxDocuments.status, "pending"), and(eq(taxDocuments.status, "issued"), isNull(taxDocuments.mailedAt))),
        lte(taxDocuments.nextAttemptAt, now),
        claimable(now),
      ),
    )
    .orderBy(taxDocuments.nextAttemptAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db.update(taxDocuments).set({ lockedUntil }).where(inArray(taxDocuments.id, due)).returning();
  // RETURNING keeps no order: the oldest first, so a payment's invoice-receipt comes before its refund's credit note.
  return claimed.sort((a, b) => (a.nextAttemptAt?.getTime() ?? 0) - (b.nextAttemptAt?.getTime() ?? 0) || a.id - b.id);
}

/** What a tax document says: the bill it pays, the client it names, and the payment's day. */
export async function findTaxDocumentSubject(db: Database, paymentOrderId: number) {
  const [row] = await db
    .select({
      businessName: clients.businessName,
      email: sql<string>`coalesce(${clients.contactEmail}, ${clients.ownerEmail})`,
      language: clients.language,
      billingPeriod: billingRecords.billingPeriod,
      currency: billingRecords.currency,
      baseFeeCents: billingRecords.baseFeeCents,
      usageFeesCents: billingRecords.usageFeesCents,
      vatRateBasisPoints: billingRecords.vatRateBasisPoints,
      vatCents: billingRecords.vatCents,
      totalCents: billingRecords.totalCents,
      payToken: billingRecords.payToken,
      capturedAt: paymentOrders.capturedAt,
      provider: paymentOrders.provider,
    })
    .from(paymentOrders)
    .innerJoin(billingRecords, eq(billingRecords.id, paymentOrders.billingRecordId))
    .innerJoin(clients, eq(clients.id, billingRecords.clientId))
    .where(eq(paymentOrders.id, paymentOrderId));
  return row;
}

export type TaxDocumentAttempt = { ok: boolean; statusCode: number | null; error: string | null };

/** Records one call to Morning and releases the document with what it became, in one transaction. */
export async function recordTaxDocumentAttempt(
  db: Database,
  document: Pick<TaxDocument, "id">,
  attempt: number,
  outcome: TaxDocumentAttempt & {
    changes: Partial<
      Pick<
        TaxDocument,
        "status" | "nextAttemptAt" | "morningId" | "documentNumber" | "pdfUrl" | "issuedAt" | "lastError"
      >
    >;
  },
  now: Date,
) {
  await db.transaction(async (tx) => {
    await tx.insert(taxDocumentAttempts).values({
      taxDocumentId: document.id,
      attempt,
      ok: outcome.ok,
      statusCode: outcome.statusCode,
      error: outcome.error,
      attemptedAt: now,
    });
    await tx
      .update(taxDocuments)
      .set({ ...outcome.changes, attempts: attempt, lockedUntil: null })
      .where(eq(taxDocuments.id, document.id));
  });
}

/** After the e-mail: sent (`mailedAt`), or tried again at `nextAttemptAt` (null: mail is off, nothing to retry). */
export async function releaseTaxDocumentMail(
  db: Database,
  id: number,
  {
    mailedAt,
    nextAttemptAt,
    lastError,
  }: { mailedAt: Date | null; nextAttemptAt: Date | null; lastError: string | null },
) {
  await db
    .update(taxDocuments)
    .set({ mailedAt, nextAttemptAt, lockedUntil: null, ...(lastError ? { lastError } : {}) })
    .where(eq(taxDocuments.id, id));
}

const listedColumns = {
  id: taxDocuments.id,
  billingRecordId: taxDocuments.billingRecordId,
  documentType: taxDocuments.documentType,
  status: taxDocuments.status,
  documentNumber: taxDocuments.documentNumber,
  pdfUrl: taxDocuments.pdfUrl,
  issuedAt: taxDocuments.issuedAt,
  attempts: taxDocuments.attempts,
  lastError: taxDocuments.lastError,
  createdAt: taxDocuments.createdAt,
};

/** The tax documents of these bills (the bill pages show each bill's). */
export async function listTaxDocumentsOfBills(db: Database, billingRecordIds: number[]) {
  if (billingRecordIds.length === 0) return [];
  return db
    .select(listedColumns)
    .from(taxDocuments)
    .where(inArray(taxDocuments.billingRecordId, billingRecordIds))
    .orderBy(desc(taxDocuments.createdAt));
}

/** One client's tax documents, newest first: the portal's list. */
export async function listClientTaxDocuments(db: Database, clientId: number, limit: number) {
  return db
    .select({
      ...listedColumns,
      billingPeriod: billingRecords.billingPeriod,
      currency: billingRecords.currency,
      totalCents: billingRecords.totalCents,
      vatCents: billingRecords.vatCents,
    })
    .from(taxDocuments)
    .innerJoin(billingRecords, eq(billingRecords.id, taxDocuments.billingRecordId))
    .where(eq(taxDocuments.clientId, clientId))
    .orderBy(desc(taxDocuments.createdAt), desc(taxDocuments.id))
    .limit(limit);
}

/** How many documents wait or failed: the operator's sign that something is wrong. */
export async function countTaxDocumentsByStatus(db: Database) {
  return db
    .select({ status: taxDocuments.status, count: sql<number>`count(*)::int` })
    .from(taxDocuments)
    .groupBy(taxDocuments.status);
}

/** The latest reason Morning gave for a document still not issued, if any: what the operator must fix. */
export async function findLatestTaxDocumentError(db: Database) {
  const [row] = await db
    .select({ error: taxDocuments.lastError })
    .from(taxDocuments)
    .where(and(inArray(taxDocuments.status, ["pending", "failed"]), sql`${taxDocuments.lastError} is not null`))
    .orderBy(desc(taxDocuments.id))
    .limit(1);
  return row?.error ?? null;
}

/**
 * The payments received in [start, end): each paid bill's money and its tax document's number, the
 * accountant's file; a refunded one with when and its credit note's number. A bill marked paid by
 * hand has no PayPal capture and no document.
 */
export async function listPaymentsReceived(db: Database, { start, end }: { start: Date; end: Date }) {
  const creditNotes = alias(taxDocuments, "credit_notes");
  return db
    .select({
      paidAt: billingRecords.paidAt,
      billingRecordId: billingRecords.id,
      clientId: billingRecords.clientId,
      businessName: clients.businessName,
      billingPeriod: billingRecords.billingPeriod,
      currency: billingRecords.currency,
      baseFeeCents: billingRecords.baseFeeCents,
      usageFeesCents: billingRecords.usageFeesCents,
      vatRateBasisPoints: billingRecords.vatRateBasisPoints,
      vatCents: billingRecords.vatCents,
      totalCents: billingRecords.totalCents,
      captureId: paymentOrders.captureId,
      provider: paymentOrders.provider,
      documentNumber: taxDocuments.documentNumber,
      documentStatus: taxDocuments.status,
      refundedAt: billRefunds.refundedAt,
      creditNoteNumber: creditNotes.documentNumber,
    })
    .from(billingRecords)
    .innerJoin(clients, eq(clients.id, billingRecords.clientId))
    .leftJoin(
      paymentOrders,
      and(eq(paymentOrders.billingRecordId, billingRecords.id), sql`${paymentOrders.captureId} is not null`),
    )
    .leftJoin(
      taxDocuments,
      and(eq(taxDocuments.paymentOrderId, paymentOrders.id), eq(taxDocuments.documentType, TAX_INVOICE_RECEIPT)),
    )
    .leftJoin(billRefunds, and(eq(billRefunds.billingRecordId, billingRecords.id), eq(billRefunds.status, "refunded")))
    .leftJoin(creditNotes, and(eq(creditNotes.refundId, billRefunds.id), eq(creditNotes.documentType, CREDIT_NOTE)))
    .where(and(eq(billingRecords.status, "paid"), gte(billingRecords.paidAt, start), lt(billingRecords.paidAt, end)))
    .orderBy(billingRecords.paidAt, billingRecords.id);
}
