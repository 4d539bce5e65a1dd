import { describe, expect, it } from "vitest";
import { generateLicenseKey, LICENSE_KEY_PATTERN } from "./license-key.ts";

describe("license keys", () => {
  it("are made in the one form the lookups accept, and never twice the same", () => {
    const keys = Array.from({ length: 200 }, generateLicenseKey);
    for (const key of keys) expect(key).toMatch(LICENSE_KEY_PATTERN);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each([
    "alex_",
    "alex_0123456789ABCDEF0123456789ABCDEF",
    "alex_0123456789abcdef0123456789abcde",
    " alex_0123456789abcdef0123456789abcdef",
    "alex_0123456789abcdef0123456789abcdef\n",
    "alex_scan_test",
  ])("refuse %j", (key) => expect(LICENSE_KEY_PATTERN.test(key)).toBe(false));
});
