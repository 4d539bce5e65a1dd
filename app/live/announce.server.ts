import type { LiveEventBus } from "#db/connection.ts";
import type { Channel, MessageRole } from "#db/vocabulary.ts";
import { publishLiveEvent } from "./live-events.server.ts";

/** What a stored visitor message brought beside itself: a new conversation, a new lead. */
export type StoredMessageNews = { newSession: boolean; newLead: boolean };

/**
 * Tells the back office about a message the message service stored, after its transaction committed
 * (a screen that reloads on the event must find the rows). Not awaited: the visitor's answer never
 * waits on the back office, and publishLiveEvent only logs a failure.
 */
export function announceStoredMessage(
  bus: LiveEventBus,
  news: StoredMessageNews & { clientId: number; receivedAt: number; channel?: Channel; role?: MessageRole },
  stored: { sessionId: string; messageId: number },
) {
  const { clientId, receivedAt, channel = "web", role = "exchange" } = news;
  const sessionId = stored.sessionId;
  // One after the other: on PostgreSQL two NOTIFYs sent at once leave on two pooled connections and
  // may arrive the other way round, and a screen must hear of a session before its first message.
  void (async () => {
    if (news.newSession) await publishLiveEvent(bus, { type: "session", clientId, sessionId, channel });
    await publishLiveEvent(bus, {
      type: "message",
      clientId,
      sessionId,
      channel,
      role,
      messageId: stored.messageId,
      receivedAt,
    });
    if (news.newLead) await publishLiveEvent(bus, { type: "lead", clientId, sessionId });
  })();
}
