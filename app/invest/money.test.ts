import { describe, expect, it } from "vitest";
import { formatCompactMoney, formatMoney, formatRange } from "./money.ts";

describe("investor page money", () => {
  it("shows cents only when an amount has them, whichever came first", () => {
    expect(formatMoney(50, "USD", "en")).toBe("$50");
    expect(formatMoney(50.5, "USD", "en")).toBe("$50.50");
    expect(formatMoney(50, "USD", "en")).toBe("$50");
    expect(formatMoney(3.6, "ILS", "he")).toBe("\u200f3.60\u00a0\u200f₪");
  });

  it("says large sums as people say them, and ranges in reading order", () => {
    expect(formatCompactMoney(500_000, "USD", "en")).toBe("$500K");
    expect(formatCompactMoney(1_800_000, "ILS", "he")).toBe("\u200f1.8M\u200f\u00a0\u200f₪");
    expect(formatRange({ value: "50-100k", min: 50_000, max: 100_000 }, "USD", "en", (amount) => `${amount}+`)).toBe(
      "$50–100K",
    );
    expect(formatRange({ value: "180-360k", min: 180_000, max: 360_000 }, "ILS", "he", (amount) => amount)).toBe(
      "\u200f180-360K\u200f\u00a0\u200f₪",
    );
    expect(formatRange({ value: "1m+", min: 1_000_000 }, "USD", "en", (amount) => `${amount}+`)).toBe("$1M+");
  });
});
