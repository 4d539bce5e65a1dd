import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database, DatabaseHandle } from "#db/connection.ts";
import {
  billingRecordEvents,
  billingRecords,
  chatSessions,
  clientStatusChanges,
  messages,
  operators,
} from "#db/schema.ts";
import { type MessageType } from "#db/vocabulary.ts";
import { seedDemoData } from "~/billing/demo-bills.server.ts";
import { loadAnalytics } from "~/analytics/analytics.server.ts";
import {
  billingTotals,
  computeBills,
  generateBills,
  markOverdueBills,
  markPaidByOperator,
  monthlyRevenue,
  monthSoFar,
  periodChange,
} from "~/billing/billing.server.ts";
import { periodOf, shiftPeriod } from "~/billing/periods.ts";
import { monthlyBillingJob } from "~/jobs/jobs.server.ts";
import { runJob } from "~/jobs/runner.server.ts";
import { listBillingEvents, listBillingRecords } from "~/models/billing.server.ts";
import { listDailyUsage, type DailyUsage } from "~/models/usage.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { insertClient } from "../../support/factories.ts";

const TZ = "Asia/Jerusalem";
const at = (iso: string) => new Date(iso);

async function addMessages(db: Database, clientId: number, rows: [MessageType, number, string][]) {
  const [session] = await db
    .insert(chatSessions)
    .values({
      publicId: `sess_${Math.random().toString(36).slice(2)}`,
      clientId,
      startedAt: at(rows[0]![2]),
      lastMessageAt: at(rows.at(-1)![2]),
    })
    .returning();
  await db.insert(messages).values(
    rows.map(([messageType, costCents, createdAt]) => ({
      sessionId: session!.id,
      clientId,
      userMessage: "hi",
      messageType,
      costCents,
      createdAt: at(createdAt),
    })),
  );
}

const recordOf = async (db: Database, clientId: number, billingPeriod: string) =>
  (await db.select().from(billingRecords).where(eq(billingRecords.clientId, clientId))).find(
    (row) => row.billingPeriod === billingPeriod,
  );

