import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "#db/connection.ts";
import { chatSessions, messages, messageUsageDaily, operators, sessionHandoffs } from "#db/schema.ts";
import { recordHeldMessage } from "~/conversations/held-message.server.ts";
import { admitMessage } from "~/conversations/message-admission.server.ts";
import {
  handBackSession,
  OPERATOR_REPLY_TIMEOUT_MS,
  sendOperatorReply,
  takeOverSession,
  timeOutHeldSessions,
} from "~/handoff/handoff.server.ts";
import { subscribeLiveEvents, type LiveEvent } from "~/live/live-events.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { insertClient } from "../../support/factories.ts";

const SELF = "https://alex.example";
const FROM_WIDGET = { visitor: { ip: "203.0.113.9", userAgent: "test" }, origin: { header: SELF, self: SELF } };
let sequence = 0;

async function addOperator(db: Database, username: string) {
  const [row] = await db
    .insert(operators)
    .values({ username: `${username}-${++sequence}`, passwordHash: "x" })
    .returning({ id: operators.id, username: operators.username, displayName: operators.displayName });
  return row!;
}

/** A client with one session whose visitor wrote a minute before `now`. */
async function addSession(db: Database, now: Date, lastMessageAgoMs = 60_000) {
  const client = await insertClient(db, { businessName: "Pizza Roma" });
  const publicId = `sess_handoff_${++sequence}`;
  const at = new Date(now.getTime() - lastMessageAgoMs);
  const [session] = await db
    .insert(chatSessions)
    .values({ publicId, clientId: client.id, messageCount: 1, startedAt: at, lastMessageAt: at })
    .returning({ id: chatSessions.id });
  return {
    client,
    session: {
      id: session!.id,
      publicId,
      clientId: client.id,
      channel: "web" as const,
      channelUserId: null,
      lastMessageAt: at,
    },
  };
}

function listen(handle: DatabaseHandle) {
  const heard: LiveEvent[] = [];
  const stop = subscribeLiveEvents(handle.events, (event) => heard.push(event));
  return { heard, stop };
}

