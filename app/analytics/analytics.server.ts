import type { Database } from "#db/connection.ts";
import { CHANNELS, MESSAGE_TYPES, type MessageType } from "#db/vocabulary.ts";
import type { AnalyticsPeriod } from "~/analytics/periods.ts";
import { daysFrom, monthsBetween, revenueByStreamPerMonth } from "~/analytics/revenue.ts";
import {
  countConversationsPerChannel,
  countConversationsPerClient,
  countConversationsPerDay,
  analyticsWindow,
  getConversationFigures,
  getFeedbackFigures,
  getMessageFigures,
  listClientFeeMonths,
  sumFunctionProfitPerMonth,
  sumUsagePerMonth,
  type PeriodPair,
} from "~/models/analytics.server.ts";

/** A figure in both periods; null where there is nothing to measure (no answers, no replies). */
export type Compared = { current: number | null; previous: number | null };

/** The clients listed with their conversation counts; the top clients chart shows the first TOP_CLIENTS_CHARTED. */
const CLIENTS_LISTED = 50;

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const pairRatio = (part: PeriodPair, whole: PeriodPair): Compared => ({
  current: ratio(part.current, whole.current),
  previous: ratio(part.previous, whole.previous),
});
const sumPairs = (pairs: PeriodPair[]): PeriodPair => ({
  current: pairs.reduce((total, pair) => total + pair.current, 0),
  previous: pairs.reduce((total, pair) => total + pair.previous, 0),
});

/**
 * Everything the analytics page shows for the last `days` days, each figure beside the same
 * stretch of the period before. Every query reads an index or the hourly rollup, never a period's
 * worth of rows from the tables themselves.
 */
export async function loadAnalytics(
  db: Database,
  { days, timeZone, now = new Date() }: { days: AnalyticsPeriod; timeZone: string; now?: Date },
) {
  const window = analyticsWindow(days, timeZone, now);
  const [
    messageFigures,
    conversationFigures,
    feedback,
    perDay,
    perClient,
    perChannel,
    usage,
    functionProfit,
    clientFees,
  ] = await Promise.all([
    getMessageFigures(db, window),
    getConversationFigures(db, window),
    getFeedbackFigures(db, window),
    countConversationsPerDay(db, window, timeZone),
    countConversationsPerClient(db, window, CLIENTS_LISTED),
    countConversationsPerChannel(db, window),
    sumUsagePerMonth(db, window.firstMonthStart, window.now, timeZone),
    sumFunctionProfitPerMonth(db, window.firstMonthStart, window.now, timeZone),
    listClientFeeMonths(db, timeZone),
  ]);

  const byType = new Map(messageFigures.map((row) => [row.messageType, row]));
  const messagesByType = MESSAGE_TYPES.map((messageType: MessageType) => ({
    messageType,
    messages: byType.get(messageType)?.messages ?? { current: 0, previous: 0 },
  }));
  const totalMessages = sumPairs(messagesByType.map((row) => row.messages));
  const responseMs = sumPairs(messageFigures.map((row) => row.responseMsTotal));
  const responses = sumPairs(messageFigures.map((row) => row.responses));
  const perDayCounts = new Map(perDay.map((row) => [row.dayIndex, row.conversations]));

  return {
    days,
    window: {
      currentStart: window.currentStart,
      previousStart: window.previousStart,
      previousEnd: window.previousEnd,
      now: window.now,
    },
    figures: {
      totalMessages,
      averageResponseMs: pairRatio(responseMs, responses),
      satisfaction: pairRatio(feedback.helpful, feedback.answers),
      conversion: pairRatio(conversationFigures.converted, conversationFigures.conversations),
      conversations: conversationFigures.conversations,
    },
    feedbackAnswers: feedback.answers,
    conversationsPerDay: daysFrom(window.firstDay, days).map((day, index) => ({
      day,
      conversations: perDayCounts.get(index) ?? 0,
    })),
    messagesByType,
    // Every channel, one without conversations at 0, so the card always lists all three.
    conversationsByChannel: CHANNELS.map((channel) => ({
      channel,
      conversations: perChannel.find((row) => row.channel === channel)?.conversations ?? { current: 0, previous: 0 },
    })),
    revenueByMonth: revenueByStreamPerMonth({
      months: monthsBetween(window.firstMonth, window.lastMonth),
      clients: clientFees,
      usage,
      functions: functionProfit,
    }),
    clients: perClient,
  };
}

export type Analytics = Awaited<ReturnType<typeof loadAnalytics>>;
