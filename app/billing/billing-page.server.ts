import type { Database } from "#db/connection.ts";
import { listClientsForPicker } from "~/models/client.server.ts";
import { getBillingTotalsByStatus, listBillingEvents, listBillingPeriods, listBillingRecords, type BillingFilter } from "~/models/billing.server.ts";
import { billingTotals, periodChange } from "./billing.server.ts";
import { GENERATABLE_MONTHS } from "./billing-schema.ts";
import { periodBounds, periodOf, shiftPeriod, type BillingPeriod } from "./periods.ts";

export const BILLING_PAGE_SIZE = 25;

/**
 * Everything /admin/billing shows, from the records the filter selects: the totals per status add up
 * to those records, and the change compares the chosen period (else last month) with the one before.
 */
export async function loadBillingPage(
  db: Database,
  { filter, page, timeZone, now }: { filter: BillingFilter & { billingPeriod?: BillingPeriod }; page: number; timeZone: string; now: Date },
) {
  const currentPeriod = periodOf(now, timeZone);
  const comparedPeriod = filter.billingPeriod ?? shiftPeriod(currentPeriod, -1);
  const [totals, change, clients, periods, counts] = await Promise.all([
    billingTotals(db, filter),
    periodChange(db, comparedPeriod, filter.clientId),
    listClientsForPicker(db, { billable: true }),
    listBillingPeriods(db),
    getBillingTotalsByStatus(db, filter),
  ]);
  const recordCount = counts.reduce((sum, row) => sum + row.records, 0);
  const pageCount = Math.max(1, Math.ceil(recordCount / BILLING_PAGE_SIZE));
  const shownPage = Math.min(page, pageCount);
  const records = await listBillingRecords(db, filter, { limit: BILLING_PAGE_SIZE, offset: (shownPage - 1) * BILLING_PAGE_SIZE });
  const events = await listBillingEvents(db, records.map((record) => record.id));
  const generatable = Array.from({ length: GENERATABLE_MONTHS + 1 }, (_, index) => shiftPeriod(currentPeriod, -index));
  return {
    totals,
    change,
    clients,
    periods: [...new Set([...generatable, ...periods])].sort().reverse(),
    generatable,
    currentPeriod,
    recordCount,
    page: shownPage,
    pageCount,
    records: records.map((record) => {
      const { end } = periodBounds(record.billingPeriod as BillingPeriod, timeZone);
      return {
        ...record,
        // A month in progress is billed so far and paid once it ends.
        payableFrom: now >= end ? null : end,
        events: events.filter((event) => event.billingRecordId === record.id),
      };
    }),
  };
}

export type BillingPageData = Awaited<ReturnType<typeof loadBillingPage>>;
export type BillingRow = BillingPageData["records"][number];