describe.each(testDrivers)("taking a session over, on %s", (driver) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(driver);
  });
  afterAll(() => handle.close());

  it("lets one of two racing operators hold the session, and names the holder to the other", async () => {
    const now = new Date();
    const { session } = await addSession(handle.db, now);
    const dana = await addOperator(handle.db, "dana");
    const omer = await addOperator(handle.db, "omer");
    const events = listen(handle);
    await events.stop;
    const outcomes = await Promise.all([
      takeOverSession(handle.db, handle.events, session, dana, now),
      takeOverSession(handle.db, handle.events, session, omer, now),
    ]);
    const winners = outcomes.filter((outcome) => outcome.kind === "taken");
    expect(winners).toHaveLength(1);
    const loser = outcomes.find((outcome) => outcome.kind === "heldByOther");
    expect([dana.username, omer.username]).toContain(loser && "holder" in loser ? loser.holder : "");
    const trail = await handle.db.select().from(sessionHandoffs).where(eq(sessionHandoffs.sessionId, session.id));
    expect(trail.map((row) => row.action)).toEqual(["take_over"]);
    await expect.poll(() => events.heard.filter((event) => event.type === "handoff")).toHaveLength(1);
    (await events.stop)();
  });

  it("refuses a session the visitor left more than half an hour ago", async () => {
    const now = new Date();
    const { session } = await addSession(handle.db, now, 31 * 60_000);
    const dana = await addOperator(handle.db, "dana");
    expect(await takeOverSession(handle.db, handle.events, session, dana, now)).toEqual({ kind: "inactive" });
  });

  it("stores a held session's visitor message unanswered and unbilled, and the operator's reply too", async () => {
    const now = new Date();
    const { client, session } = await addSession(handle.db, now);
    const dana = await addOperator(handle.db, "dana");
    await takeOverSession(handle.db, handle.events, session, dana, now);
    const usageBefore = await handle.db
      .select()
      .from(messageUsageDaily)
      .where(eq(messageUsageDaily.clientId, client.id));

    const input = {
      license: client.licenseKey,
      sessionId: session.publicId,
      clientMessageId: `cm-${++sequence}`,
      message: "אני משה, הטלפון שלי 050-1234567",
      consent: true as const,
    };
    const admission = await admitMessage(handle.db, input, { timeZone: "Asia/Jerusalem", ...FROM_WIDGET });
    if (admission.kind !== "admitted") throw new Error(`not admitted: ${admission.kind}`);
    expect(admission.session?.heldBy).toBe(dana.id);
    const reply = await recordHeldMessage(handle.db, {
      admission,
      input,
      images: [],
      mailEnabled: false,
      liveEvents: handle.events,
      receivedAt: Date.now(),
      backOfficeOrigin: "https://alex.example",
    });
    expect(reply).toMatchObject({ reply: "", cost: 0, heldBy: true });
    // The same clientMessageId again: the same message, not a second one.
    const again = await recordHeldMessage(handle.db, {
      admission,
      input,
      images: [],
      mailEnabled: false,
      liveEvents: handle.events,
      receivedAt: Date.now(),
      backOfficeOrigin: "https://alex.example",
    });
    expect(again).toEqual(reply);

    const sent = await sendOperatorReply(handle.db, handle.events, session, dana, "שלום משה, אני דנה");
    expect(sent?.messageId).toBeGreaterThan(0);
    // A widget visitor's reply reached the live stream: the reply says so, and so does its row.
    expect(sent).toMatchObject({ channel: "web", delivery: { delivered: true } });
    const rows = await handle.db.select().from(messages).where(eq(messages.sessionId, session.id));
    expect(rows.map((row) => [row.role, row.userMessage, row.aiResponse, row.costCents, row.messageType])).toEqual([
      ["visitor", input.message, "", 0, "general"],
      ["operator", "", "שלום משה, אני דנה", 0, "general"],
    ]);
    expect(rows[1]!.operatorId).toBe(dana.id);
    expect(rows[1]!.deliveredAt).toBeInstanceOf(Date);
    expect(rows[1]!.deliveryFailure).toBeNull();
    const [stored] = await handle.db.select().from(chatSessions).where(eq(chatSessions.id, session.id));
    expect(stored!.contactDetails).toMatchObject({ phone: "050-1234567" });
    const usageAfter = await handle.db
      .select()
      .from(messageUsageDaily)
      .where(eq(messageUsageDaily.clientId, client.id));
    const cents = (rows: typeof usageAfter) => rows.reduce((sum, row) => sum + row.costCents, 0);
    expect(cents(usageAfter)).toBe(cents(usageBefore));
  });

  it("refuses a reply or a hand-back from an operator who does not hold the session", async () => {
    const now = new Date();
    const { session } = await addSession(handle.db, now);
    const dana = await addOperator(handle.db, "dana");
    const omer = await addOperator(handle.db, "omer");
    await takeOverSession(handle.db, handle.events, session, dana, now);
    expect(await sendOperatorReply(handle.db, handle.events, session, omer, "hi")).toBeUndefined();
    expect(await handBackSession(handle.db, handle.events, session, omer)).toBe(false);
    expect(await handBackSession(handle.db, handle.events, session, dana)).toBe(true);
    const trail = await handle.db.select().from(sessionHandoffs).where(eq(sessionHandoffs.sessionId, session.id));
    expect(trail.map((row) => [row.action, row.operatorName])).toEqual([
      ["take_over", dana.username],
      ["hand_back", dana.username],
    ]);
  });

  it("returns a session to Alex when the visitor waited too long, and tells them in their language", async () => {
    const now = new Date();
    const { client, session } = await addSession(handle.db, now);
    const dana = await addOperator(handle.db, "dana");
    const heldAt = new Date(now.getTime() - OPERATOR_REPLY_TIMEOUT_MS - 60_000);
    await takeOverSession(handle.db, handle.events, session, dana, heldAt);
    const input = {
      license: client.licenseKey,
      sessionId: session.publicId,
      clientMessageId: `cm-${++sequence}`,
      message: "יש מישהו?",
    };
    const admission = await admitMessage(handle.db, input, { timeZone: "Asia/Jerusalem", ...FROM_WIDGET });
    if (admission.kind !== "admitted") throw new Error("not admitted");
    await recordHeldMessage(handle.db, {
      admission,
      input,
      images: [],
      mailEnabled: false,
      liveEvents: handle.events,
      receivedAt: Date.now(),
      backOfficeOrigin: "https://alex.example",
    });
    // The visitor wrote just now: nothing to time out yet.
    expect(await timeOutHeldSessions(handle.db, handle.events, now)).toBe(0);

    const later = new Date(now.getTime() + OPERATOR_REPLY_TIMEOUT_MS + 1000);
    expect(await timeOutHeldSessions(handle.db, handle.events, later)).toBe(1);
    const [stored] = await handle.db.select().from(chatSessions).where(eq(chatSessions.id, session.id));
    expect(stored!.heldBy).toBeNull();
    const trail = await handle.db.select().from(sessionHandoffs).where(eq(sessionHandoffs.sessionId, session.id));
    expect(trail.map((row) => [row.action, row.operatorName])).toEqual([
      ["take_over", dana.username],
      ["timed_out", dana.username],
    ]);
    const rows = await handle.db.select().from(messages).where(eq(messages.sessionId, session.id));
    const notice = rows.at(-1)!;
    expect(notice).toMatchObject({ role: "exchange", userMessage: "", costCents: 0 });
    expect(notice.aiResponse).toContain("Pizza Roma");
    expect(notice.aiResponse).toContain("טלפון");
    // Once back with Alex, a second run has nothing to do.
    expect(await timeOutHeldSessions(handle.db, handle.events, later)).toBe(0);
  });
});
