import type { Database } from "#db/connection.ts";
import { csvDateTime, csvResponse, type CsvColumn } from "~/lib/csv.server.ts";
import { listBillingRecords, type BillingFilter, type ListedBillingRecord } from "~/models/billing.server.ts";

const PAGE_SIZE = 500;

async function* everyRecord(db: Database, filter: BillingFilter) {
  for (let offset = 0; ; offset += PAGE_SIZE) {
    const page = await listBillingRecords(db, filter, { limit: PAGE_SIZE, offset });
    yield* page;
    if (page.length < PAGE_SIZE) return;
  }
}

/** An amount in a currency's minor unit (cents or agorot) as its major one. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The filtered records as CSV, in the page's order; money in the bill's currency with two decimals (its net, VAT and total), as in the usage
 * CSV; the payment's time in the display time zone, the day the page shows (an ISO instant in UTC
 * would date a payment made after 22:00 in Israel the day before).
 */
export function billingCsv(
  db: Database,
  {
    filter,
    header,
    statusLabel,
    filename,
    timeZone,
  }: {
    filter: BillingFilter;
    header: (key: string) => string;
    statusLabel: (status: string) => string;
    filename: string;
    timeZone: string;
  },
) {
  const columns: CsvColumn<ListedBillingRecord>[] = [
    { header: header("id"), value: (row) => row.id },
    { header: header("client"), value: (row) => row.businessName },
    { header: header("clientId"), value: (row) => row.clientId },
    { header: header("period"), value: (row) => row.billingPeriod },
    { header: header("baseFee"), value: (row) => dollars(row.baseFeeCents) },
    { header: header("usageFees"), value: (row) => dollars(row.usageFeesCents) },
    { header: header("total"), value: (row) => dollars(row.totalCents) },
    { header: header("currency"), value: (row) => row.currency },
    { header: header("status"), value: (row) => statusLabel(row.status) },
    { header: header("paidAt"), value: (row) => (row.paidAt ? csvDateTime(row.paidAt, timeZone) : "") },
    { header: header("net"), value: (row) => dollars(row.baseFeeCents + row.usageFeesCents) },
    { header: header("vat"), value: (row) => dollars(row.vatCents) },
  ];
  return csvResponse({ filename, columns, rows: everyRecord(db, filter) });
}