describe.each(testDrivers)("billing on fixed data on %s", (driver) => {
  let handle: DatabaseHandle;
  let db: Database;
  let alpha: { id: number };
  let bravo: { id: number };
  let charlie: { id: number };
  let delta: { id: number };

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
    // Israel is UTC+2 until 27 March 2026, then UTC+3: March runs from 28 Feb 22:00 to 31 Mar 21:00 UTC.
    alpha = await insertClient(db, { businessName: "Alpha", createdAt: new Date("2025-12-10T00:00:00Z") });
    bravo = await insertClient(db, { businessName: "Bravo", createdAt: new Date("2026-03-31T21:30:00Z") }); // 00:30 on 1 April in Israel
    charlie = await insertClient(db, {
      businessName: "Charlie",
      createdAt: new Date("2026-01-05T00:00:00Z"),
      status: "suspended",
    });
    delta = await insertClient(db, {
      businessName: "Delta",
      createdAt: new Date("2025-11-01T00:00:00Z"),
      status: "cancelled",
    });
    await db.insert(clientStatusChanges).values({
      clientId: delta.id,
      fromStatus: "active",
      toStatus: "cancelled",
      changedAt: at("2026-02-10T00:00:00Z"),
    });

    await addMessages(db, alpha.id, [
      ["conversation", 100, "2026-02-28T22:00:00Z"], // the first instant of March in Israel
      ["article", 100, "2026-03-05T10:00:00Z"],
      ["article", 100, "2026-03-06T10:00:00Z"],
      ["solution", 100, "2026-03-07T10:00:00Z"],
      ["general", 0, "2026-03-07T10:01:00Z"],
      ["contact_collected", 0, "2026-03-07T10:02:00Z"],
      ["conversation", 100, "2026-03-31T20:59:59Z"], // 23:59:59 on 31 March in Israel
      ["conversation", 100, "2026-03-31T21:00:00Z"], // already April in Israel
      ["conversation", 100, "2026-02-28T21:59:59Z"], // still February in Israel
    ]);
    await addMessages(db, delta.id, [["conversation", 100, "2026-02-09T10:00:00Z"]]);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("charges the base fee every month from the creation month until the cancellation month, and usage per type", async () => {
    const march = await computeBills(db, { period: "2026-03", timeZone: TZ });
    expect(march.map((bill) => [bill.clientId, bill.baseFeeCents, bill.usageFeesCents, bill.totalCents])).toEqual([
      [alpha.id, 5000, 500, 5500],
      // Suspended still pays the base fee, even without a single message.
      [charlie.id, 5000, 0, 5000],
    ]);
    expect(march[0]!.usage).toEqual({
      conversation: { count: 2, cents: 200 },
      article: { count: 2, cents: 200 },
      solution: { count: 1, cents: 100 },
    });

    const february = await computeBills(db, { period: "2026-02", timeZone: TZ });
    expect(february.map((bill) => [bill.clientId, bill.totalCents])).toEqual([
      [alpha.id, 5100],
      [charlie.id, 5000],
      [delta.id, 5100], // cancelled on 10 February: February is still billed
    ]);
    expect((await computeBills(db, { period: "2026-01", timeZone: TZ })).map((bill) => bill.clientId)).toEqual([
      alpha.id,
      charlie.id,
      delta.id,
    ]);
    // Bravo was created at 00:30 on 1 April in Israel: its first month is April, not March.
    const april = await computeBills(db, { period: "2026-04", timeZone: TZ });
    expect(april.map((bill) => [bill.clientId, bill.totalCents])).toEqual([
      [alpha.id, 5100],
      [bravo.id, 5000],
      [charlie.id, 5000],
    ]);
  });

  it("generates idempotently: one record per client and period, pending recomputed, paid never changed", async () => {
    const now = at("2026-04-02T08:00:00Z");
    expect(await generateBills(db, { period: "2026-03", timeZone: TZ, now })).toEqual({
      created: 2,
      recomputed: 0,
      unchanged: 0,
      paid: 0,
    });
    expect(await generateBills(db, { period: "2026-03", timeZone: TZ, now })).toEqual({
      created: 0,
      recomputed: 0,
      unchanged: 2,
      paid: 0,
    });
    expect(await recordOf(db, alpha.id, "2026-03")).toMatchObject({ status: "pending", totalCents: 5500 });

    // A late message (stored after the first run) is picked up while the bill is unpaid.
    await addMessages(db, alpha.id, [["article", 100, "2026-03-20T10:00:00Z"]]);
    expect(await generateBills(db, { period: "2026-03", timeZone: TZ, now })).toEqual({
      created: 0,
      recomputed: 1,
      unchanged: 1,
      paid: 0,
    });
    expect(await recordOf(db, alpha.id, "2026-03")).toMatchObject({ usageFeesCents: 600, totalCents: 5600 });

    const [operator] = await db.insert(operators).values({ username: "dana", passwordHash: "x" }).returning();
    const charlieRecord = (await recordOf(db, charlie.id, "2026-03"))!;
    const markPaid = (recordId: number, note: string) =>
      markPaidByOperator(db, { recordId, note, operatorId: operator!.id, now, timeZone: TZ });
    expect(await markPaid(charlieRecord.id, "Bank transfer 4471")).toBe("marked");
    expect(await markPaid(charlieRecord.id, "again")).toBe("alreadyPaid");
    expect(await markPaid(2_000_000_000, "nobody's")).toBe("notFound");
    const alphaRecord = (await recordOf(db, alpha.id, "2026-03"))!;
    const lastEvening = {
      recordId: alphaRecord.id,
      note: "early",
      operatorId: operator!.id,
      now: at("2026-03-31T20:59:59Z"),
      timeZone: TZ,
    };
    expect(await markPaidByOperator(db, lastEvening)).toBe("monthNotEnded");
    expect(await recordOf(db, alpha.id, "2026-03")).toMatchObject({ status: "pending" });
    await addMessages(db, charlie.id, [["conversation", 100, "2026-03-21T10:00:00Z"]]);
    expect(await generateBills(db, { period: "2026-03", timeZone: TZ, now })).toEqual({
      created: 0,
      recomputed: 0,
      unchanged: 1,
      paid: 1,
    });
    expect(await recordOf(db, charlie.id, "2026-03")).toMatchObject({ status: "paid", totalCents: 5000, paidAt: now });

    const trail = await listBillingEvents(db, [charlieRecord.id]);
    expect(trail.map((event) => [event.kind, event.note, event.operator])).toEqual([
      ["marked_paid", "Bank transfer 4471", "dana"],
      ["generated", "", null],
    ]);
  });

  it("turns unpaid bills overdue 14 days after the period ends, at midnight in Israel", async () => {
    expect(await markOverdueBills(db, { timeZone: TZ, now: at("2026-04-14T20:59:59Z") })).toBe(0);
    expect(await markOverdueBills(db, { timeZone: TZ, now: at("2026-04-14T21:00:00Z") })).toBe(1);
    expect(await recordOf(db, alpha.id, "2026-03")).toMatchObject({ status: "overdue" });
    // Regenerating an overdue bill keeps it overdue; generating a period long past makes its new bills overdue at once.
    expect(await generateBills(db, { period: "2026-03", timeZone: TZ, now: at("2026-04-20T00:00:00Z") })).toMatchObject(
      { unchanged: 1, paid: 1 },
    );
    expect(await generateBills(db, { period: "2026-02", timeZone: TZ, now: at("2026-04-20T00:00:00Z") })).toMatchObject(
      { created: 3 },
    );
    expect(await recordOf(db, delta.id, "2026-02")).toMatchObject({ status: "overdue", totalCents: 5100 });
  });

  it("adds up: totals per status and the change against the previous month come from the records", async () => {
    const totals = await billingTotals(db, {});
    const records = await listBillingRecords(db, {}, { limit: 100 });
    for (const total of totals) {
      const ofStatus = records.filter((record) => record.status === total.status);
      expect(total.records).toBe(ofStatus.length);
      expect(total.totalCents).toBe(ofStatus.reduce((sum, record) => sum + record.totalCents, 0));
      expect(total.totalCents).toBe(total.baseFeeCents + total.usageFeesCents);
    }
    expect(totals.map((total) => [total.status, total.records, total.totalCents])).toEqual([
      ["paid", 1, 5000],
      ["pending", 0, 0],
      ["overdue", 4, 5600 + 5100 + 5000 + 5100],
    ]);
    expect(await periodChange(db, "2026-03")).toEqual({
      period: "2026-03",
      previousPeriod: "2026-02",
      current: 10_600,
      previous: 15_200,
    });
  });

  it("gives the dashboard this month's bills so far, against last month up to the same point", async () => {
    // 15 March 12:00 in Israel: Alpha's four billable messages before then; February up to the same point: Delta's one.
    const now = at("2026-03-15T10:00:00Z");
    expect(await monthlyRevenue(db, { timeZone: TZ, now })).toEqual({
      current: 5000 * 2 + 400,
      previous: 5000 * 3 + 100,
      byCurrency: { USD: 5000 * 2 + 400 },
    });
    const soFar = await computeBills(db, { period: "2026-03", timeZone: TZ, usageUntil: now });
    expect(soFar.reduce((sum, bill) => sum + bill.totalCents, 0)).toBe(10_400);
  });

  it("bills the month that just ended from the job, once per slot", async () => {
    const now = at("2026-05-01T21:20:00Z"); // 00:20 on 2 May in Israel
    const first = await runJob(db, monthlyBillingJob, { now, timeZone: TZ });
    expect(first).toMatchObject({ outcome: "succeeded", counts: { created: 3, overdue: 0 } });
    expect(await runJob(db, monthlyBillingJob, { now, timeZone: TZ })).toMatchObject({
      outcome: "skipped",
      reason: "already-ran",
    });
    const april = await db.select().from(billingRecords).where(eq(billingRecords.billingPeriod, "2026-04"));
    expect(april.map((record) => record.status)).toEqual(["pending", "pending", "pending"]);
    expect((await db.select().from(billingRecordEvents)).length).toBeGreaterThan(0);
  });
});

