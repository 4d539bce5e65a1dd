import type { Database } from "#db/connection.ts";
import { getBillingTotalsByStatus, listBillingRecords } from "~/models/billing.server.ts";
import { listClientTaxDocuments, listTaxDocumentsOfBills } from "~/models/tax-document.server.ts";
import { listRefundsOfBills } from "~/models/bill-refund.server.ts";
import { BILLING_PAGE_SIZE, billDocumentsOf } from "./billing-page.server.ts";
import { monthSoFar } from "./billing.server.ts";
import { periodOf } from "./periods.ts";

/** How many of its latest tax documents the portal lists. */
const TAX_DOCUMENTS_SHOWN = 24;

/**
 * What a business's portal shows of its bills: its closed months' bills, newest first, each unpaid
 * one with its public pay link's token, and its month in progress so far (the same computation as the
 * back-office's). One client's alone: the id is the portal's, never the request's.
 */
export async function loadClientBills(
  db: Database,
  clientId: number,
  { page, timeZone, now }: { page: number; timeZone: string; now: Date },
) {
  // The month in progress is never a stored bill: a record of it from an earlier version is left out.
  const filter = { clientId, beforePeriod: periodOf(now, timeZone) };
  const [counts, month] = await Promise.all([
    getBillingTotalsByStatus(db, filter),
    monthSoFar(db, { timeZone, now, clientId }),
  ]);
  const recordCount = counts.reduce((sum, row) => sum + row.records, 0);
  const pageCount = Math.max(1, Math.ceil(recordCount / BILLING_PAGE_SIZE));
  const shownPage = Math.min(page, pageCount);
  const records = await listBillingRecords(db, filter, {
    limit: BILLING_PAGE_SIZE,
    offset: (shownPage - 1) * BILLING_PAGE_SIZE,
  });
  const bill = month.bills[0];
  const ids = records.map((record) => record.id);
  const [documents, recent, refunds] = await Promise.all([
    listTaxDocumentsOfBills(db, ids),
    listClientTaxDocuments(db, clientId, TAX_DOCUMENTS_SHOWN),
    listRefundsOfBills(db, ids),
  ]);
  const shown = (document: (typeof documents)[number] | undefined) =>
    document && {
      status: document.status,
      documentNumber: document.documentNumber,
      pdfUrl: document.pdfUrl,
      // Why Morning refused is the provider's to fix, not the business's.
      lastError: null,
    };
  return {
    page: shownPage,
    pageCount,
    bills: records.map((record) => {
      const { taxDocument, creditNote } = billDocumentsOf(record.id, documents);
      return {
        id: record.id,
        billingPeriod: record.billingPeriod,
        baseFeeCents: record.baseFeeCents,
        usageFeesCents: record.usageFeesCents,
        vatRateBasisPoints: record.vatRateBasisPoints,
        vatCents: record.vatCents,
        totalCents: record.totalCents,
        currency: record.currency,
        taxDocument: shown(taxDocument),
        refunded: refunds.some((refund) => refund.billingRecordId === record.id && refund.status === "refunded"),
        creditNote: shown(creditNote),
        status: record.status,
        paidAt: record.paidAt,
        // A paid bill's link takes no payment: only an unpaid one's is shown.
        payToken: record.status === "paid" ? null : record.payToken,
      };
    }),
    /** The business's issued tax documents, newest first: what its bookkeeper files. */
    taxDocuments: recent
      .filter((document) => document.status === "issued" && document.documentNumber)
      .map((document) => ({
        id: document.id,
        documentNumber: document.documentNumber!,
        pdfUrl: document.pdfUrl,
        issuedAt: document.issuedAt,
        billingPeriod: document.billingPeriod,
        currency: document.currency,
        vatCents: document.vatCents,
        totalCents: document.totalCents,
      })),
    month: {
      period: month.period,
      payableFrom: month.payableFrom,
      usage: bill
        ? {
            conversations: bill.usage.conversation.count,
            articles: bill.usage.article.count,
            solutions: bill.usage.solution.count,
            baseFeeCents: bill.baseFeeCents,
            usageFeesCents: bill.usageFeesCents,
            totalCents: bill.totalCents,
            currency: bill.currency,
          }
        : null,
    },
  };
}

export type ClientBills = Awaited<ReturnType<typeof loadClientBills>>;
