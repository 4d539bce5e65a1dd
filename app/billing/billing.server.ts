import type { Database } from "#db/connection.ts";
import {
  emptyUsage,
  findBillingRecord,
  findBillingRecordsOfPeriod,
  getBilledTotalsByPeriod,
  getBillingTotalsByStatus,
  getRefundedTotals,
  getUsageByClient,
  insertBillingEvents,
  insertBillingRecord,
  listBillableClients,
  listPendingPeriods,
  markBillingRecordPaid,
  markOverdueBillingRecords,
  updateUnpaidBillingRecord,
  type BillingFilter,
  type UsageByType,
} from "~/models/billing.server.ts";
import { ILS_PRICE_LIST, type BillingCurrency } from "#db/price-list.ts";
import { hasEnded, isPastDue, periodBounds, periodOf, shiftPeriod, type BillingPeriod } from "./periods.ts";
import { taxOfBill, usdCentsOf } from "./vat.ts";

/** A bill's money, in the minor unit of its currency: base fee and usage (the net), its VAT, and the total (gross). */
export type ComputedBill = {
  clientId: number;
  billingPeriod: BillingPeriod;
  currency: BillingCurrency;
  baseFeeCents: number;
  usageFeesCents: number;
  netCents: number;
  vatRateBasisPoints: number;
  vatCents: number;
  totalCents: number;
  usage: UsageByType;
};

/**
 * A dollar bill's usage is the cost stored with each message (a later price change never rewrites an
 * old month); a shekel bill prices the same counts at the shekel price list's rate.
 */
function usageFeesOf(currency: BillingCurrency, usage: UsageByType) {
  if (currency === "ILS")
    return (
      (usage.conversation.count + usage.article.count + usage.solution.count) * ILS_PRICE_LIST.perBillableMessageAgorot
    );
  return usage.conversation.cents + usage.article.cents + usage.solution.cents;
}

/** The day a period's bill is issued, whose VAT rate it charges: the first of the month after it. */
const issueDayOf = (period: BillingPeriod) => `${shiftPeriod(period, 1)}-01`;

/**
 * What each client owes for a period: its monthly base fee (every month from the one it was created
 * in until the one it was cancelled in, used or not) plus its billable messages of the period.
 * `usageUntil` cuts the usage short (the month so far); nothing is written.
 */
export async function computeBills(
  db: Database,
  {
    period,
    timeZone,
    usageUntil,
    clientId,
  }: { period: BillingPeriod; timeZone: string; usageUntil?: Date; clientId?: number },
): Promise<ComputedBill[]> {
  const bounds = periodBounds(period, timeZone);
  const billable = await listBillableClients(db, bounds, clientId);
  const end = usageUntil && usageUntil < bounds.end ? usageUntil : bounds.end;
  const usage = await getUsageByClient(
    db,
    { start: bounds.start, end },
    clientId === undefined ? undefined : [clientId],
  );
  return billable.map((client) => {
    const byType = usage.get(client.id) ?? emptyUsage();
    const usageFeesCents = usageFeesOf(client.currency, byType);
    const netCents = client.monthlyFeeCents + usageFeesCents;
    return {
      clientId: client.id,
      billingPeriod: period,
      currency: client.currency,
      baseFeeCents: client.monthlyFeeCents,
      usageFeesCents,
      netCents,
      ...taxOfBill(client.currency, netCents, issueDayOf(period)),
      usage: byType,
    };
  });
}

export type GenerationCounts = { created: number; recomputed: number; unchanged: number; paid: number };

/**
 * Writes a period's records, idempotently: one record per client and period; an unpaid one is
 * recomputed (and becomes overdue once past due), a paid one never changes. Every write leaves an
 * event in the audit trail. One transaction, so a failure leaves the period as it was.
 */
