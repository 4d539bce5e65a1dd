import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "#db/connection.ts";
import { eq } from "drizzle-orm";
import { chatSessions, clientStatusChanges, completedFunctions, messages } from "#db/schema.ts";
import { type FunctionClientDetails, type MessageType } from "#db/vocabulary.ts";
import { loadAnalytics } from "~/analytics/analytics.server.ts";
import { computeBills } from "~/billing/billing.server.ts";
import type { BillingPeriod } from "~/billing/periods.ts";
import { analyticsWindow } from "~/models/analytics.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { insertClient } from "../../support/factories.ts";

/**
 * A small world with known answers. "Now" is Sunday 15 March 2026, 12:00 in Jerusalem (UTC+2). The
 * last 7 days are 9-15 March local time: from 8 March 22:00 UTC. The previous 7 days run from 1 March
 * 22:00 UTC to the same time of day a week ago, 8 March 10:00 UTC.
 */
const NOW = new Date("2026-03-15T10:00:00Z");
const TZ = "Asia/Jerusalem";
const at = (iso: string) => new Date(iso);

let counter = 0;
type SessionSpec = {
  startedAt: string;
  contact?: FunctionClientDetails;
  feedback?: [helpful: boolean, at: string];
  messages?: [type: MessageType, costCents: number, responseMs: number | null, createdAt: string][];
  functionAt?: string;
};

async function addSession(db: Database, clientId: number, spec: SessionSpec) {
  const [session] = await db
    .insert(chatSessions)
    .values({
      publicId: `sess_analytics_${++counter}`,
      clientId,
      startedAt: at(spec.startedAt),
      lastMessageAt: at(spec.startedAt),
      contactDetails: spec.contact ?? {},
      helpful: spec.feedback?.[0] ?? null,
      feedbackAt: spec.feedback ? at(spec.feedback[1]) : null,
    })
    .returning();
  if (spec.messages?.length) {
    await db.insert(messages).values(
      spec.messages.map(([messageType, costCents, responseMs, createdAt]) => ({
        sessionId: session!.id,
        clientId,
        userMessage: "hello",
        aiResponse: "hi",
        messageType,
        costCents,
        responseMs,
        createdAt: at(createdAt),
      })),
    );
  }
  if (spec.functionAt) {
    await db.insert(completedFunctions).values({
      clientId,
      sessionId: session!.id,
      functionType: "client_introduction_complete",
      clientDetails: { clientName: "Dana" },
      completedAt: at(spec.functionAt),
    });
  }
  return session!;
}

