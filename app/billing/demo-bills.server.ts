import type { Database } from "#db/connection.ts";
import { seedDemo, type DemoRules } from "#db/seed.ts";
import { startOfDay, startOfMonth } from "~/lib/calendar.ts";
import { findBillingRecordsOfPeriod, insertBillingEvents, markBillingRecordPaid } from "~/models/billing.server.ts";
import { generateBills, markOverdueBills } from "./billing.server.ts";
import { isPastDue, periodBounds, periodOf, shiftPeriod, type BillingPeriod } from "./periods.ts";

/** The closed months the demo has bills for: the month in progress is never a stored bill. */
const DEMO_BILLED_MONTHS = 3;
/** How long after its month ends a demo client pays a bill. */
const DAYS_TO_PAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo's bills are made the way production makes them: the monthly job's generateBills at the end
 * of each closed month (computeBills's rules, the audit trail), then paid a few days later, except each
 * named client's latest bill, which the overdue rule judges at `now`.
 */
async function billClosedMonths(
  tx: Database,
  { now, unpaidClientIds, timeZone }: { now: Date; unpaidClientIds: readonly number[]; timeZone: string },
) {
  const current = periodOf(now, timeZone);
  const periods = Array.from({ length: DEMO_BILLED_MONTHS }, (_, index) =>
    shiftPeriod(current, index - DEMO_BILLED_MONTHS),
  );
  const records = [];
  for (const period of periods) {
    await generateBills(tx, { period, timeZone, now: periodBounds(period, timeZone).end });
    records.push(...(await findBillingRecordsOfPeriod(tx, period)));
  }
  const latestPeriodOf = new Map(records.map((record) => [record.clientId, record.billingPeriod]));
  // In a month's first two weeks the last month's bill is not due yet: a named client then also owes the
  // one before it, so the demo shows an overdue bill on every day of the month.
  const latestDuePeriodOf = new Map(
    records
      .filter((record) => isPastDue(record.billingPeriod as BillingPeriod, now, timeZone))
      .map((record) => [record.clientId, record.billingPeriod]),
  );
  for (const record of records) {
    const unpaid =
      unpaidClientIds.includes(record.clientId) &&
      (latestPeriodOf.get(record.clientId) === record.billingPeriod ||
        latestDuePeriodOf.get(record.clientId) === record.billingPeriod);
    if (unpaid) continue;
    const paidAt = new Date(Math.min(record.createdAt.getTime() + DAYS_TO_PAY * DAY_MS, now.getTime()));
    const paid = await markBillingRecordPaid(tx, record.id, paidAt);
    if (paid)
      await insertBillingEvents(tx, [
        {
          billingRecordId: paid.id,
          clientId: paid.clientId,
          kind: "marked_paid",
          totalCents: paid.totalCents,
          now: paidAt,
        },
      ]);
  }
  await markOverdueBills(tx, { timeZone, now });
  return records.length;
}

/** The operators' calendar and billing rules in TZ_DISPLAY, for db/seed.ts. */
export function demoRules(timeZone: string): DemoRules {
  return {
    startOfDay: (instant) => startOfDay(instant, timeZone),
    startOfMonth: (instant) => startOfMonth(instant, timeZone),
    billClosedMonths: (tx, plan) => billClosedMonths(tx, { ...plan, timeZone }),
  };
}

/** Loads the demo data into an empty database, on the operators' calendar in `timeZone`. */
export const seedDemoData = (db: Database, { timeZone, now }: { timeZone: string; now?: Date }) =>
  seedDemo(db, { now, rules: demoRules(timeZone) });