export async function generateBills(
  db: Database,
  {
    period,
    timeZone,
    now,
    clientId,
    operatorId,
  }: { period: BillingPeriod; timeZone: string; now: Date; clientId?: number; operatorId?: number },
): Promise<GenerationCounts> {
  return db.transaction(async (tx) => {
    const bills = await computeBills(tx, { period, timeZone, clientId });
    const existing = new Map(
      (await findBillingRecordsOfPeriod(tx, period, clientId === undefined ? undefined : [clientId])).map((record) => [
        record.clientId,
        record,
      ]),
    );
    const unpaidStatus = isPastDue(period, now, timeZone) ? "overdue" : "pending";
    const counts: GenerationCounts = { created: 0, recomputed: 0, unchanged: 0, paid: 0 };
    const events: Parameters<typeof insertBillingEvents>[1] = [];

    for (const bill of bills) {
      const amounts = {
        baseFeeCents: bill.baseFeeCents,
        usageFeesCents: bill.usageFeesCents,
        vatRateBasisPoints: bill.vatRateBasisPoints,
        vatCents: bill.vatCents,
        totalCents: bill.totalCents,
        currency: bill.currency,
      };
      const record = existing.get(bill.clientId);
      if (!record) {
        const created = await insertBillingRecord(tx, {
          ...amounts,
          clientId: bill.clientId,
          billingPeriod: period,
          status: unpaidStatus,
          now,
        });
        if (created) {
          counts.created++;
          events.push({
            billingRecordId: created.id,
            clientId: bill.clientId,
            kind: "generated",
            totalCents: bill.totalCents,
            operatorId,
            now,
          });
        }
        continue;
      }
      if (record.status === "paid") {
        counts.paid++;
        continue;
      }
      const status = record.status === "pending" || record.status === "overdue" ? unpaidStatus : record.status;
      const same =
        record.baseFeeCents === amounts.baseFeeCents &&
        record.usageFeesCents === amounts.usageFeesCents &&
        record.vatRateBasisPoints === amounts.vatRateBasisPoints &&
        record.vatCents === amounts.vatCents &&
        record.totalCents === amounts.totalCents &&
        record.currency === amounts.currency;
      if (same && record.status === status) {
        counts.unchanged++;
        continue;
      }
      const updated = await updateUnpaidBillingRecord(tx, record.id, { ...amounts, status, now });
      if (updated) {
        counts.recomputed++;
        events.push({
          billingRecordId: record.id,
          clientId: bill.clientId,
          kind: same ? "overdue" : "recomputed",
          totalCents: bill.totalCents,
          operatorId,
          now,
        });
      }
    }
    await insertBillingEvents(tx, events);
    return counts;
  });
}

/** Pending records past their due date become overdue; each change is in the audit trail. */
export async function markOverdueBills(db: Database, { timeZone, now }: { timeZone: string; now: Date }) {
  return db.transaction(async (tx) => {
    const pastDue = (await listPendingPeriods(tx)).filter((period) =>
      isPastDue(period as BillingPeriod, now, timeZone),
    );
    const changed = await markOverdueBillingRecords(tx, pastDue, now);
    await insertBillingEvents(
      tx,
      changed.map((record) => ({
        billingRecordId: record.id,
        clientId: record.clientId,
        kind: "overdue" as const,
        totalCents: record.totalCents,
        now,
      })),
    );
    return changed.length;
  });
}

export type MarkPaidOutcome = "marked" | "alreadyPaid" | "monthNotEnded" | "notFound";

/**
 * An operator marks a record paid by hand (a bank transfer): once, with their note in the audit trail.
 * A month still in progress cannot be paid: its bill grows until the month ends, and a paid bill never changes.
 */
export async function markPaidByOperator(
  db: Database,
  {
    recordId,
    note,
    operatorId,
    now,
    timeZone,
  }: { recordId: number; note: string; operatorId: number; now: Date; timeZone: string },
): Promise<MarkPaidOutcome> {
  return db.transaction(async (tx) => {
    const found = await findBillingRecord(tx, recordId);
    if (!found) return "notFound";
    if (!hasEnded(found.billingPeriod as BillingPeriod, now, timeZone)) return "monthNotEnded";
    const record = await markBillingRecordPaid(tx, recordId, now);
    if (!record) return "alreadyPaid";
    await insertBillingEvents(tx, [
      {
        billingRecordId: record.id,
        clientId: record.clientId,
        kind: "marked_paid",
        totalCents: record.totalCents,
        note,
        operatorId,
        now,
      },
    ]);
    return "marked";
  });
}

export type StatusTotals = {
  status: string;
  records: number;
  baseFeeCents: number;
  usageFeesCents: number;
  totalCents: number;
};

/**
 * Totals per status (paid, pending, overdue first, any other value after) over the filtered records,
 * in US cents: shekel bills are added at the price list's fixed rate.
 */