describe.each(testDrivers)("analytics on %s", (driver) => {
  let handle: DatabaseHandle;
  let db: Database;
  let charlieId: number;

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
    const alpha = await insertClient(db, { businessName: "Alpha", createdAt: new Date("2025-12-01T00:00:00Z") });
    const bravo = await insertClient(db, { businessName: "Bravo", createdAt: new Date("2026-03-10T00:00:00Z") });
    const charlie = await insertClient(db, {
      businessName: "Charlie",
      createdAt: new Date("2025-10-01T00:00:00Z"),
      status: "cancelled",
    });
    charlieId = charlie.id;
    await db.insert(clientStatusChanges).values({
      clientId: charlie.id,
      fromStatus: "active",
      toStatus: "cancelled",
      changedAt: at("2026-02-10T00:00:00Z"),
    });

    // The current period. 9 March 00:30 in Jerusalem is still 8 March in UTC: it counts on the 9th.
    await addSession(db, alpha.id, {
      startedAt: "2026-03-08T22:30:00Z",
      contact: { clientName: "Dana", phone: "050-1234567" },
      feedback: [true, "2026-03-09T10:00:00Z"],
      messages: [
        ["conversation", 100, 1000, "2026-03-08T22:30:00Z"],
        ["general", 0, 3000, "2026-03-08T22:31:00Z"],
      ],
    });
    await addSession(db, alpha.id, {
      startedAt: "2026-03-12T08:00:00Z",
      contact: { clientName: "Noa" },
      feedback: [false, "2026-03-12T09:00:00Z"],
      messages: [["article", 100, 2000, "2026-03-12T08:00:00Z"]],
      functionAt: "2026-03-12T08:05:00Z",
    });
    await addSession(db, bravo.id, {
      startedAt: "2026-03-15T09:00:00Z",
      messages: [["solution", 100, null, "2026-03-15T09:00:00Z"]],
    });
    // 8 March 23:30 in Jerusalem: after the previous period's same time of day, before the current period.
    await addSession(db, bravo.id, {
      startedAt: "2026-03-08T21:30:00Z",
      messages: [["general", 0, 9000, "2026-03-08T21:30:00Z"]],
    });

    // The previous period, and one session at its (excluded) end.
    await addSession(db, alpha.id, {
      startedAt: "2026-03-02T08:00:00Z",
      contact: { phone: "03-1234567" },
      feedback: [true, "2026-03-02T09:00:00Z"],
      messages: [["conversation", 100, 500, "2026-03-02T08:00:00Z"]],
    });
    await addSession(db, alpha.id, {
      startedAt: "2026-03-08T09:59:00Z",
      messages: [["general", 0, 1500, "2026-03-08T09:59:00Z"]],
    });
    await addSession(db, alpha.id, { startedAt: "2026-03-08T10:00:00Z" });

    // Inside the partial hours of a later "now" (10:30 UTC), after the 10:00 one: see "counts the partial hours".
    await addSession(db, bravo.id, {
      startedAt: "2026-03-08T10:10:00Z",
      messages: [["general", 0, 500, "2026-03-08T10:10:00Z"]],
    });
    await addSession(db, bravo.id, {
      startedAt: "2026-03-15T10:20:00Z",
      messages: [["article", 100, 4000, "2026-03-15T10:20:00Z"]],
    });

    // February: outside both periods, inside the 30-day revenue chart.
    await addSession(db, charlie.id, {
      startedAt: "2026-02-05T08:00:00Z",
      messages: [["conversation", 100, 700, "2026-02-05T08:00:00Z"]],
      functionAt: "2026-02-05T08:10:00Z",
    });
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("puts the periods on calendar days of the operator's time zone", async () => {
    const window = analyticsWindow(7, TZ, NOW);
    expect(window.currentStart.toISOString()).toBe("2026-03-08T22:00:00.000Z");
    expect(window.previousStart.toISOString()).toBe("2026-03-01T22:00:00.000Z");
    expect(window.previousEnd.toISOString()).toBe("2026-03-08T10:00:00.000Z");
    expect([window.firstDay, window.firstMonth, window.lastMonth]).toEqual(["2026-03-09", "2026-03", "2026-03"]);
    expect(window.firstMonthStart.toISOString()).toBe("2026-02-28T22:00:00.000Z");
  });

  it("keeps local midnight and the time of day across the change to summer time", async () => {
    // Israel moved its clocks forward on Friday 27 March 2026; on the 30th noon is 09:00 UTC.
    const window = analyticsWindow(7, TZ, at("2026-03-30T09:00:00Z"));
    expect(window.currentStart.toISOString()).toBe("2026-03-23T22:00:00.000Z");
    expect(window.previousStart.toISOString()).toBe("2026-03-16T22:00:00.000Z");
    expect(window.previousEnd.toISOString()).toBe("2026-03-23T10:00:00.000Z");
  });

  it("compares every figure with the same stretch of the previous period", async () => {
    const { figures, feedbackAnswers } = await loadAnalytics(db, { days: 7, timeZone: TZ, now: NOW });
    expect(figures.totalMessages).toEqual({ current: 4, previous: 2 });
    expect(figures.conversations).toEqual({ current: 3, previous: 2 });
    // Response times are averaged over the replies that have one: (1000 + 3000 + 2000) / 3.
    expect(figures.averageResponseMs).toEqual({ current: 2000, previous: 1000 });
    expect(figures.satisfaction).toEqual({ current: 0.5, previous: 1 });
    expect(feedbackAnswers).toEqual({ current: 2, previous: 1 });
    // A phone number or a completed function converts; a name alone does not.
    expect(figures.conversion.current).toBeCloseTo(2 / 3);
    expect(figures.conversion.previous).toBe(0.5);
  });

  it("has no ratio where there is nothing to divide", async () => {
    const { figures } = await loadAnalytics(db, { days: 7, timeZone: TZ, now: at("2027-01-01T10:00:00Z") });
    expect(figures.totalMessages).toEqual({ current: 0, previous: 0 });
    expect(figures.averageResponseMs).toEqual({ current: null, previous: null });
    expect(figures.satisfaction).toEqual({ current: null, previous: null });
    expect(figures.conversion).toEqual({ current: null, previous: null });
  });

  it("counts conversations per local day, every day of the period listed", async () => {
    const { conversationsPerDay } = await loadAnalytics(db, { days: 7, timeZone: TZ, now: NOW });
    expect(conversationsPerDay).toEqual([
      { day: "2026-03-09", conversations: 1 },
      { day: "2026-03-10", conversations: 0 },
      { day: "2026-03-11", conversations: 0 },
      { day: "2026-03-12", conversations: 1 },
      { day: "2026-03-13", conversations: 0 },
      { day: "2026-03-14", conversations: 0 },
      { day: "2026-03-15", conversations: 1 },
    ]);
  });

  it("counts messages by type and conversations by client in both periods", async () => {
    const { messagesByType, clients: perClient } = await loadAnalytics(db, { days: 7, timeZone: TZ, now: NOW });
    const byType = Object.fromEntries(messagesByType.map((row) => [row.messageType, row.messages]));
    expect(byType.conversation).toEqual({ current: 1, previous: 1 });
    expect(byType.general).toEqual({ current: 1, previous: 1 });
    expect(byType.article).toEqual({ current: 1, previous: 0 });
    expect(byType.solution).toEqual({ current: 1, previous: 0 });
    expect(byType.payment_confirmed).toEqual({ current: 0, previous: 0 });
    expect(perClient.map((row) => [row.businessName, row.conversations])).toEqual([
      ["Alpha", { current: 2, previous: 2 }],
      ["Bravo", { current: 1, previous: 0 }],
    ]);
  });

  it("adds up revenue per month from fees, usage and completed functions", async () => {
    const { revenueByMonth } = await loadAnalytics(db, { days: 30, timeZone: TZ, now: NOW });
    expect(revenueByMonth).toEqual([
      {
        // Alpha, and Charlie in the month it was cancelled; Bravo did not exist yet.
        month: "2026-02",
        streams: { baseFees: 10_000, conversations: 100, articles: 0, solutions: 0, functions: 100 },
        totalCents: 10_200,
      },
      {
        month: "2026-03",
        // 9 March 00:30 local counts in March; so does the gap between the periods.
        streams: { baseFees: 10_000, conversations: 200, articles: 100, solutions: 100, functions: 100 },
        totalCents: 10_500,
      },
    ]);
  });

  it("counts the partial hours at either end of a period from the messages, the whole hours from the rollup", async () => {
    // At 10:30 the current period ends half an hour into an hour, and so does the previous one (8 March 10:30).
    const later = at("2026-03-15T10:30:00Z");
    const { figures, messagesByType, revenueByMonth } = await loadAnalytics(db, { days: 7, timeZone: TZ, now: later });
    expect(figures.totalMessages).toEqual({ current: 5, previous: 3 });
    expect(figures.averageResponseMs).toEqual({
      current: (1000 + 3000 + 2000 + 4000) / 4,
      previous: (500 + 1500 + 500) / 3,
    });
    expect(messagesByType.find((row) => row.messageType === "article")?.messages).toEqual({ current: 2, previous: 0 });
    expect(revenueByMonth.at(-1)?.streams.articles).toBe(200);
  });

  it("agrees with billing: each month's fees and usage are what that month's bills come to", async () => {
    for (const now of [NOW, at("2026-03-15T10:30:00Z")]) {
      const { revenueByMonth } = await loadAnalytics(db, { days: 30, timeZone: TZ, now });
      expect(revenueByMonth.length).toBeGreaterThan(1);
      for (const { month, streams } of revenueByMonth) {
        const bills = await computeBills(db, { period: month as BillingPeriod, timeZone: TZ, usageUntil: now });
        const billed = bills.reduce((total, bill) => total + bill.totalCents, 0);
        expect(
          streams.baseFees + streams.conversations + streams.articles + streams.solutions,
          `${month} at ${now.toISOString()}`,
        ).toBe(billed);
      }
    }
  });

  it("keeps the rollup right when messages are deleted", async () => {
    await db.delete(messages).where(eq(messages.clientId, charlieId));
    const { revenueByMonth } = await loadAnalytics(db, { days: 30, timeZone: TZ, now: NOW });
    expect(revenueByMonth[0]).toMatchObject({
      month: "2026-02",
      streams: { conversations: 0, baseFees: 10_000, functions: 100 },
    });
  });
});
