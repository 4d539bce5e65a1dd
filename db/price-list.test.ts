import { describe, expect, it } from "vitest";
import { dollarsOf, messageCostCents, PRICE_LIST } from "./price-list.ts";
import { MESSAGE_TYPES } from "./vocabulary.ts";

describe("the price list", () => {
  it("holds the product's prices, in cents and without VAT", () => {
    expect(PRICE_LIST).toEqual({
      currency: "USD",
      monthlyFeeCents: 5000,
      perBillableMessageCents: 100,
      perCompletedFunctionCents: 100,
      installationCents: 0,
      installationListPriceCents: 20000,
      includesVat: false,
    });
    expect(dollarsOf(PRICE_LIST.monthlyFeeCents)).toBe(50);
  });

  it("bills a conversation, an article and a solution, and nothing else", () => {
    expect(Object.fromEntries(MESSAGE_TYPES.map((type) => [type, messageCostCents(type)]))).toEqual({
      conversation: 100,
      article: 100,
      solution: 100,
      contact_collected: 0,
      payment_confirmed: 0,
      images_received: 0,
      article_approved: 0,
      general: 0,
    });
  });
});
