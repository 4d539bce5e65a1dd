import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { openDatabase, type Database, type DatabaseHandle } from "../../db/connection.ts";
import { messageCostCents, PRICE_LIST } from "../../db/price-list.ts";
import { isDatabaseEmpty, type SeedSummary } from "../../db/seed.ts";
import {
  billingRecords,
  chatSessions,
  clients,
  completedFunctions,
  knowledgeEntries,
  messageImages,
  messages,
  trainingConfigs,
} from "../../db/schema.ts";
import { trainingKnowledge } from "../../db/training-knowledge.ts";
import { MESSAGE_TYPES } from "../../db/vocabulary.ts";
import { computeBills } from "~/billing/billing.server.ts";
import { seedDemoData } from "~/billing/demo-bills.server.ts";

const NOW = new Date("2025-06-18T14:30:00.000Z");
const JERUSALEM = "Asia/Jerusalem";
const DAY = 24 * 60 * 60 * 1000;

describe("seedDemo", () => {
  const handles: DatabaseHandle[] = [];
  let db: Database;
  let summary: SeedSummary;
  let seedMs: number;

  beforeAll(async () => {
    const handle = await openDatabase({ memory: true });
    handles.push(handle);
    db = handle.db;
    expect(await isDatabaseEmpty(db)).toBe(true);
    const started = performance.now();
    summary = await seedDemoData(db, { now: NOW, timeZone: JERUSALEM });
    seedMs = performance.now() - started;
    console.log(`seedDemo took ${Math.round(seedMs)} ms`, summary);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
  });

  it("is fast enough to run at first start", () => {
    expect(seedMs).toBeLessThan(5000);
  });

  it("leaves the database non-empty", async () => {
    expect(await isDatabaseEmpty(db)).toBe(false);
  });

  it("seeds ~7 clients, one of them a party planning platform, and leaves the public demo's client to the start-up", async () => {
    const rows = await db.select().from(clients);
    expect(rows.length).toBe(summary.clients);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.length).toBeLessThanOrEqual(8);
    expect(rows.filter((row) => row.isDemo)).toHaveLength(0);
    expect(rows.some((row) => row.businessType === "party planning platform")).toBe(true);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(["active", "suspended", "cancelled"]));
    for (const row of rows) expect(row.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    const months = new Set(rows.map((row) => row.createdAt.toISOString().slice(0, 7)));
    expect(months).toContain("2025-06");
    expect(months).toContain("2025-05");
  });

  it("gives every client the FAQ and business information entries its training teaches, and no others", async () => {
    const trainings = await db.select().from(trainingConfigs).orderBy(asc(trainingConfigs.clientId));
    expect(trainings.length).toBeGreaterThan(0);
    for (const training of trainings) {
      const taught = await db
        .select({ topic: knowledgeEntries.topic, content: knowledgeEntries.content, origin: knowledgeEntries.origin })
        .from(knowledgeEntries)
        .where(
          sql`${knowledgeEntries.clientId} = ${training.clientId} and ${knowledgeEntries.origin} in ('faq', 'manual')`,
        )
        .orderBy(asc(knowledgeEntries.id));
      expect(taught).toEqual(trainingKnowledge(training));
      expect(taught.some((entry) => entry.origin === "faq")).toBe(true);
    }
  });

  it("gives every client a unique 128-bit license key", async () => {
    const keys = (await db.select({ key: clients.licenseKey }).from(clients)).map((row) => row.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^alex_[0-9a-f]{32}$/);
  });

  it("uses every message type", async () => {
    const rows = await db.selectDistinct({ type: messages.messageType }).from(messages);
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(MESSAGE_TYPES));
  });

  it("spreads 150-250 sessions over the last 90 days, with some today, yesterday and live", async () => {
    const sessions = await db.select().from(chatSessions);
    expect(sessions.length).toBeGreaterThanOrEqual(150);
    expect(sessions.length).toBeLessThanOrEqual(250);
    const todayStart = Date.UTC(2025, 5, 18);
    let today = 0;
    let yesterday = 0;
    for (const session of sessions) {
      const started = session.startedAt.getTime();
      expect(started).toBeGreaterThanOrEqual(NOW.getTime() - 90 * DAY);
      expect(session.lastMessageAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(session.lastMessageAt.getTime()).toBeGreaterThanOrEqual(started);
      const recent = NOW.getTime() - session.lastMessageAt.getTime() <= 30 * 60 * 1000;
      expect(session.isActive).toBe(recent);
      if (started >= todayStart) today++;
      else if (started >= todayStart - DAY) yesterday++;
    }
    expect(today).toBeGreaterThanOrEqual(3);
    expect(yesterday).toBeGreaterThanOrEqual(3);
    const live = sessions.filter((session) => session.isActive).length;
    expect(live).toBeGreaterThanOrEqual(2);
    expect(live).toBeLessThanOrEqual(3);
  });

  it("keeps each session's counters and times equal to its messages", async () => {
    const sessions = await db.select().from(chatSessions);
    const rows = await db.select().from(messages).orderBy(asc(messages.sessionId), asc(messages.id));
    const bySession = new Map<number, typeof rows>();
    for (const row of rows) bySession.set(row.sessionId, [...(bySession.get(row.sessionId) ?? []), row]);
    for (const session of sessions) {
      const own = bySession.get(session.id) ?? [];
      expect(own.length).toBe(session.messageCount);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(12);
      expect(own[0]?.createdAt).toEqual(session.startedAt);
      expect(own.at(-1)?.createdAt).toEqual(session.lastMessageAt);
      for (let i = 1; i < own.length; i++) {
        expect(own[i]!.createdAt.getTime()).toBeGreaterThan(own[i - 1]!.createdAt.getTime());
      }
      for (const message of own) expect(message.clientId).toBe(session.clientId);
    }
  });

  it("charges by the billing rules", async () => {
    const rows = await db.select().from(messages).orderBy(asc(messages.sessionId), asc(messages.createdAt));
    const firstOfSession = new Set<number>();
    let previousSession = -1;
    for (const row of rows) {
      const isFirst = row.sessionId !== previousSession;
      previousSession = row.sessionId;
      if (isFirst) firstOfSession.add(row.id);
      if (isFirst) expect(row.messageType).toBe("conversation");
      if (row.messageType === "conversation") expect(isFirst).toBe(true);
      expect(row.costCents).toBe(messageCostCents(row.messageType));
      expect(row.responseMs).toBeGreaterThanOrEqual(300);
      expect(row.responseMs).toBeLessThanOrEqual(4000);
    }
    expect(firstOfSession.size).toBe(summary.chatSessions);
  });

  it("bills base + usage, once per client and Israeli month, as app/billing/ computes them", async () => {
    const bills = await db.select().from(billingRecords);
    expect(bills.length).toBe(summary.billingRecords);
    const usage = await db
      .select({
        clientId: messages.clientId,
        period: sql<string>`to_char(${messages.createdAt} at time zone ${JERUSALEM}, 'YYYY-MM')`,
        cents: sql<number>`sum(${messages.costCents})::int`,
      })
      .from(messages)
      .groupBy(sql`1, 2`);
    const usageOf = new Map(usage.map((row) => [`${row.clientId}|${row.period}`, row.cents]));
    const keys = new Set<string>();
    for (const bill of bills) {
      const key = `${bill.clientId}|${bill.billingPeriod}`;
      keys.add(key);
      expect(bill.baseFeeCents).toBe(PRICE_LIST.monthlyFeeCents);
      expect(bill.totalCents).toBe(bill.baseFeeCents + bill.usageFeesCents);
      expect(bill.usageFeesCents).toBe(usageOf.get(key) ?? 0);
      // The last three closed months; June, in progress, is computed by the billing page, never stored.
      expect(["2025-03", "2025-04", "2025-05"]).toContain(bill.billingPeriod);
      expect(["paid", "overdue"]).toContain(bill.status);
    }
    expect(keys.size).toBe(bills.length);
    expect(bills.filter((bill) => bill.status === "overdue")).toHaveLength(1);
    expect(bills.some((bill) => bill.status === "paid")).toBe(true);
    for (const period of ["2025-03", "2025-04", "2025-05"] as const) {
      const computed = await computeBills(db, { period, timeZone: JERUSALEM });
      const stored = bills.filter((bill) => bill.billingPeriod === period);
      expect(
        stored
          .map(({ clientId, baseFeeCents, usageFeesCents, totalCents }) => ({
            clientId,
            baseFeeCents,
            usageFeesCents,
            totalCents,
          }))
          .sort((a, b) => a.clientId - b.clientId),
      ).toEqual(
        computed.map(({ clientId, baseFeeCents, usageFeesCents, totalCents }) => ({
          clientId,
          baseFeeCents,
          usageFeesCents,
          totalCents,
        })),
      );
    }
  });

  it("ties completed functions to a session of the same client, at a time inside it", async () => {
    const rows = await db
      .select({ fn: completedFunctions, session: chatSessions, businessType: clients.businessType })
      .from(completedFunctions)
      .innerJoin(chatSessions, eq(completedFunctions.sessionId, chatSessions.id))
      .innerJoin(clients, eq(completedFunctions.clientId, clients.id));
    expect(rows.length).toBe(summary.completedFunctions);
    expect(rows.length).toBeGreaterThanOrEqual(15);
    for (const { fn, session, businessType } of rows) {
      expect(fn.clientId).toBe(session.clientId);
      expect(fn.profitCents).toBe(100);
      expect(fn.completedAt.getTime()).toBeGreaterThanOrEqual(session.startedAt.getTime());
      expect(fn.completedAt.getTime()).toBeLessThanOrEqual(session.lastMessageAt.getTime());
      if (fn.functionType === "party_planning_consultation_complete") {
        expect(businessType).toBe("party planning platform");
        expect(fn.clientDetails.phone).toMatch(/^05\d-\d{7}$/);
        expect(fn.clientDetails.guestCount).toBeGreaterThan(0);
      }
    }
    expect(rows.some(({ fn }) => fn.functionType === "party_planning_consultation_complete")).toBe(true);
  });

  it("answers 'Was this helpful?' in about half the finished conversations, mostly with thumbs up", async () => {
    const rows = await db
      .select({
        helpful: chatSessions.helpful,
        feedbackAt: chatSessions.feedbackAt,
        isActive: chatSessions.isActive,
        lastMessageAt: chatSessions.lastMessageAt,
      })
      .from(chatSessions);
    const answered = rows.filter((row) => row.helpful !== null);
    expect(answered.length).toBeGreaterThan(rows.length / 5);
    expect(answered.filter((row) => row.helpful).length).toBeGreaterThan(answered.length / 2);
    expect(answered.some((row) => row.helpful === false)).toBe(true);
    for (const row of answered) {
      expect(row.isActive).toBe(false);
      expect(row.feedbackAt!.getTime()).toBeGreaterThan(row.lastMessageAt.getTime());
      expect(row.feedbackAt!.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(rows.filter((row) => row.helpful === null).every((row) => row.feedbackAt === null)).toBe(true);
  });

  it("attaches images only to images_received messages", async () => {
    const rows = await db
      .select({ type: messages.messageType, size: messageImages.size, data: messageImages.data })
      .from(messageImages)
      .innerJoin(messages, eq(messageImages.messageId, messages.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.type).toBe("images_received");
      expect(row.data?.length).toBe(row.size);
    }
  });

  it("is deterministic for a given now", async () => {
    const other = await openDatabase({ memory: true });
    handles.push(other);
    const otherSummary = await seedDemoData(other.db, { now: NOW, timeZone: JERUSALEM });
    expect(otherSummary).toEqual(summary);
    const names = async (database: Database) =>
      (await database.select({ name: clients.businessName }).from(clients).orderBy(asc(clients.id))).map(
        (row) => row.name,
      );
    expect(await names(other.db)).toEqual(await names(db));
    const texts = async (database: Database) =>
      (await database.select({ text: messages.userMessage }).from(messages).orderBy(asc(messages.id))).map(
        (row) => row.text,
      );
    expect(await texts(other.db)).toEqual(await texts(db));
  }, 60_000);
});
