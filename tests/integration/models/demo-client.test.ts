import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database, DatabaseHandle } from "#db/connection.ts";
import { chatSessions, clients, completedFunctions, messages, salesConfigs, trainingConfigs } from "#db/schema.ts";
import type { MessageType } from "#db/vocabulary.ts";
import { ensureDemoClient, isDatabaseEmpty } from "#db/seed.ts";
import { seedDemoData } from "~/billing/demo-bills.server.ts";
import { loadAnalytics } from "~/analytics/analytics.server.ts";
import { generateBills, monthSoFar, monthlyRevenue } from "~/billing/billing.server.ts";
import { periodOf, shiftPeriod } from "~/billing/periods.ts";
import { findBillingRecordsOfPeriod } from "~/models/billing.server.ts";
import { listSessions, summarizeSessions } from "~/models/chat-session.server.ts";
import { listClients, listClientsForPicker } from "~/models/client.server.ts";
import { getCompletedFunctionTotals, listCompletedFunctions } from "~/models/completed-function.server.ts";
import { findDemoClient } from "~/models/demo-client.server.ts";
import {
  countClients,
  getDashboardStats,
  periodBoundaries,
  listHighUsageClients,
  listRecentActivity,
} from "~/models/stats.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";

const TZ = "Asia/Jerusalem";
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(testDrivers)("the public demo's client on %s", (driver) => {
  let handle: DatabaseHandle;
  let db: Database;
  let demo: { id: number; licenseKey: string };
  const now = new Date();

  /** Everything an operator reads as a total, at one fixed moment. */
  async function figures() {
    const [bills, revenue, analytics7, analytics90, dashboard, activity, highUsage, clientCount, listed, picker] =
      await Promise.all([
        monthSoFar(db, { timeZone: TZ, now }),
        monthlyRevenue(db, { timeZone: TZ, now }),
        loadAnalytics(db, { days: 7, timeZone: TZ, now }),
        loadAnalytics(db, { days: 90, timeZone: TZ, now }),
        getDashboardStats(db, periodBoundaries(TZ, now)),
        listRecentActivity(db),
        listHighUsageClients(db, new Date(now.getTime() - 30 * DAY), 10, now),
        countClients(db),
        listClients(db).then((rows) => rows.map((row) => row.id)),
        listClientsForPicker(db),
      ]);
    return { bills, revenue, analytics7, analytics90, dashboard, activity, highUsage, clientCount, listed, picker };
  }

  /** What the chat sessions monitor and the completed functions page show, at the same moment. */
  async function monitorFigures() {
    const everything = { activeUntil: now };
    const lastMonth = { activeSince: new Date(now.getTime() - 30 * DAY), activeUntil: now };
    const [all, week, page, functions, functionRows] = await Promise.all([
      summarizeSessions(db, everything, now),
      summarizeSessions(db, lastMonth, now),
      listSessions(db, lastMonth, { limit: 1000, offset: 0 }),
      getCompletedFunctionTotals(db),
      listCompletedFunctions(db),
    ]);
    return { all, week, page, functions, functionRows };
  }

  /** A visitor's conversation with the demo: billable messages, a phone number, a thumbs up and a completed function. */
  async function demoConversation(startedAt: Date, types: MessageType[]) {
    const [session] = await db
      .insert(chatSessions)
      .values({
        publicId: `demo_${startedAt.getTime()}`,
        clientId: demo.id,
        startedAt,
        lastMessageAt: new Date(startedAt.getTime() + types.length * 1000),
        contactDetails: { phone: "050-1234567" },
        helpful: true,
        feedbackAt: new Date(startedAt.getTime() + types.length * 1000),
      })
      .returning();
    await db.insert(messages).values(
      types.map((messageType, index) => ({
        sessionId: session!.id,
        clientId: demo.id,
        userMessage: "כמה זה עולה?",
        aiResponse: "המנוי עולה $50 לחודש",
        messageType,
        costCents: messageType === "conversation" || messageType === "article" || messageType === "solution" ? 100 : 0,
        responseMs: 800,
        createdAt: new Date(startedAt.getTime() + index * 1000),
      })),
    );
    await db.insert(completedFunctions).values({
      clientId: demo.id,
      sessionId: session!.id,
      functionType: "client_introduction_complete",
      completedAt: new Date(startedAt.getTime() + 500),
    });
  }

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
    await seedDemoData(db, { now: new Date(now.getTime() - 10 * DAY), timeZone: "Asia/Jerusalem" });
    expect(await ensureDemoClient(db, new Date(now.getTime() - 5 * DAY))).toBe(true);
    demo = (await findDemoClient(db))!;
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
  });

  it("is created once, with no fee, with the provider's training, speaking as Alex AI", async () => {
    expect(await ensureDemoClient(db)).toBe(false);
    const rows = await db.select().from(clients).where(eq(clients.isDemo, true));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ businessName: "Alex AI (public demo)", status: "active", monthlyFeeCents: 0 });
    const [training] = await db.select().from(trainingConfigs).where(eq(trainingConfigs.clientId, demo.id));
    expect(training?.businessInfo).toContain("Alex AI");
    const [sales] = await db.select().from(salesConfigs).where(eq(salesConfigs.clientId, demo.id));
    expect(sales?.businessName).toBe("Alex AI");
  });

  it("leaves a database that holds only it empty for the demo seed", async () => {
    const fresh = await openTestDatabase(driver);
    try {
      expect(await ensureDemoClient(fresh.db)).toBe(true);
      expect(await isDatabaseEmpty(fresh.db)).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it("changes no bill, total, analytics figure, dashboard figure or list when visitors talk to it", async () => {
    const before = await figures();
    const monitorBefore = await monitorFigures();
    // One conversation in whole hours (the hourly rollup), one in the last minute (read from messages).
    await demoConversation(new Date(now.getTime() - 3 * DAY), ["conversation", "article", "general", "solution"]);
    await demoConversation(new Date(now.getTime() - MINUTE), ["conversation", "article", "contact_collected"]);
    const [stored] = await db.select({ id: messages.id }).from(messages).where(eq(messages.clientId, demo.id)).limit(1);
    expect(stored).toBeDefined();

    const after = await figures();
    expect(after).toEqual(before);
    expect(after.listed).not.toContain(demo.id);
    expect(after.picker.map((client) => client.id)).not.toContain(demo.id);
    expect(after.bills.bills.map((bill) => bill.clientId)).not.toContain(demo.id);

    // The chat sessions monitor (its totals kept or counted, its list) and the completed functions leave it out too.
    const monitorAfter = await monitorFigures();
    expect(monitorAfter).toEqual(monitorBefore);
    expect(monitorAfter.page.length).toBeGreaterThan(0);
    expect(monitorAfter.page.map((session) => session.clientId)).not.toContain(demo.id);
    expect(monitorAfter.functionRows.length).toBeGreaterThan(0);
    expect(monitorAfter.functionRows.map((row) => row.clientId)).not.toContain(demo.id);
  });

  it("is listed when asked for, never offered by a picker, and never gets a bill", async () => {
    expect((await listClients(db, { withDemo: true })).map((row) => row.id)).toContain(demo.id);
    const picker = await listClientsForPicker(db);
    expect(picker.map((row) => row.id)).not.toContain(demo.id);
    expect(picker.map((row) => row.businessName)).toContain("Alex AI");
    const current = periodOf(now, TZ);
    for (const period of [shiftPeriod(current, -1), current]) {
      await generateBills(db, { period, timeZone: TZ, now });
      expect((await findBillingRecordsOfPeriod(db, period)).map((record) => record.clientId)).not.toContain(demo.id);
    }
  });
});
