import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "#db/connection.ts";
import { completedFunctions } from "#db/schema.ts";
import { loadAnalytics } from "~/analytics/analytics.server.ts";
import { completedFunctionsCsv } from "~/conversations/completed-functions.server.ts";
import { parseCompletedFunctionFilters } from "~/conversations/completed-function-filters.ts";
import { listLatestClientSessions } from "~/models/usage.server.ts";
import { findVisitorData } from "~/models/visitor-data.server.ts";
import { sessionQuerySchema } from "~/sessions/session-query.ts";
import { findClientSession, loadSessionList, sessionCsvResponse } from "~/sessions/sessions.server.ts";
import { parseCsv } from "../../support/csv.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { insertChatSession, insertClient } from "../../support/factories.ts";

const JERUSALEM = "Asia/Jerusalem";
const LABELS = { web: "Website", whatsapp: "WhatsApp", telegram: "Telegram" } as const;
const csvOf = async (response: Response) => parseCsv((await response.text()).replace(/^\uFEFF/, ""));

describe.each(testDrivers)("each conversation's channel on %s", (driver) => {
  let handle: DatabaseHandle;
  let db: Database;
  let clientId: number;
  let whatsappId: string;

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
    clientId = (await insertClient(db, { businessName: "Channel Bakery" })).id;
    await insertChatSession(db, clientId, { publicId: "sess_channel_web" });
    const whatsapp = await insertChatSession(db, clientId, {
      publicId: "sess_channel_whatsapp",
      channel: "whatsapp",
      channelUserId: "972501234567",
      userIp: null,
      contactDetails: { phone: "050-1234567" },
    });
    whatsappId = whatsapp.publicId;
    await insertChatSession(db, clientId, { publicId: "sess_channel_telegram", channel: "telegram", userIp: null });
    await db.insert(completedFunctions).values({
      clientId,
      sessionId: whatsapp.id,
      functionType: "client_introduction_complete",
      clientDetails: { clientName: "Dana", phone: "050-1234567" },
      profitCents: 1500,
    });
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("the monitor's list filters by channel, counts only that channel, and names each session's channel", async () => {
    const list = async (channel?: string) =>
      loadSessionList(db, sessionQuerySchema.parse({ clientId: String(clientId), period: "all", channel }), {
        timeZone: JERUSALEM,
      });
    const every = await list();
    expect(every.totalSessions).toBe(3);
    expect(Object.fromEntries(every.sessions.map((session) => [session.sessionId, session.channel]))).toEqual({
      sess_channel_web: "web",
      sess_channel_whatsapp: "whatsapp",
      sess_channel_telegram: "telegram",
    });
    const whatsapp = await list("whatsapp");
    expect(whatsapp.sessions.map((session) => session.sessionId)).toEqual(["sess_channel_whatsapp"]);
    expect(whatsapp).toMatchObject({ totalSessions: 1, totalMessages: 2, activeSessions: 1 });
    expect((await list("all")).totalSessions).toBe(3);
  });

  it("counts every channel's conversations for the analytics period, a channel without any at 0", async () => {
    const analytics = await loadAnalytics(db, { days: 7, timeZone: JERUSALEM });
    const byChannel = Object.fromEntries(
      analytics.conversationsByChannel.map((row) => [row.channel, row.conversations.current]),
    );
    expect(Object.keys(byChannel)).toEqual(["web", "whatsapp", "telegram"]);
    expect(byChannel.whatsapp).toBe(1);
    expect(byChannel.telegram).toBe(1);
    expect(byChannel.web).toBeGreaterThanOrEqual(1);
    // The channels share the period's conversations between them, no more, no fewer.
    expect(byChannel.web! + byChannel.whatsapp! + byChannel.telegram!).toBe(analytics.figures.conversations.current);
  });

  it("the session CSV names the session's channel on every row, after the export's own columns", async () => {
    const session = (await findClientSession(db, clientId, whatsappId))!;
    const headers = {
      timestamp: "Timestamp",
      role: "Role",
      userMessage: "User Message",
      aiResponse: "AI Response",
      messageType: "Message Type",
      cost: "Cost",
      channel: "Channel",
    };
    const [header, ...rows] = await csvOf(
      sessionCsvResponse(
        db,
        session,
        {
          headers,
          channel: (channel) => LABELS[channel],
          role: (role) => `role ${role}`,
          messageType: (type) => `type ${type}`,
        },
        JERUSALEM,
      ),
    );
    expect(header).toEqual(["Timestamp", "User Message", "AI Response", "Message Type", "Cost", "Role", "Channel"]);
    for (const row of rows) {
      expect(row[3]).toMatch(/^type [a-z_]+$/);
      expect(row[5]).toMatch(/^role (exchange|visitor|operator)$/);
      expect(row[6]).toBe("WhatsApp");
    }
  });

  it("the completed functions CSV has the session's channel beside the session", async () => {
    const response = completedFunctionsCsv(
      db,
      parseCompletedFunctionFilters(new URLSearchParams({ clientId: String(clientId) })),
      { timeZone: JERUSALEM, t: (key) => key, channelLabel: (channel) => LABELS[channel] },
    );
    const [header, row] = await csvOf(response);
    const column = header!.indexOf("columns.channel");
    expect(column).toBe(header!.indexOf("columns.session") + 1);
    expect(row![column - 1]).toBe(whatsappId);
    expect(row![column]).toBe("WhatsApp");
  });

  it("the visitor-data export holds the channel and the visitor's id on it", async () => {
    const found = await findVisitorData(db, clientId, { kind: "session", value: whatsappId });
    expect(found.sessions).toHaveLength(1);
    expect(found.sessions[0]).toMatchObject({ channel: "whatsapp", channelUserId: "972501234567" });
  });

  it("the client page's Sessions tab gets each session's channel", async () => {
    const sessions = await listLatestClientSessions(db, clientId, 10);
    expect(sessions.map((session) => session.channel).sort()).toEqual(["telegram", "web", "whatsapp"]);
  });
});
