import type { LiveEventBus } from "#db/connection.ts";
import type { Channel, ConversationState, MessageRole } from "#db/vocabulary.ts";
import { publishLiveEvents, type LiveEvent } from "./live-events.server.ts";

/**
 * What a stored visitor message brought beside itself: a new conversation, a new lead, and the
 * conversation's new state when it changed (a request for a person, a closed one reopened).
 */
export type StoredMessageNews = { newSession: boolean; newLead: boolean; state?: ConversationState };

/**
 * Tells the back office about a message the message service stored, after its transaction committed
 * (a screen that reloads on the event must find the rows). Not awaited: the visitor's answer never
 * waits on the back office, and publishLiveEvents only logs a failure. The events leave together, in
 * the order a screen needs them (docs/request-cost.md: one round trip instead of up to three).
 */
export function announceStoredMessage(
  bus: LiveEventBus,
  news: StoredMessageNews & {
    clientId: number;
    /** The public demo's client: its conversations are nobody's business, and the back office hears none of them. */
    isDemo: boolean;
    receivedAt: number;
    channel?: Channel;
    role?: MessageRole;
  },
  stored: { sessionId: string; messageId: number },
) {
  if (news.isDemo) return;
  const { clientId, receivedAt, channel = "web", role = "exchange" } = news;
  const sessionId = stored.sessionId;
  const events: LiveEvent[] = [];
  if (news.newSession) events.push({ type: "session", clientId, sessionId, channel });
  events.push({ type: "message", clientId, sessionId, channel, role, messageId: stored.messageId, receivedAt });
  if (news.newLead) events.push({ type: "lead", clientId, sessionId });
  if (news.state) events.push({ type: "handoff", clientId, sessionId, heldBy: null, state: news.state });
  void publishLiveEvents(bus, events);
}
