import type { Database } from "#db/connection.ts";
import type { Channel } from "#db/vocabulary.ts";
import { sendChannelText } from "./send.server.ts";
import type { Language } from "~/i18n/config.ts";
import { findLastVisitorText } from "~/models/handoff.server.ts";
import { findRatingState, listQuietChannelSessions, markRatingAsked } from "~/models/rating.server.ts";
import { apiTextIn } from "~/server/json-api.server.ts";
import { logInfo } from "~/server/log.server.ts";
import { startPollingLoop, type PollingLoop } from "~/server/polling-loop.server.ts";
import { recordRating } from "~/ratings/ratings.server.ts";

/**
 * WhatsApp and Telegram get one short text question at a conversation's end ("How did we do? Reply
 * 1-5"); a single digit 1 to 5 as the visitor's very next message is the rating, not a question for
 * Alex. The widget asks its own way (app/widget/client/main.ts).
 */

/** How often the quiet watch looks: a visitor is asked at most this long after their client's quiet minutes. */
export const QUIET_POLL_MS = 60_000;
/** Conversations that went quiet longer ago than this are never asked: a question a day late is noise. */
const QUIET_LOOKBACK_MS = 24 * 60 * 60 * 1000;
const SINGLE_DIGIT_RATING = /^\s*([1-5])\s*$/;

type ChannelSession = { id: number; clientId: number; channel: Channel; channelUserId: string | null };

/** Hebrew letters in the visitor's last words: the question is in Hebrew, otherwise in English. */
const languageOfText = (text: string): Language => (/[\u0590-\u05FF]/.test(text) ? "he" : "en");

/** Asks a WhatsApp or Telegram visitor to rate the conversation, once; a widget session is left alone. */
export async function askChannelRating(db: Database, session: ChannelSession, now = new Date()) {
  if (session.channel === "web" || !session.channelUserId) return false;
  if (!(await markRatingAsked(db, session.id, now))) return false;
  const t = await apiTextIn(languageOfText(await findLastVisitorText(db, session.id)), "channels");
  const sent = await sendChannelText(
    db,
    { clientId: session.clientId, channel: session.channel, channelUserId: session.channelUserId },
    t("rating.question"),
  );
  return sent.sent;
}

/**
 * A channel message that answers the rating question: a single digit 1 to 5, the first message since
 * the question, of a session not yet rated. Stored as the rating, with the thanks to send back;
 * undefined for any other message (it goes to Alex as usual).
 */
export async function answerChannelRating(
  db: Database,
  session: { id: number; clientId: number },
  message: { text: string; hasImages: boolean; language: Language },
) {
  const digit = SINGLE_DIGIT_RATING.exec(message.text)?.[1];
  if (!digit || message.hasImages) return undefined;
  const state = await findRatingState(db, session.id);
  if (!state?.ratingAskedAt || state.rating !== null || state.lastMessageAt > state.ratingAskedAt) return undefined;
  if (!(await recordRating(db, session, { score: Number(digit), comment: null }))) return undefined;
  return (await apiTextIn(message.language, "channels"))("rating.thanks");
}

/** Asks every WhatsApp and Telegram conversation that has been quiet for its client's minutes. */
export async function askQuietChannelConversations(db: Database, now = new Date()) {
  const quiet = await listQuietChannelSessions(db, { now, since: new Date(now.getTime() - QUIET_LOOKBACK_MS) });
  let asked = 0;
  for (const session of quiet) if (await askChannelRating(db, session, now)) asked += 1;
  return asked;
}

export type QuietRatingAsks = PollingLoop;

/**
 * Runs askQuietChannelConversations every QUIET_POLL_MS: a timer like the take-over timeouts
 * (app/handoff/handoff.server.ts), for the same reason (a scheduled job's row a minute would be
 * noise), never keeping the process alive. Two app servers asking at once still ask once: the
 * question is marked before it is sent.
 */
export function startQuietRatingAsks({
  db,
  pollMs = QUIET_POLL_MS,
}: {
  db: Database;
  pollMs?: number;
}): QuietRatingAsks {
  return startPollingLoop({
    pollMs,
    errorEvent: "ratings.asked.error",
    firstRound: "after-one-wait",
    round: async () => {
      const asked = await askQuietChannelConversations(db);
      if (asked > 0) logInfo("ratings.asked", { asked });
    },
  });
}
