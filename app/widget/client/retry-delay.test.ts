import { describe, expect, it } from "vitest";
import { retryDelay, RETRY_FIRST_MS, RETRY_LONGEST_MS } from "./retry-delay.ts";

describe("retryDelay", () => {
  it("doubles from the first wait and stops at the longest", () => {
    expect([0, 1, 2, 3, 4, 5, 10, 100].map(retryDelay)).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000,
    ]);
    expect(retryDelay(0)).toBe(RETRY_FIRST_MS);
    expect(retryDelay(1_000)).toBe(RETRY_LONGEST_MS);
  });
});
