import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "#db/connection.ts";
import { chatSessions, completedFunctions, messages } from "#db/schema.ts";
import { sessionQuerySchema, type SessionQuery } from "~/sessions/session-query.ts";
import { everySessionMessage, exportSession, findClientSession, loadSessionList } from "~/sessions/sessions.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { insertClient } from "../../support/factories.ts";

const JERUSALEM = "Asia/Jerusalem";
const query = (input: Record<string, string> = {}): SessionQuery => sessionQuerySchema.parse(input);

async function addSession(
  db: Database,
  clientId: number,
  publicId: string,
  lastMessageAt: string,
  extra: { userIp?: string; messageCount?: number } = {},
) {
  const [session] = await db
    .insert(chatSessions)
    .values({
      publicId,
      clientId,
      startedAt: new Date(new Date(lastMessageAt).getTime() - 60_000),
      lastMessageAt: new Date(lastMessageAt),
      userIp: extra.userIp ?? "203.0.113.7",
      messageCount: extra.messageCount ?? 2,
    })
    .returning({ id: chatSessions.id });
  return session!.id;
}

const idsOf = (list: Awaited<ReturnType<typeof loadSessionList>>) => list.sessions.map((session) => session.sessionId);

describe.each(testDrivers)("the sessions list on %s", (driver) => {
  let handle: DatabaseHandle;
  let db: Database;
  let alpha: number;
  let beta: number;

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
    alpha = (
      await insertClient(db, { businessName: "Alpha Pizza", licenseKey: "alex_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" })
    ).id;
    beta = (
      await insertClient(db, { businessName: "בטא 100%_off", licenseKey: "alex_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb" })
    ).id;
    // Israel's clocks went forward at 02:00 on Friday 27 March 2026: midnight is 22:00 UTC before, 21:00 UTC after.
    await addSession(db, alpha, "before-friday-midnight", "2026-03-26T21:59:00Z");
    await addSession(db, alpha, "friday-after-midnight", "2026-03-26T22:00:00Z");
    await addSession(db, alpha, "saturday-2330-local", "2026-03-27T20:30:00Z");
    await addSession(db, beta, "saturday-0030-local", "2026-03-27T21:30:00Z", { userIp: "198.51.100.42" });
    // The week of Sunday 22 March began at 21 March 22:00 UTC (winter time).
    await addSession(db, beta, "saturday-before-week", "2026-03-21T21:30:00Z");
    await addSession(db, beta, "sunday-week-start", "2026-03-21T22:30:00Z");
    // Summer time ends on 25 October; 1 November starts at 31 October 22:00 UTC.
    await addSession(db, alpha, "october-last-hour", "2026-10-31T21:30:00Z");
    await addSession(db, alpha, "november-first-minute", "2026-10-31T22:01:00Z", { messageCount: 10 });
  });

  afterAll(() => handle.close());

  it("today starts at midnight in the display time zone, on either side of a DST change", async () => {
    const friday = await loadSessionList(db, query({ period: "today" }), {
      timeZone: JERUSALEM,
      now: new Date("2026-03-27T12:00:00Z"),
    });
    expect(idsOf(friday)).toEqual(["friday-after-midnight"]);

    const saturday = await loadSessionList(db, query({ period: "today" }), {
      timeZone: JERUSALEM,
      now: new Date("2026-03-28T10:00:00Z"),
    });
    expect(idsOf(saturday)).toEqual(["saturday-0030-local"]);

    const utc = await loadSessionList(db, query({ period: "today" }), {
      timeZone: "UTC",
      now: new Date("2026-03-27T23:00:00Z"),
    });
    expect(idsOf(utc)).toEqual(["saturday-0030-local", "saturday-2330-local"]);
  });

  it("the week starts on Sunday at local midnight", async () => {
    const saturday = await loadSessionList(db, query({ period: "week", limit: "100" }), {
      timeZone: JERUSALEM,
      now: new Date("2026-03-28T10:00:00Z"),
    });
    expect(idsOf(saturday)).toEqual([
      "saturday-0030-local",
      "saturday-2330-local",
      "friday-after-midnight",
      "before-friday-midnight",
      "sunday-week-start",
    ]);

    // Half past midnight on Sunday 29 March (summer time): a new week, with nothing in it yet.
    const sunday = await loadSessionList(db, query({ period: "week" }), {
      timeZone: JERUSALEM,
      now: new Date("2026-03-28T21:30:00Z"),
    });
    expect(sunday.totalSessions).toBe(0);
    expect(sunday.sessions).toEqual([]);
    expect(sunday.totalPages).toBe(1);
  });

  it("the month starts on the first at local midnight, after summer time ended", async () => {
    const list = await loadSessionList(db, query({ period: "month" }), {
      timeZone: JERUSALEM,
      now: new Date("2026-11-01T10:00:00Z"),
    });
    expect(idsOf(list)).toEqual(["november-first-minute"]);
    expect(list.totalMessages).toBe(10);
    expect(list.averageMessagesPerSession).toBe(10);
  });

  it("filters by client, and counts the whole filtered set rather than the page", async () => {
    const now = new Date("2026-11-01T10:00:00Z");
    const list = await loadSessionList(db, query({ period: "all", clientId: String(alpha), limit: "2" }), {
      timeZone: JERUSALEM,
      now,
    });
    expect(list.totalSessions).toBe(5);
    expect(list.totalMessages).toBe(18);
    expect(list.averageMessagesPerSession).toBe(3.6);
    expect(list.sessions).toHaveLength(2);
    expect(list).toMatchObject({ currentPage: 1, totalPages: 3, hasPreviousPage: false, hasNextPage: true });
    expect(list.sessions.every((session) => session.clientId === alpha)).toBe(true);

    const last = await loadSessionList(db, query({ period: "all", clientId: String(alpha), limit: "2", page: "3" }), {
      timeZone: JERUSALEM,
      now,
    });
    expect(idsOf(last)).toEqual(["before-friday-midnight"]);
    expect(last).toMatchObject({ currentPage: 3, hasPreviousPage: true, hasNextPage: false });

    const beyond = await loadSessionList(
      db,
      query({ period: "all", clientId: String(alpha), limit: "2", page: "99" }),
      { timeZone: JERUSALEM, now },
    );
    expect(beyond.currentPage).toBe(3);
    expect(idsOf(beyond)).toEqual(["before-friday-midnight"]);

    const pages = await Promise.all(
      [1, 2, 3].map((page) =>
        loadSessionList(db, query({ period: "all", limit: "3", page: String(page) }), { timeZone: JERUSALEM, now }),
      ),
    );
    const seen = pages.flatMap(idsOf);
    expect(new Set(seen).size).toBe(8);
  });

  it("searches a part of the session id, the business name, the license key or the IP, case-insensitively", async () => {
    const all = { period: "all", limit: "100" };
    const options = { timeZone: JERUSALEM, now: new Date("2026-11-01T10:00:00Z") };
    expect(idsOf(await loadSessionList(db, query({ ...all, search: "FRIDAY-AFTER" }), options))).toEqual([
      "friday-after-midnight",
    ]);
    expect((await loadSessionList(db, query({ ...all, search: "alpha piz" }), options)).totalSessions).toBe(5);
    expect((await loadSessionList(db, query({ ...all, search: "bbbbbbbb" }), options)).totalSessions).toBe(3);
    expect(idsOf(await loadSessionList(db, query({ ...all, search: "100.42" }), options))).toEqual([
      "saturday-0030-local",
    ]);
    expect((await loadSessionList(db, query({ ...all, search: "בטא" }), options)).totalSessions).toBe(3);
    // LIKE's wildcards are the characters themselves: "%_" matches only the name that has them.
    expect((await loadSessionList(db, query({ ...all, search: "%_" }), options)).totalSessions).toBe(3);
    expect((await loadSessionList(db, query({ ...all, search: "no-such-thing" }), options)).totalSessions).toBe(0);
  });

  it("shows a session's completed function, and tells active from inactive by the 30-minute rule", async () => {
    const id = await addSession(db, beta, "completed-session", "2026-03-28T09:45:00Z");
    await db.insert(completedFunctions).values({
      clientId: beta,
      sessionId: id,
      functionType: "client_introduction_complete",
      clientDetails: { clientName: "Dana", phone: "050-1234567" },
      profitCents: 100,
      completedAt: new Date("2026-03-28T09:45:00Z"),
    });
    const list = await loadSessionList(db, query({ period: "today" }), {
      timeZone: JERUSALEM,
      now: new Date("2026-03-28T10:00:00Z"),
    });
    expect(list.sessions[0]).toMatchObject({
      sessionId: "completed-session",
      isActive: true,
      client: { businessName: "בטא 100%_off" },
      completedFunction: {
        clientName: "Dana",
        phone: "050-1234567",
        profitAmount: 1,
        functionType: "client_introduction_complete",
      },
    });
    expect(list.sessions[1]).toMatchObject({
      sessionId: "saturday-0030-local",
      isActive: false,
      completedFunction: null,
    });
    expect(list.activeSessions).toBe(1);
  });

  it("exports a session of its own client only, and streams its messages page after page", async () => {
    const id = await addSession(db, alpha, "long-session", "2026-03-28T10:00:00Z", { messageCount: 5 });
    await db.insert(messages).values(
      Array.from({ length: 5 }, (_, index) => ({
        sessionId: id,
        clientId: alpha,
        userMessage: `question ${index}`,
        aiResponse: `answer ${index}`,
        messageType: index === 0 ? ("conversation" as const) : ("general" as const),
        costCents: index === 0 ? 100 : 0,
        // Two messages share a moment: the id breaks the tie.
        createdAt: new Date(Date.UTC(2026, 2, 28, 9, index === 2 ? 1 : index)),
      })),
    );
    expect(await findClientSession(db, beta, "long-session")).toBeUndefined();
    expect(await findClientSession(db, alpha, "no-such-session")).toBeUndefined();
    const session = await findClientSession(db, alpha, "long-session");
    expect(session).toBeDefined();

    const exported = await exportSession(db, session!, new Date("2026-03-28T10:00:00Z"));
    expect(exported.summary).toEqual({
      duration: 240,
      totalMessages: 5,
      totalCost: 1,
      messageTypes: { conversation: 1, general: 4 },
    });
    expect(exported.session.messages.map((message) => message.userMessage)).toEqual([
      "question 0",
      "question 1",
      "question 2",
      "question 3",
      "question 4",
    ]);

    const streamed: string[] = [];
    for await (const message of everySessionMessage(db, session!.id, 2)) streamed.push(message.userMessage);
    expect(streamed).toEqual(["question 0", "question 1", "question 2", "question 3", "question 4"]);
  });
});

describe("the sessions query", () => {
  it("takes defaults, 'all' for every client, and refuses what is off", () => {
    expect(sessionQuerySchema.parse({})).toEqual({ period: "week", page: 1, limit: 10 });
    expect(sessionQuerySchema.parse({ clientId: "all", search: "  ab  " })).toEqual({
      period: "week",
      page: 1,
      limit: 10,
      search: "ab",
    });
    // A search is cleaned like every text: a NUL goes, a tab is a space.
    expect(sessionQuerySchema.parse({ search: "a\u0000b\tc" })).toMatchObject({ search: "ab c" });
    for (const bad of [
      { period: "year" },
      { page: "0" },
      { page: "x" },
      { limit: "101" },
      { clientId: "-1" },
      { search: "x".repeat(101) },
    ]) {
      expect(sessionQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