export async function billingTotals(db: Database, filter: BillingFilter): Promise<StatusTotals[]> {
  const byStatus = new Map<string, Omit<StatusTotals, "status">>();
  for (const row of await getBillingTotalsByStatus(db, filter)) {
    const sum = byStatus.get(row.status) ?? { records: 0, baseFeeCents: 0, usageFeesCents: 0, totalCents: 0 };
    byStatus.set(row.status, {
      records: sum.records + row.records,
      baseFeeCents: sum.baseFeeCents + usdCentsOf(row.baseFeeCents ?? 0, row.currency),
      usageFeesCents: sum.usageFeesCents + usdCentsOf(row.usageFeesCents ?? 0, row.currency),
      totalCents: sum.totalCents + usdCentsOf(row.totalCents ?? 0, row.currency),
    });
  }
  const known = ["paid", "pending", "overdue"];
  const rows = [...byStatus.keys()].map((status) => ({ status }));
  return [...known, ...rows.map((row) => row.status).filter((status) => !known.includes(status))].map((status) => {
    const row = byStatus.get(status);
    return {
      status,
      records: row?.records ?? 0,
      baseFeeCents: row?.baseFeeCents ?? 0,
      usageFeesCents: row?.usageFeesCents ?? 0,
      totalCents: row?.totalCents ?? 0,
    };
  });
}

/**
 * What was given back of the filtered bills, in US cents like the totals: a refunded bill stays paid
 * (its tax document stands, and a credit note answers it), so the paid total counts it and this says
 * how much of that total went back.
 */
export async function refundedTotal(db: Database, filter: BillingFilter) {
  const rows = await getRefundedTotals(db, filter);
  return {
    records: rows.reduce((total, row) => total + row.records, 0),
    totalCents: rows.reduce((total, row) => total + usdCentsOf(row.amountCents ?? 0, row.currency), 0),
  };
}

/** Billed money of a period against the period before it (every status), for one client or all, in US cents. */
export async function periodChange(db: Database, period: BillingPeriod, clientId?: number) {
  const previousPeriod = shiftPeriod(period, -1);
  const totals = new Map<string, number>();
  for (const row of await getBilledTotalsByPeriod(db, [period, previousPeriod], clientId))
    totals.set(row.billingPeriod, (totals.get(row.billingPeriod) ?? 0) + usdCentsOf(row.totalCents ?? 0, row.currency));
  return { period, previousPeriod, current: totals.get(period) ?? 0, previous: totals.get(previousPeriod) ?? 0 };
}

/** Bills in several currencies added up in US cents, at the price list's fixed rate. */
const sumOf = (bills: ComputedBill[]) =>
  bills.reduce((total, bill) => total + usdCentsOf(bill.totalCents, bill.currency), 0);

/** Bills added up in each currency they are in, in its minor unit. */
const sumByCurrency = (bills: ComputedBill[]) => {
  const sums: Partial<Record<BillingCurrency, number>> = {};
  for (const bill of bills) sums[bill.currency] = (sums[bill.currency] ?? 0) + bill.totalCents;
  return sums;
};

/**
 * The month in progress, computed from the messages until now whenever it is asked for (it is never
 * a stored bill, so it cannot be stale): each billable client's bill so far, their sum, and last
 * month's bills up to the same point of the month to compare with. It becomes a bill when it ends.
 */
export async function monthSoFar(
  db: Database,
  { timeZone, now, clientId }: { timeZone: string; now: Date; clientId?: number },
) {
  const period = periodOf(now, timeZone);
  const previousPeriod = shiftPeriod(period, -1);
  const bounds = periodBounds(period, timeZone);
  const previousBounds = periodBounds(previousPeriod, timeZone);
  const sameSpanLastMonth = new Date(
    Math.min(previousBounds.start.getTime() + (now.getTime() - bounds.start.getTime()), previousBounds.end.getTime()),
  );
  const [bills, previousBills] = await Promise.all([
    computeBills(db, { period, timeZone, usageUntil: now, clientId }),
    computeBills(db, { period: previousPeriod, timeZone, usageUntil: sameSpanLastMonth, clientId }),
  ]);
  return {
    period,
    previousPeriod,
    payableFrom: bounds.end,
    bills,
    totalCents: sumOf(bills),
    previousCents: sumOf(previousBills),
    byCurrency: sumByCurrency(bills),
  };
}

/**
 * The dashboard's monthly revenue: the month in progress so far against last month up to the same
 * point, in US cents (shekels at the price list's fixed rate), with each currency's own sum beside
 * it. The same computation as the billing page's, so the two cannot disagree.
 */
export async function monthlyRevenue(db: Database, { timeZone, now }: { timeZone: string; now: Date }) {
  const month = await monthSoFar(db, { timeZone, now });
  return { current: month.totalCents, previous: month.previousCents, byCurrency: month.byCurrency };
}
