import { describe, expect, it } from "vitest";
import { taxOfBill, usdCentsOf, vatOf, vatRateOn } from "./vat.ts";

describe("VAT", () => {
  it.each([
    // [net agorot, basis points, VAT agorot]
    [0, 1800, 0],
    [100, 1800, 18],
    [185_00, 1800, 33_30],
    [3_70, 1800, 67], // 66.6 → 67
    [25, 1800, 5], // 4.5 → 5: half goes up
    [75, 1800, 14], // 13.5 → 14
    [125, 1800, 23], // 22.5 → 23
    [24, 1800, 4], // 4.32 → 4
    [1, 1800, 0], // 0.18 → 0
    [3, 1800, 1], // 0.54 → 1
    [50, 1700, 9], // 8.5 → 9
    [1_00, 1700, 17],
    [199_99, 1800, 36_00], // 3599.82 → 3600
    [-25, 1800, -5], // a credit note mirrors its invoice
    [-3_70, 1800, -67],
    [123_456_789, 1800, 22_222_222], // 22222222.02
    [1_000, 0, 0],
  ])("net %i at %i bp is %i", (net, rate, vat) => {
    expect(vatOf(net, rate)).toBe(vat);
  });

  it("rounds once per document, not per line", () => {
    // Three lines of ₪0.25: each alone would round 4.5 → 5 agorot (15 in all); the document's 75 gives 13.5 → 14.
    const lines = [25, 25, 25];
    expect(lines.map((line) => vatOf(line, 1800)).reduce((a, b) => a + b, 0)).toBe(15);
    expect(
      vatOf(
        lines.reduce((a, b) => a + b, 0),
        1800,
      ),
    ).toBe(14);
  });

  it("refuses amounts that are not whole agorot", () => {
    expect(() => vatOf(1.5, 1800)).toThrow(RangeError);
    expect(() => vatOf(100, -1)).toThrow(RangeError);
  });

  it.each([
    ["2026-12-03", 1800],
    ["2025-01-01", 1800],
    ["2024-12-31", 1700],
    ["2016-06-01", 1700],
    ["2010-01-01", 0],
  ])("the rate on %s is %i bp", (day, rate) => {
    expect(vatRateOn(day)).toBe(rate);
  });

  it("charges VAT on a shekel bill and none on a dollar bill", () => {
    expect(taxOfBill("ILS", 192_40, "2026-12-01")).toEqual({
      vatRateBasisPoints: 1800,
      vatCents: 34_63, // 3463.2
      totalCents: 227_03,
    });
    expect(taxOfBill("ILS", 192_40, "2024-12-01")).toEqual({
      vatRateBasisPoints: 1700,
      vatCents: 32_71, // 3270.8
      totalCents: 225_11,
    });
    expect(taxOfBill("USD", 52_00, "2026-12-01")).toEqual({ vatRateBasisPoints: 0, vatCents: 0, totalCents: 52_00 });
  });

  it("converts shekels to dollars at the price list's fixed rate", () => {
    expect(usdCentsOf(100_00, "ILS")).toBe(27_00);
    expect(usdCentsOf(3_70, "ILS")).toBe(100); // 99.9
    expect(usdCentsOf(52_00, "USD")).toBe(52_00);
  });
});
