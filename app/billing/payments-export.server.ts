import { USD_PER_ILS } from "#db/price-list.ts";
import type { Database } from "#db/connection.ts";
import { csvDateTime, csvResponse, type CsvColumn } from "~/lib/csv.server.ts";
import { listPaymentsReceived } from "~/models/tax-document.server.ts";
import { periodBounds, type BillingPeriod } from "./periods.ts";
import { usdCentsOf } from "./vat.ts";

type Payment = Awaited<ReturnType<typeof listPaymentsReceived>>[number];

const amount = (minor: number) => (minor / 100).toFixed(2);

/**
 * The accountant's file: the payments received in a month (in the display time zone), each with its
 * currency, net, VAT rate, VAT, total, the total in dollars at the price list's fixed rate (and that
 * rate, so the file says how it was converted), its tax document's number, and, for a refunded
 * payment, when it was refunded and its credit note's number.
 */
export async function paymentsCsv(
  db: Database,
  {
    month,
    timeZone,
    header,
    label,
  }: { month: BillingPeriod; timeZone: string; header: (key: string) => string; label: (key: string) => string },
) {
  const bounds = periodBounds(month, timeZone);
  const rows = await listPaymentsReceived(db, bounds);
  const columns: CsvColumn<Payment>[] = [
    { header: header("paidAt"), value: (row) => (row.paidAt ? csvDateTime(row.paidAt, timeZone) : "") },
    { header: header("client"), value: (row) => row.businessName },
    { header: header("clientId"), value: (row) => row.clientId },
    { header: header("period"), value: (row) => row.billingPeriod },
    { header: header("currency"), value: (row) => row.currency },
    { header: header("net"), value: (row) => amount(row.baseFeeCents + row.usageFeesCents) },
    { header: header("vatRate"), value: (row) => (row.vatRateBasisPoints / 100).toFixed(2) },
    { header: header("vat"), value: (row) => amount(row.vatCents) },
    { header: header("gross"), value: (row) => amount(row.totalCents) },
    { header: header("grossUsd"), value: (row) => amount(usdCentsOf(row.totalCents, row.currency)) },
    {
      header: header("usdRate"),
      value: (row) => (row.currency === "ILS" ? `${USD_PER_ILS.rate} (${USD_PER_ILS.asOf})` : ""),
    },
    {
      header: header("method"),
      value: (row) => (!row.captureId ? label("byHand") : row.provider === "cardcom" ? "Cardcom" : label("paypal")),
    },
    { header: header("captureId"), value: (row) => row.captureId ?? "" },
    { header: header("documentNumber"), value: (row) => row.documentNumber ?? "" },
    { header: header("documentStatus"), value: (row) => row.documentStatus ?? "" },
    { header: header("refundedAt"), value: (row) => (row.refundedAt ? csvDateTime(row.refundedAt, timeZone) : "") },
    { header: header("creditNoteNumber"), value: (row) => row.creditNoteNumber ?? "" },
  ];
  return csvResponse({ filename: `payments-${month}.csv`, columns, rows });
}
