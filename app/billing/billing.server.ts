import type { Database } from "#db/connection.ts";
import {
  emptyUsage,
  findBillingRecord,
  findBillingRecordsOfPeriod,
  getBilledTotalsByPeriod,
  getBillingTotalsByStatus,
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
import { hasEnded, isPastDue, periodBounds, periodOf, shiftPeriod, type BillingPeriod } from "./periods.ts";

export type ComputedBill = {
  clientId: number;
  billingPeriod: BillingPeriod;
  baseFeeCents: number;
  usageFeesCents: number;
  totalCents: number;
  usage: UsageByType;
};

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
    const usageFeesCents = byType.conversation.cents + byType.article.cents + byType.solution.cents;
    return {
      clientId: client.id,
      billingPeriod: period,
      baseFeeCents: client.monthlyFeeCents,
      usageFeesCents,
      totalCents: client.monthlyFeeCents + usageFeesCents,
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
        totalCents: bill.totalCents,
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
        record.totalCents === amounts.totalCents;
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

/** Totals per status (paid, pending, overdue first, any other value after) over the filtered records. */
export async function billingTotals(db: Database, filter: BillingFilter): Promise<StatusTotals[]> {
  const rows = await getBillingTotalsByStatus(db, filter);
  const known = ["paid", "pending", "overdue"];
  const byStatus = new Map(rows.map((row) => [row.status, row]));
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

/** Billed money of a period against the period before it (every status), for one client or all. */
export async function periodChange(db: Database, period: BillingPeriod, clientId?: number) {
  const previousPeriod = shiftPeriod(period, -1);
  const totals = await getBilledTotalsByPeriod(db, [period, previousPeriod], clientId);
  return { period, previousPeriod, current: totals.get(period) ?? 0, previous: totals.get(previousPeriod) ?? 0 };
}

const sumOf = (bills: ComputedBill[]) => bills.reduce((total, bill) => total + bill.totalCents, 0);

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
  };
}

/**
 * The dashboard's monthly revenue: the month in progress so far against last month up to the same
 * point. The same computation as the billing page's, so the two cannot disagree.
 */
export async function monthlyRevenue(db: Database, { timeZone, now }: { timeZone: string; now: Date }) {
  const month = await monthSoFar(db, { timeZone, now });
  return { current: month.totalCents, previous: month.previousCents };
}
