import type { MessageType } from "#db/vocabulary.ts";

/** Where the provider's money comes from: the monthly fee, billable messages, completed functions. */
export const REVENUE_STREAMS = ["baseFees", "conversations", "articles", "solutions", "functions"] as const;
export type RevenueStream = (typeof REVENUE_STREAMS)[number];

const STREAM_OF_MESSAGE: Partial<Record<MessageType, RevenueStream>> = {
  conversation: "conversations",
  article: "articles",
  solution: "solutions",
};

export type MonthRevenue = { month: string; streams: Record<RevenueStream, number>; totalCents: number };

type RevenueInputs = {
  /** Every month to show, "YYYY-MM", oldest first. */
  months: readonly string[];
  /** Each client's fee and its billed months, both ends included (lastMonth null: still a client). */
  clients: readonly { monthlyFeeCents: number; firstMonth: string; lastMonth: string | null }[];
  usage: readonly { month: string; messageType: MessageType; cents: number }[];
  functions: readonly { month: string; cents: number }[];
};

const emptyStreams = (): Record<RevenueStream, number> => ({
  baseFees: 0,
  conversations: 0,
  articles: 0,
  solutions: 0,
  functions: 0,
});

/**
 * Revenue per month and stream, in cents: every client's base fee for each month from the one it was
 * created in to the one it was cancelled in, used or not; the usage fees its messages were charged;
 * the profit of completed functions. "YYYY-MM" strings compare in calendar order.
 */
export function revenueByStreamPerMonth({ months, clients, usage, functions }: RevenueInputs): MonthRevenue[] {
  const byMonth = new Map(months.map((month) => [month, emptyStreams()]));
  for (const [month, streams] of byMonth) {
    for (const client of clients) {
      if (client.firstMonth <= month && (client.lastMonth === null || month <= client.lastMonth))
        streams.baseFees += client.monthlyFeeCents;
    }
  }
  for (const row of usage) {
    const stream = STREAM_OF_MESSAGE[row.messageType];
    const streams = byMonth.get(row.month);
    if (stream && streams) streams[stream] += row.cents;
  }
  for (const row of functions) {
    const streams = byMonth.get(row.month);
    if (streams) streams.functions += row.cents;
  }
  return months.map((month) => {
    const streams = byMonth.get(month)!;
    return { month, streams, totalCents: REVENUE_STREAMS.reduce((total, stream) => total + streams[stream], 0) };
  });
}

/** The calendar months from `first` to `last`, both "YYYY-MM" and included. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split("-").map(Number) as [number, number];
  for (let current = first; current <= last;) {
    months.push(current);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
    current = `${year}-${String(month).padStart(2, "0")}`;
  }
  return months;
}

/** The calendar days from `first` ("YYYY-MM-DD") on, `count` of them. */
export function daysFrom(first: string, count: number): string[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => new Date(start + index * 86_400_000).toISOString().slice(0, 10));
}
