import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "#db/connection.ts";
import { chatSessions, chatSessionTotals, clients } from "#db/schema.ts";
import { retentionJob } from "~/jobs/jobs.server.ts";
import { runJob } from "~/jobs/runner.server.ts";
import {
  countMessageInChatSession,
  recordSessionFeedback,
  saveChatSessionContactDetails,
} from "~/models/chat-session.server.ts";
import { sessionQuerySchema } from "~/sessions/session-query.ts";
import { loadSessionList } from "~/sessions/sessions.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { insertClient } from "../../support/factories.ts";

const TZ = "Asia/Jerusalem";
const NOW = new Date("2026-11-26T04:00:00+02:00");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

/** Sessions, one insert statement for all of them (the trigger sees them as one transition table). */
async function addSessions(db: Database, clientId: number, lastMessageDaysAgo: number[]) {
  const rows = await db
    .insert(chatSessions)
    .values(
      lastMessageDaysAgo.map((days, index) => ({
        publicId: randomUUID(),
        clientId,
        startedAt: daysAgo(days),
        lastMessageAt: daysAgo(days),
        messageCount: index + 1,
      })),
    )
    .returning({ id: chatSessions.id });
  return rows.map((row) => row.id);
}

describe.each(testDrivers)("the kept all-time session totals on %s", (driver) => {
  let handle: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
  });
  afterAll(() => handle.close());

  async function expectTotalsToMatchTheTable() {
    const [kept] = await db.select().from(chatSessionTotals);
    const [counted] = await db
      .select({
        sessions: sql<number>`count(*)`.mapWith(Number),
        messages: sql<number>`coalesce(sum(${chatSessions.messageCount}), 0)`.mapWith(Number),
      })
      .from(chatSessions);
    expect({ sessions: kept!.sessions, messages: kept!.messages }).toEqual(counted);
    // The unfiltered monitor shows the kept figures.
    const list = await loadSessionList(db, sessionQuerySchema.parse({ period: "all" }), { timeZone: TZ, now: NOW });
    expect({ sessions: list.totalSessions, messages: list.totalMessages }).toEqual(counted);
    return counted!;
  }

  it("starts at zero, one row", async () => {
    expect(await db.select().from(chatSessionTotals)).toEqual([{ id: true, sessions: 0, messages: 0 }]);
    await expect(db.insert(chatSessionTotals).values({ id: false })).rejects.toThrow();
  });

  it("follows inserts, counted messages, retention deletes, erasure and a client's removal", async () => {
    const kept = await insertClient(db, { businessName: "Kept" });
    const gone = await insertClient(db, { businessName: "Gone" });
    const keptIds = await addSessions(db, kept.id, [1, 2, 400, 500]);
    const goneIds = await addSessions(db, gone.id, [1, 3]);
    expect(await expectTotalsToMatchTheTable()).toEqual({ sessions: 6, messages: 1 + 2 + 3 + 4 + 1 + 2 });

    // Each message of the message API; other updates of a session leave the totals alone.
    await countMessageInChatSession(db, keptIds[0]!, NOW);
    await countMessageInChatSession(db, keptIds[0]!, NOW);
    await saveChatSessionContactDetails(db, keptIds[1]!, { clientName: "Dana", phone: "050-1234567" });
    await recordSessionFeedback(db, keptIds[1]!, true, NOW);
    await db
      .update(chatSessions)
      .set({ messageCount: sql`${chatSessions.messageCount} + 1` })
      .where(inArray(chatSessions.id, goneIds));
    expect(await expectTotalsToMatchTheTable()).toEqual({ sessions: 6, messages: 13 + 2 + 2 });

    // The retention job keeps the message rollups (alex.keep_rollups) but not the sessions it deleted.
    const run = await runJob(db, retentionJob, { now: NOW, timeZone: TZ });
    expect(run).toMatchObject({ outcome: "succeeded", counts: { sessions: 2 } });
    expect(await expectTotalsToMatchTheTable()).toEqual({ sessions: 4, messages: 17 - 3 - 4 });

    // Erasure of one conversation, then of a whole client (its sessions go by cascade).
    await db.delete(chatSessions).where(eq(chatSessions.id, keptIds[1]!));
    expect(await expectTotalsToMatchTheTable()).toEqual({ sessions: 3, messages: 10 - 2 });
    await db.delete(clients).where(eq(clients.id, gone.id));
    expect(await expectTotalsToMatchTheTable()).toEqual({ sessions: 1, messages: 3 });
  });

  it("rolls back with the transaction that wrote the sessions", async () => {
    const client = await insertClient(db, { businessName: "Rolled back" });
    const before = await expectTotalsToMatchTheTable();
    await expect(
      db.transaction(async (tx) => {
        await addSessions(tx as unknown as Database, client.id, [1, 2]);
        throw new Error("abandoned");
      }),
    ).rejects.toThrow("abandoned");
    expect(await expectTotalsToMatchTheTable()).toEqual(before);
  });
});
