import { describe, expect, it } from "vitest";
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  RECOVERY_CODE_COUNT,
} from "./recovery-codes.server.ts";

describe("recovery codes", () => {
  it("makes ten different codes written xxxx-xxxx without look-alike signs", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
      expect(code).not.toMatch(/[01ilo]/);
    }
  });

  it("hashes a code the same however it is typed, and different codes differently", () => {
    const [code, other] = newRecoveryCodes(2) as [string, string];
    const hash = hashRecoveryCode(code);
    expect(hash).not.toContain(code.replace("-", ""));
    expect(hashRecoveryCode(code.toUpperCase())).toBe(hash);
    expect(hashRecoveryCode(` ${code.replace("-", " ")} `)).toBe(hash);
    expect(hashRecoveryCode(code.replace("-", ""))).toBe(hash);
    expect(hashRecoveryCode(other)).not.toBe(hash);
  });

  it("tells a recovery code's shape from a six-digit code", () => {
    expect(looksLikeRecoveryCode("abcd-2345")).toBe(true);
    expect(looksLikeRecoveryCode("ABCD 2345")).toBe(true);
    expect(looksLikeRecoveryCode("123456")).toBe(false);
    expect(looksLikeRecoveryCode("abcd-2345-x")).toBe(false);
  });
});
