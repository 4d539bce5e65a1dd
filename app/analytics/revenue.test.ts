import { describe, expect, it } from "vitest";
import { daysFrom, monthsBetween, revenueByStreamPerMonth } from "./revenue.ts";

describe("revenue by stream per month", () => {
  it("charges the base fee every month from creation to cancellation, used or not", () => {
    const rows = revenueByStreamPerMonth({
      months: ["2026-01", "2026-02", "2026-03"],
      clients: [
        { monthlyFeeCents: 5000, firstMonth: "2025-06", lastMonth: null },
        { monthlyFeeCents: 5000, firstMonth: "2026-02", lastMonth: null },
        { monthlyFeeCents: 5000, firstMonth: "2025-01", lastMonth: "2026-01" },
      ],
      usage: [],
      functions: [],
    });
    expect(rows.map((row) => row.streams.baseFees)).toEqual([10_000, 10_000, 10_000]);
  });

  it("puts each message type's fees and the functions' profit in their own stream", () => {
    const [january, february] = revenueByStreamPerMonth({
      months: ["2026-01", "2026-02"],
      clients: [{ monthlyFeeCents: 5000, firstMonth: "2026-01", lastMonth: null }],
      usage: [
        { month: "2026-01", messageType: "conversation", cents: 300 },
        { month: "2026-01", messageType: "article", cents: 200 },
        { month: "2026-02", messageType: "solution", cents: 100 },
        // Outside the months shown, and a type that is never billed: neither counts.
        { month: "2025-12", messageType: "conversation", cents: 900 },
        { month: "2026-02", messageType: "general", cents: 50 },
      ],
      functions: [{ month: "2026-02", cents: 200 }],
    });
    expect(january).toEqual({
      month: "2026-01",
      streams: { baseFees: 5000, conversations: 300, articles: 200, solutions: 0, functions: 0 },
      totalCents: 5500,
    });
    expect(february!.streams).toEqual({
      baseFees: 5000,
      conversations: 0,
      articles: 0,
      solutions: 100,
      functions: 200,
    });
    expect(february!.totalCents).toBe(5300);
  });
});

describe("calendar steps", () => {
  it("walks months across a year's end", () => {
    expect(monthsBetween("2025-11", "2026-02")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(monthsBetween("2026-03", "2026-03")).toEqual(["2026-03"]);
  });

  it("walks days across a month's end and a leap day", () => {
    expect(daysFrom("2028-02-28", 3)).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
  });
});
