import type { Database, LiveEventBus } from "#db/connection.ts";
import type { AuthenticatedOperator } from "~/context.ts";
import { isSessionActive } from "~/models/chat-session.server.ts";
import {
  findLastVisitorText,
  findSessionHolder,
  holdSession,
  listHeldSessionsWaitingSince,
  recordHandoff,
  releaseSession,
  releaseTimedOutSession,
} from "~/models/handoff.server.ts";
import { cancelPersonRequestMail } from "~/models/lead-delivery.server.ts";
import { insertMessageOnce, recordReplyDelivery, type ReplyDeliveryRecord } from "~/models/message.server.ts";
import { withJobLock } from "~/models/job-run.server.ts";
import { sendChannelText, type ChannelSendOutcome } from "~/channels/send.server.ts";
import { recordLastExchangeGap } from "~/gaps/gaps.server.ts";
import { publishLiveEvent, publishLiveEvents } from "~/live/live-events.server.ts";
import { askChannelRating } from "~/channels/channel-rating.server.ts";
import { apiTextIn } from "~/server/json-api.server.ts";
import { logInfo } from "~/server/log.server.ts";
import { startPollingLoop, type PollingLoop } from "~/server/polling-loop.server.ts";

/**
 * A person takes a conversation over from Alex and hands it back (docs/decisions/027-take-over.md).
 * Every change is one row of `session_handoffs` and one `handoff` live event; an operator's reply is
 * one `operator` message and one `message` event.
 */

/** How long a visitor waits for the person holding their session before Alex steps back in. */
export const OPERATOR_REPLY_TIMEOUT_MS = 3 * 60 * 1000;
/** How often the timeout watch looks: a visitor waits at most this much past the timeout. */
export const TIMEOUT_POLL_MS = 20_000;

/** The session as the page knows it: its ids and when it last heard from the visitor. */
export type HandoffSession = {
  id: number;
  publicId: string;
  clientId: number;
  channel: "web" | "whatsapp" | "telegram";
  /** Who the visitor is on WhatsApp or Telegram, where an operator's words are sent. */
  channelUserId: string | null;
  lastMessageAt: Date;
};

/**
 * A widget visitor hears an operator through the widget's event stream; one on WhatsApp or Telegram
 * only through the channel's API. A send that fails is logged by sendChannelText: the message stays
 * stored, and the outcome says why it did not go (undefined: a widget visitor, nothing to send).
 */
async function sendToChannelUser(
  db: Database,
  session: Pick<HandoffSession, "clientId" | "channel" | "channelUserId">,
  text: string,
): Promise<ChannelSendOutcome | undefined> {
  if (session.channel === "web") return undefined;
  if (!session.channelUserId) return { sent: false, failure: "not_connected", description: null };
  return sendChannelText(
    db,
    { clientId: session.clientId, channel: session.channel, channelUserId: session.channelUserId },
    text,
  );
}

export type TakeOver = { kind: "taken" } | { kind: "inactive" } | { kind: "heldByOther"; holder: string };

/** Takes the session for `operator`: only a session still active, and only one holder at a time. */
export async function takeOverSession(
  db: Database,
  bus: LiveEventBus,
  session: HandoffSession,
  operator: Pick<AuthenticatedOperator, "id" | "username" | "displayName">,
  now = new Date(),
): Promise<TakeOver> {
  if (!isSessionActive(session.lastMessageAt, now)) return { kind: "inactive" };
  const outcome = await db.transaction(async (tx): Promise<TakeOver> => {
    const current = await findSessionHolder(tx, session.id);
    // Taking again what one already holds changes nothing and writes no second audit row.
    if (current?.operatorId === operator.id) return { kind: "taken" };
    if (!(await holdSession(tx, session.id, operator.id, now))) {
      const holder = await findSessionHolder(tx, session.id);
      return { kind: "heldByOther", holder: holder?.username ?? "" };
    }
    await recordHandoff(tx, {
      sessionId: session.id,
      operatorId: operator.id,
      operatorName: operator.displayName ?? operator.username,
      action: "take_over",
      at: now,
    });
    await cancelPersonRequestMail(tx, session.id);
    // A person stepping in means Alex's answers were not enough: the question is a gap.
    await recordLastExchangeGap(tx, session, "handoff");
    return { kind: "taken" };
  });
  if (outcome.kind === "taken") {
    await publishLiveEvent(bus, {
      type: "handoff",
      clientId: session.clientId,
      sessionId: session.publicId,
      heldBy: operator.displayName ?? operator.username,
      state: "held",
    });
  }
  return outcome;
}

/** Gives the session back to Alex; false when this operator did not hold it. */
export async function handBackSession(
  db: Database,
  bus: LiveEventBus,
  session: HandoffSession,
  operator: Pick<AuthenticatedOperator, "id" | "username" | "displayName">,
  now = new Date(),
): Promise<boolean> {
  const released = await db.transaction(async (tx) => {
    if (!(await releaseSession(tx, session.id, operator.id))) return false;
    await recordHandoff(tx, {
      sessionId: session.id,
      operatorId: operator.id,
      operatorName: operator.displayName ?? operator.username,
      action: "hand_back",
      at: now,
    });
    return true;
  });
  if (released) {
    await publishLiveEvent(bus, {
      type: "handoff",
      clientId: session.clientId,
      sessionId: session.publicId,
      heldBy: null,
      state: "alex",
    });
    // The person's conversation with the visitor has ended: WhatsApp and Telegram are asked to rate it.
    await askChannelRating(db, session, now);
  }
  return released;
}

