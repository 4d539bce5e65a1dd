import { and, count, eq, gte, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "#db/connection.ts";
import { chatSessions, clients, clientStatusChanges, completedFunctions, messages } from "#db/schema.ts";
import { type MessageType } from "#db/vocabulary.ts";
import {
  countClients,
  getDashboardStats,
  periodBoundaries,
  listHighUsageClients,
  listRecentActivity,
} from "~/models/stats.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { insertClient } from "../../support/factories.ts";

/**
 * A small world with known answers. "Now" is 15 March 2026, 12:00 in Jerusalem (UTC+2), so
 * today starts at 14 March 22:00 UTC and the month at 28 February 22:00 UTC.
 */
const NOW = new Date("2026-03-15T10:00:00Z");
const at = (iso: string) => new Date(iso);

async function addSession(
  db: Database,
  clientId: number,
  startedAt: string,
  types: [MessageType, number, string][] = [],
) {
  const [session] = await db
    .insert(chatSessions)
    .values({
      publicId: `sess_${Math.random().toString(36).slice(2)}`,
      clientId,
      startedAt: at(startedAt),
      lastMessageAt: at(types.at(-1)?.[2] ?? startedAt),
      messageCount: types.length,
    })
    .returning();
  if (types.length) {
    await db.insert(messages).values(
      types.map(([messageType, costCents, createdAt]) => ({
        sessionId: session!.id,
        clientId,
        userMessage: "hello",
        aiResponse: "hi",
        messageType,
        costCents,
        createdAt: at(createdAt),
      })),
    );
  }
  return session!;
}

describe.each(testDrivers)("dashboard figures on %s", (driver) => {
  let handle: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
    const alpha = await insertClient(db, {
      businessName: "Alpha",
      createdAt: new Date("2025-12-01T00:00:00Z"),
      status: "active",
    });
    const bravo = await insertClient(db, {
      businessName: "Bravo",
      createdAt: new Date("2026-03-05T00:00:00Z"),
      status: "active",
    });
    const charlie = await insertClient(db, {
      businessName: "Charlie",
      createdAt: new Date("2025-11-01T00:00:00Z"),
      status: "suspended",
    });
    const delta = await insertClient(db, {
      businessName: "Delta",
      createdAt: new Date("2025-10-01T00:00:00Z"),
      status: "cancelled",
    });
    await db.insert(clientStatusChanges).values([
      { clientId: charlie.id, fromStatus: "active", toStatus: "suspended", changedAt: at("2026-03-10T00:00:00Z") },
      { clientId: delta.id, fromStatus: "active", toStatus: "cancelled", changedAt: at("2026-02-10T00:00:00Z") },
    ]);

    // This month: 100 + 100 + 0 (Alpha), 100 (Charlie), 100 today (Bravo); one article.
    await addSession(db, alpha.id, "2026-03-10T08:00:00Z", [
      ["conversation", 100, "2026-03-10T08:00:00Z"],
      ["article", 100, "2026-03-12T08:00:00Z"],
      ["general", 0, "2026-03-12T08:01:00Z"],
    ]);
    await addSession(db, charlie.id, "2026-03-02T08:00:00Z", [["conversation", 100, "2026-03-02T08:00:00Z"]]);
    // Today in Jerusalem, though still 14 March in UTC.
    await addSession(db, bravo.id, "2026-03-14T23:00:00Z");
    await addSession(db, bravo.id, "2026-03-15T09:00:00Z", [["solution", 100, "2026-03-15T09:00:00Z"]]);
    // Yesterday before this time of day counts; after it does not.
    await addSession(db, alpha.id, "2026-03-14T08:00:00Z");
    await addSession(db, alpha.id, "2026-03-14T15:00:00Z");
    // Last month up to the same point (15 February 10:00 UTC): 300 and two articles; later ones do not count.
    await addSession(db, alpha.id, "2026-02-05T08:00:00Z", [
      ["conversation", 100, "2026-02-05T08:00:00Z"],
      ["article", 100, "2026-02-06T08:00:00Z"],
      ["article", 100, "2026-02-10T08:00:00Z"],
    ]);
    const late = await addSession(db, alpha.id, "2026-02-20T08:00:00Z", [["article", 100, "2026-02-20T08:00:00Z"]]);
    await db.insert(completedFunctions).values({
      clientId: alpha.id,
      sessionId: late.id,
      functionType: "client_introduction_complete",
      completedAt: at("2026-03-15T09:30:00Z"),
    });
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("finds the day and month starts in the operator's time zone", async () => {
    const periods = periodBoundaries("Asia/Jerusalem", NOW);
    expect(periods.todayStart.toISOString()).toBe("2026-03-14T22:00:00.000Z");
    expect(periods.yesterdayStart.toISOString()).toBe("2026-03-13T22:00:00.000Z");
    expect(periods.monthStart.toISOString()).toBe("2026-02-28T22:00:00.000Z");
    expect(periods.previousMonthStart.toISOString()).toBe("2026-01-31T22:00:00.000Z");
    const utc = periodBoundaries("UTC", NOW);
    expect(utc.todayStart.toISOString()).toBe("2026-03-15T00:00:00.000Z");
  });

  it("computes each figure against the same stretch of the previous period", async () => {
    const stats = await getDashboardStats(db, periodBoundaries("Asia/Jerusalem", NOW));
    expect(stats.activeClients).toEqual({ current: 2, previous: 2 });
    expect(stats.todayConversations).toEqual({ current: 2, previous: 1 });
    expect(stats.articlesGenerated).toEqual({ current: 1, previous: 2 });
  });

  it("lists recent events of every kind, newest first", async () => {
    const events = await listRecentActivity(db, 8);
    expect(events.map((event) => event.kind)).toEqual([
      "function",
      "session",
      "session",
      "session",
      "session",
      "session",
      "status",
      "client",
    ]);
    expect(events[0]).toMatchObject({ businessName: "Alpha", functionType: "client_introduction_complete" });
    expect(events[6]).toMatchObject({ businessName: "Charlie", from: "active", to: "suspended" });
    expect(events[7]).toMatchObject({ businessName: "Bravo" });
  });

  it("ranks high-usage clients by messages in the window, leaving out cancelled clients", async () => {
    const since = at("2026-02-13T10:00:00Z");
    const ranking = await listHighUsageClients(db, since, 3);
    expect(ranking.map((row) => [row.businessName, row.messages])).toEqual([
      ["Alpha", 4],
      ["Bravo", 1],
      ["Charlie", 1],
    ]);
    expect(await countClients(db)).toBe(4);
  });
});

describe.each(testDrivers)("the dashboard's totals from the hourly rollup on %s", (driver) => {
  let handle: DatabaseHandle;
  let db: Database;
  // 10:30 UTC: the last whole hour ends at 10:00, the partial one runs to now.
  const now = at("2026-03-15T10:30:00Z");

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
    const client = await insertClient(db, { businessName: "Writer", createdAt: at("2025-12-01T00:00:00Z") });
    const demo = await insertClient(db, { businessName: "Demo", isDemo: true });
    const article = (createdAt: string): [MessageType, number, string] => ["article", 100, createdAt];
    // Either side of each hour boundary near both ends of both periods, and one just past "now".
    const times = [
      "2026-02-28T21:59:59Z",
      "2026-02-28T22:00:00Z",
      "2026-03-15T09:59:59.999Z",
      "2026-03-15T10:00:00Z",
      "2026-03-15T10:29:59.999Z",
      "2026-03-15T10:30:00Z",
      // The same moment last month: 14 days 12½ hours after 31 January 22:00 UTC, 15 February 10:30.
      "2026-02-15T09:59:59Z",
      "2026-02-15T10:29:59Z",
      "2026-02-15T10:30:00Z",
    ];
    await addSession(db, client.id, "2026-02-01T00:00:00Z", times.map(article));
    await addSession(db, demo.id, "2026-03-15T10:10:00Z", [article("2026-03-15T10:10:00Z")]);
  });
  afterAll(() => handle?.close());

  const rawArticles = async (from: Date, to: Date) => {
    const [row] = await db
      .select({ value: count() })
      .from(messages)
      .innerJoin(clients, eq(clients.id, messages.clientId))
      .where(
        and(
          eq(messages.messageType, "article"),
          gte(messages.createdAt, from),
          lt(messages.createdAt, to),
          eq(clients.isDemo, false),
        ),
      );
    return row!.value;
  };

  it("counts this month's articles as the messages themselves do, across an hour boundary", async () => {
    const periods = periodBoundaries("Asia/Jerusalem", now);
    const stats = await getDashboardStats(db, periods);
    const sameSpanLastMonth = new Date(
      periods.previousMonthStart.getTime() + (now.getTime() - periods.monthStart.getTime()),
    );
    expect(stats.articlesGenerated).toEqual({
      current: await rawArticles(periods.monthStart, now),
      previous: await rawArticles(periods.previousMonthStart, sameSpanLastMonth),
    });
    expect(stats.articlesGenerated).toEqual({ current: 4, previous: 2 });
  });
});
