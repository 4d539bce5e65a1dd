import { describe, expect, it } from "vitest";
import { PRICE_LIST } from "#db/price-list.ts";
import { PITCH_MONEY, SHEKELS_PER_DOLLAR } from "./pitch-figures.ts";

describe("the pitch's money", () => {
  it("quotes in dollars what clients pay, and a typical month of 100 conversations", () => {
    expect(PITCH_MONEY.en).toEqual({
      currency: "USD",
      ask: 500_000,
      monthlyFee: PRICE_LIST.monthlyFeeCents / 100,
      perConversation: PRICE_LIST.perBillableMessageCents / 100,
      typicalMonth: 150,
      projectedRevenue: [900_000, 4_500_000, 12_600_000],
    });
  });

  it("quotes the same prices in shekels at the plan's rate", () => {
    expect(SHEKELS_PER_DOLLAR).toBe(3.6);
    expect(PITCH_MONEY.he).toEqual({
      currency: "ILS",
      ask: 1_800_000,
      monthlyFee: 180,
      perConversation: 3.6,
      typicalMonth: 540,
      projectedRevenue: [3_240_000, 16_200_000, 45_360_000],
    });
  });
});