/** A reply stored, and what became of it on its way to the visitor (its channel's answer). */
export type SentReply = { messageId: number; channel: HandoffSession["channel"]; delivery: ReplyDeliveryRecord };

/**
 * Stores the holder's reply as an `operator` message: the text in ai_response, no visitor text,
 * cost 0 and type `general`, so no bill or rollup counts it as an answer. Then sends it on: a widget
 * visitor's live stream hears of it, a WhatsApp or Telegram visitor gets it from the channel's API,
 * and the message keeps whether it reached them. Undefined when this operator does not hold the
 * session (someone took it, or it timed out, since the page was loaded).
 */
export async function sendOperatorReply(
  db: Database,
  bus: LiveEventBus,
  session: HandoffSession,
  operator: Pick<AuthenticatedOperator, "id" | "username" | "displayName">,
  text: string,
  now = new Date(),
): Promise<SentReply | undefined> {
  const messageId = await db.transaction(async (tx) => {
    const holder = await findSessionHolder(tx, session.id);
    if (holder?.operatorId !== operator.id) return undefined;
    return insertMessageOnce(tx, {
      sessionId: session.id,
      clientId: session.clientId,
      userMessage: "",
      aiResponse: text,
      role: "operator",
      operatorId: operator.id,
      messageType: "general",
      costCents: 0,
      responseMs: 0,
      createdAt: now,
    });
  });
  if (messageId === undefined) return undefined;
  const sent = await sendToChannelUser(db, session, text);
  const published = await publishLiveEvent(bus, {
    type: "message",
    clientId: session.clientId,
    sessionId: session.publicId,
    channel: session.channel,
    role: "operator",
    messageId,
    receivedAt: now.getTime(),
  });
  const delivery: ReplyDeliveryRecord =
    sent === undefined
      ? published
        ? { delivered: true, at: new Date() }
        : { delivered: false, failure: "unreachable", error: null }
      : sent.sent
        ? { delivered: true, at: new Date() }
        : { delivered: false, failure: sent.failure, error: sent.description };
  await recordReplyDelivery(db, messageId, delivery);
  return { messageId, channel: session.channel, delivery };
}

/** Hebrew letters in the visitor's last words: the notice is written in Hebrew, otherwise in English. */
const languageOfText = (text: string) => (/[\u0590-\u05FF]/.test(text) ? "he" : "en");

/**
 * Sessions whose visitor has waited longer than OPERATOR_REPLY_TIMEOUT_MS go back to Alex: the
 * hold ends (audit row `timed_out`, in the holder's name) and Alex tells the visitor that someone
 * from the business will get back to them, asking for a phone number when none is known. The
 * advisory lock keeps two app servers from doing it twice; the release only happens if the same hold
 * is still on, so an operator who hands back or replies at that moment wins.
 */
export async function timeOutHeldSessions(db: Database, bus: LiveEventBus, now = new Date()) {
  const attempt = await withJobLock(db, "handoff-timeouts", async (tx) => {
    const waiting = await listHeldSessionsWaitingSince(tx, new Date(now.getTime() - OPERATOR_REPLY_TIMEOUT_MS));
    const done: { session: (typeof waiting)[number]; messageId: number; notice: string }[] = [];
    for (const session of waiting) {
      if (session.heldBy === null || session.heldAt === null) continue;
      if (!(await releaseTimedOutSession(tx, session.id, session.heldBy, session.heldAt))) continue;
      await recordHandoff(tx, {
        sessionId: session.id,
        operatorId: session.heldBy,
        operatorName: session.holderName ?? "",
        action: "timed_out",
        at: now,
      });
      const t = await apiTextIn(languageOfText(await findLastVisitorText(tx, session.id)), "conversations");
      const notice = t(session.contactDetails.phone ? "handoff.timedOut" : "handoff.timedOutAskContact", {
        business: session.businessName,
      });
      const messageId = await insertMessageOnce(tx, {
        sessionId: session.id,
        clientId: session.clientId,
        userMessage: "",
        aiResponse: notice,
        messageType: "general",
        costCents: 0,
        responseMs: 0,
        createdAt: now,
      });
      if (messageId !== undefined) done.push({ session, messageId, notice });
    }
    return done;
  });
  if (!attempt.locked) return 0;
  for (const { session, messageId, notice } of attempt.value) {
    await sendToChannelUser(db, session, notice);
    await publishLiveEvents(bus, [
      { type: "handoff", clientId: session.clientId, sessionId: session.publicId, heldBy: null, state: "alex" },
      {
        type: "message",
        clientId: session.clientId,
        sessionId: session.publicId,
        channel: session.channel,
        role: "exchange",
        messageId,
        receivedAt: now.getTime(),
      },
    ]);
  }
  return attempt.value.length;
}

export type HandoffTimeouts = PollingLoop;

/**
 * Runs timeOutHeldSessions every TIMEOUT_POLL_MS. A timer rather than a scheduled job: the
 * scheduler's slots are an hour apart at best and each run writes a `job_runs` row, which every
 * 20 seconds would be a million rows a year of nothing. Like the delivery worker, it never keeps the
 * process alive.
 */
export function startHandoffTimeouts({
  db,
  bus,
  pollMs = TIMEOUT_POLL_MS,
}: {
  db: Database;
  bus: LiveEventBus;
  pollMs?: number;
}): HandoffTimeouts {
  return startPollingLoop({
    pollMs,
    errorEvent: "handoff.timeouts.error",
    firstRound: "after-one-wait",
    round: async () => {
      const timedOut = await timeOutHeldSessions(db, bus);
      if (timedOut > 0) logInfo("handoff.timeouts", { timedOut });
    },
  });
}
