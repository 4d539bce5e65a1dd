import type { Database } from "#db/connection.ts";
import { monthOf, monthRange } from "~/lib/calendar.ts";
import { listCapturedPaymentsOfBills, listRefundsOfBills } from "~/models/bill-refund.server.ts";
import { listClientsForPicker } from "~/models/client.server.ts";
import {
  getBillingTotalsByStatus,
  listBillingEvents,
  listBillingPeriods,
  listBillingRecords,
  type BillingFilter,
} from "~/models/billing.server.ts";
import {
  countTaxDocumentsByStatus,
  findLatestTaxDocumentError,
  listTaxDocumentsOfBills,
} from "~/models/tax-document.server.ts";
import { CREDIT_NOTE, TAX_INVOICE_RECEIPT } from "#db/vocabulary.ts";
import { sumTokensPerClientSince } from "~/models/usage.server.ts";
import { billingTotals, monthSoFar, periodChange, refundedTotal } from "./billing.server.ts";
import { GENERATABLE_MONTHS } from "./billing-schema.ts";
import { periodOf, shiftPeriod, type BillingPeriod } from "./periods.ts";

export const BILLING_PAGE_SIZE = 25;

/** The month the page shows when the URL names none: the last closed one, whose bills are final. */
export const defaultBillingPeriod = (now: Date, timeZone: string) => shiftPeriod(periodOf(now, timeZone), -1);

/**
 * Everything /admin/billing shows. The month in progress is computed from the messages on every
 * visit (every billable client, one added today too); the records below are the closed months' bills,
 * with totals per status that add up to them and the chosen month (else the last closed one) against
 * the one before.
 */
export async function loadBillingPage(
  db: Database,
  {
    filter,
    page,
    timeZone,
    now,
  }: { filter: BillingFilter & { billingPeriod?: BillingPeriod }; page: number; timeZone: string; now: Date },
) {
  const currentPeriod = periodOf(now, timeZone);
  // Bills of the month in progress stored by an earlier version are stale by nature: the live month stands for them.
  const closed: BillingFilter = { ...filter, beforePeriod: currentPeriod };
  const comparedPeriod = filter.billingPeriod ?? defaultBillingPeriod(now, timeZone);
  const [totals, refunded, change, clients, periods, counts, month, tokens] = await Promise.all([
    billingTotals(db, closed),
    refundedTotal(db, closed),
    periodChange(db, comparedPeriod, filter.clientId),
    listClientsForPicker(db),
    listBillingPeriods(db),
    getBillingTotalsByStatus(db, closed),
    monthSoFar(db, { timeZone, now, clientId: filter.clientId }),
    // Beside each bill so far, the model tokens its client's turns took this month.
    sumTokensPerClientSince(db, monthRange(monthOf(now, timeZone), timeZone).start),
  ]);
  const recordCount = counts.reduce((sum, row) => sum + row.records, 0);
  const pageCount = Math.max(1, Math.ceil(recordCount / BILLING_PAGE_SIZE));
  const shownPage = Math.min(page, pageCount);
  const records = await listBillingRecords(db, closed, {
    limit: BILLING_PAGE_SIZE,
    offset: (shownPage - 1) * BILLING_PAGE_SIZE,
  });
  const ids = records.map((record) => record.id);
  const [events, documents, documentCounts, documentError, refunds, captured] = await Promise.all([
    listBillingEvents(db, ids),
    listTaxDocumentsOfBills(db, ids),
    countTaxDocumentsByStatus(db),
    findLatestTaxDocumentError(db),
    listRefundsOfBills(db, ids),
    listCapturedPaymentsOfBills(db, ids),
  ]);
  const generatable = Array.from({ length: GENERATABLE_MONTHS }, (_, index) =>
    shiftPeriod(currentPeriod, -(index + 1)),
  );
  const nameOf = new Map(clients.map((client) => [client.id, client.businessName]));
  return {
    totals,
    refunded,
    change,
    clients,
    periods: [...new Set([...generatable, ...periods.filter((period) => period < currentPeriod)])].sort().reverse(),
    generatable,
    monthInProgress: {
      period: month.period,
      previousPeriod: month.previousPeriod,
      payableFrom: month.payableFrom,
      totalCents: month.totalCents,
      previousCents: month.previousCents,
      byCurrency: month.byCurrency,
      bills: month.bills
        .map(({ clientId, currency, baseFeeCents, usageFeesCents, vatCents, totalCents, usage }) => ({
          clientId,
          businessName: nameOf.get(clientId) ?? "",
          currency,
          baseFeeCents,
          usageFeesCents,
          vatCents,
          totalCents,
          usage,
          tokens: (tokens.get(clientId)?.promptTokens ?? 0) + (tokens.get(clientId)?.replyTokens ?? 0),
        }))
        .sort((a, b) => a.businessName.localeCompare(b.businessName) || a.clientId - b.clientId),
    },
    recordCount,
    page: shownPage,
    pageCount,
    records: records.map((record) => ({
      ...record,
      events: events.filter((event) => event.billingRecordId === record.id),
      ...billDocumentsOf(record.id, documents),
      refund: refunds.find((refund) => refund.billingRecordId === record.id),
      /** Who took the bill's payment online (PayPal or Cardcom); none for a bill unpaid or marked paid by hand. */
      paidThrough: captured.find((payment) => payment.billingRecordId === record.id)?.provider ?? null,
    })),
    /** Tax documents waiting and failed, with the last failure's reason: the operator's sign that Morning refuses. */
    taxDocuments: {
      waiting: documentCounts.find((row) => row.status === "pending")?.count ?? 0,
      failed: documentCounts.find((row) => row.status === "failed")?.count ?? 0,
      error: documentError,
    },
  };
}

/** A bill's invoice-receipt and, once refunded, its credit note, from the documents of a page of bills. */
export function billDocumentsOf<T extends { billingRecordId: number; documentType: number }>(
  billingRecordId: number,
  documents: T[],
) {
  const ofBill = documents.filter((document) => document.billingRecordId === billingRecordId);
  return {
    taxDocument: ofBill.find((document) => document.documentType === TAX_INVOICE_RECEIPT),
    creditNote: ofBill.find((document) => document.documentType === CREDIT_NOTE),
  };
}

export type BillingPageData = Awaited<ReturnType<typeof loadBillingPage>>;
export type BillingRow = BillingPageData["records"][number];
export type MonthInProgress = BillingPageData["monthInProgress"];
