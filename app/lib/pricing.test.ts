import { describe, expect, it } from "vitest";
import {
  EXAMPLE_MONTHLY_CONVERSATIONS,
  MAX_MONTHLY_QUANTITY,
  monthlyCost,
  PRICING,
  readMonthlyQuantity,
} from "./pricing.ts";

describe("pricing", () => {
  it("holds the price list: $50 a month, $1 a conversation, article or solution, without VAT", () => {
    expect(PRICING.monthlyBaseCents).toBe(5000);
    expect(PRICING.perConversationCents).toBe(100);
    expect(PRICING.perArticleCents).toBe(100);
    expect(PRICING.perSolutionCents).toBe(100);
    expect(PRICING.installationCents).toBe(0);
    expect(PRICING.installationListPriceCents).toBe(20000);
    expect(PRICING.includesVat).toBe(false);
  });

  it("charges the base every month, even without any use", () => {
    expect(monthlyCost({ conversations: 0, articles: 0, solutions: 0 })).toEqual({
      baseCents: 5000,
      conversationsCents: 0,
      articlesCents: 0,
      solutionsCents: 0,
      totalCents: 5000,
    });
  });

  it("makes 100 conversations a month cost $150", () => {
    expect(monthlyCost({ conversations: EXAMPLE_MONTHLY_CONVERSATIONS, articles: 0, solutions: 0 }).totalCents).toBe(
      15000,
    );
  });

  it("adds a dollar for each conversation, article and solution", () => {
    const cost = monthlyCost({ conversations: 120, articles: 7, solutions: 3 });
    expect(cost).toMatchObject({
      conversationsCents: 12000,
      articlesCents: 700,
      solutionsCents: 300,
      totalCents: 18000,
    });
  });

  it("stays exact at the largest quantities", () => {
    const most = monthlyCost({
      conversations: MAX_MONTHLY_QUANTITY,
      articles: MAX_MONTHLY_QUANTITY,
      solutions: MAX_MONTHLY_QUANTITY,
    });
    expect(most.totalCents).toBe(5000 + 3 * MAX_MONTHLY_QUANTITY * 100);
    expect(Number.isSafeInteger(most.totalCents)).toBe(true);
  });
});

describe("readMonthlyQuantity", () => {
  it.each([
    ["", 0],
    ["  ", 0],
    ["0", 0],
    ["42", 42],
    [" 7 ", 7],
    [String(MAX_MONTHLY_QUANTITY), MAX_MONTHLY_QUANTITY],
  ])("reads %j as %d", (raw, value) => {
    expect(readMonthlyQuantity(raw)).toEqual({ value });
  });

  it.each(["-1", "1.5", "abc", "1,000", "-Infinity", "NaN"])("refuses %j as not a whole number", (raw) => {
    expect(readMonthlyQuantity(raw)).toEqual({ problem: "notWholeNumber" });
  });

  it.each([String(MAX_MONTHLY_QUANTITY + 1), "1e12", "99999999999999999999999", "9".repeat(400)])(
    "refuses %j as too large",
    (raw) => {
      expect(readMonthlyQuantity(raw)).toEqual({ problem: "tooLarge" });
    },
  );
});