describe.each(testDrivers)("billing on the demo data on %s", (driver) => {
  let handle: DatabaseHandle;
  let db: Database;
  const now = new Date();

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
    await seedDemoData(db, { now, timeZone: "Asia/Jerusalem" });
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("seeds bills that agree with the billing computation, and regenerating changes nothing", async () => {
    const current = periodOf(now, TZ);
    expect(await listBillingRecords(db, { billingPeriod: current }, { limit: 1000 })).toEqual([]);
    for (const period of [shiftPeriod(current, -3), shiftPeriod(current, -2), shiftPeriod(current, -1)]) {
      const computed = await computeBills(db, { period, timeZone: TZ });
      const stored = await listBillingRecords(db, { billingPeriod: period }, { limit: 1000 });
      expect(stored.map((record) => [record.clientId, record.totalCents]).sort()).toEqual(
        computed.map((bill) => [bill.clientId, bill.totalCents]).sort(),
      );
      const counts = await generateBills(db, { period, timeZone: TZ, now });
      expect(counts.created + counts.recomputed).toBe(0);
    }
  });

  it("adds every figure of the page up from the records below it", async () => {
    const records = await listBillingRecords(db, {}, { limit: 10_000 });
    const totals = await billingTotals(db, {});
    expect(totals.reduce((sum, total) => sum + total.records, 0)).toBe(records.length);
    expect(totals.reduce((sum, total) => sum + total.totalCents, 0)).toBe(
      records.reduce((sum, record) => sum + record.totalCents, 0),
    );
    for (const record of records) expect(record.totalCents).toBe(record.baseFeeCents + record.usageFeesCents);
    const change = await periodChange(db, shiftPeriod(periodOf(now, TZ), -1));
    expect(change.current).toBe(
      records
        .filter((record) => record.billingPeriod === change.period)
        .reduce((sum, record) => sum + record.totalCents, 0),
    );
    // The dashboard's month so far is the billing page's month in progress.
    const month = await monthSoFar(db, { timeZone: TZ, now });
    expect((await monthlyRevenue(db, { timeZone: TZ, now })).current).toBe(month.totalCents);
  });

  it("shows a client added today in the month in progress at once, its estimate following its usage", async () => {
    const later = new Date(now.getTime() + 1000);
    const newcomer = await insertClient(db, { businessName: "Newcomer", createdAt: later });
    const before = await monthSoFar(db, { timeZone: TZ, now: new Date(later.getTime() + 1000) });
    expect(before.bills.find((bill) => bill.clientId === newcomer.id)).toMatchObject({
      baseFeeCents: 5000,
      usageFeesCents: 0,
      totalCents: 5000,
    });
    await addMessages(db, newcomer.id, [
      ["conversation", 100, new Date(later.getTime() + 2000).toISOString()],
      ["article", 100, new Date(later.getTime() + 3000).toISOString()],
    ]);
    const after = await monthSoFar(db, { timeZone: TZ, now: new Date(later.getTime() + 4000) });
    expect(after.bills.find((bill) => bill.clientId === newcomer.id)).toMatchObject({
      usageFeesCents: 200,
      totalCents: 5200,
    });
    expect(after.totalCents).toBe(before.totalCents + 200);
  });

  it("bills each client what its usage page shows, for a closed month and for the month in progress", async () => {
    const checkedAt = new Date(now.getTime() + 10_000);
    const current = periodOf(checkedAt, TZ);
    const lastMonth = shiftPeriod(current, -1);
    const [lastMonthBills, month] = await Promise.all([
      listBillingRecords(db, { billingPeriod: lastMonth }, { limit: 1000 }),
      monthSoFar(db, { timeZone: TZ, now: checkedAt }),
    ]);
    const inMonth = (days: DailyUsage[], period: string) => days.filter((day) => day.date.startsWith(period));
    const sum = (days: DailyUsage[], key: "conversations" | "articles" | "solutions" | "totalCents") =>
      days.reduce((total, day) => total + day[key], 0);
    expect(lastMonthBills.length).toBeGreaterThan(3);
    for (const record of lastMonthBills) {
      const days = inMonth(await listDailyUsage(db, record.clientId, { since: "all", timeZone: TZ }), lastMonth);
      expect(record.usageFeesCents, record.businessName).toBe(sum(days, "totalCents"));
    }
    expect(month.bills.some((bill) => bill.usageFeesCents > 0)).toBe(true);
    for (const bill of month.bills) {
      // The usage page's "This Month" (and GET /api/clients/{id}/usage?period=month).
      const days = await listDailyUsage(db, bill.clientId, { since: "month", timeZone: TZ, now: checkedAt });
      expect(inMonth(days, current)).toEqual(days);
      expect([
        bill.usage.conversation.count,
        bill.usage.article.count,
        bill.usage.solution.count,
        bill.usageFeesCents,
      ]).toEqual([sum(days, "conversations"), sum(days, "articles"), sum(days, "solutions"), sum(days, "totalCents")]);
    }
  });

  it("shows on the analytics page, month by month, what the bills come to", async () => {
    const { revenueByMonth } = await loadAnalytics(db, { days: 90, timeZone: TZ, now });
    const records = await listBillingRecords(db, {}, { limit: 10_000 });
    const billedMonths = [...new Set(records.map((record) => record.billingPeriod))];
    expect(billedMonths).toHaveLength(3);
    // 90 days reach back into the oldest billed month, or start just after it.
    const chartedMonths = billedMonths.filter((month) => revenueByMonth.some((row) => row.month === month));
    expect(chartedMonths.length).toBeGreaterThanOrEqual(2);
    for (const month of chartedMonths) {
      const shown = revenueByMonth.find((row) => row.month === month)!.streams;
      const billed = records
        .filter((record) => record.billingPeriod === month)
        .reduce((sum, record) => sum + record.totalCents, 0);
      expect(shown.baseFees + shown.conversations + shown.articles + shown.solutions, month).toBe(billed);
    }
  });
});
