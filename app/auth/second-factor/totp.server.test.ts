import { Secret, TOTP, URI } from "otpauth";
import { describe, expect, it } from "vitest";
import { acceptedTotpStep, newTotpSecret, totpCodeAt, totpStep, totpUri } from "./totp.server.ts";

/** RFC 6238's SHA-1 test key ("12345678901234567890"), and its published code at 59 s: 94287082 (the last six digits). */
const RFC_SECRET = Secret.fromLatin1("12345678901234567890").base32;
const NOW = new Date("2026-12-02T10:00:15Z");
const STEP_MS = 30_000;
const at = (offsetSteps: number) => new Date(NOW.getTime() + offsetSteps * STEP_MS);

describe("TOTP codes", () => {
  it("makes RFC 6238's code for its test key", () => {
    expect(totpCodeAt(RFC_SECRET, new Date(59_000))).toBe("287082");
    expect(totpCodeAt(RFC_SECRET, new Date(1_111_111_109_000))).toBe("081804");
  });

  it("accepts the code of the current, the previous and the next 30-second window, and no other", () => {
    const secret = newTotpSecret();
    const step = totpStep(NOW);
    for (const offset of [-1, 0, 1]) {
      expect(acceptedTotpStep(secret, totpCodeAt(secret, at(offset)), { now: NOW, lastStep: null })).toBe(
        step + offset,
      );
    }
    for (const offset of [-3, -2, 2, 3, 100]) {
      expect(acceptedTotpStep(secret, totpCodeAt(secret, at(offset)), { now: NOW, lastStep: null })).toBeNull();
    }
  });

  it("refuses a code of a window already used, or of an earlier one (a replay)", () => {
    const secret = newTotpSecret();
    const step = totpStep(NOW);
    const code = totpCodeAt(secret, NOW);
    expect(acceptedTotpStep(secret, code, { now: NOW, lastStep: step })).toBeNull();
    expect(acceptedTotpStep(secret, totpCodeAt(secret, at(-1)), { now: NOW, lastStep: step })).toBeNull();
    // The next window's code is still new.
    expect(acceptedTotpStep(secret, totpCodeAt(secret, at(1)), { now: NOW, lastStep: step })).toBe(step + 1);
    // 29 seconds later the same code is still in its window, and still refused.
    expect(acceptedTotpStep(secret, code, { now: new Date(NOW.getTime() + 14_000), lastStep: step })).toBeNull();
  });

  it("takes a code typed with a space or a dash, and refuses what is not six digits", () => {
    const secret = newTotpSecret();
    const code = totpCodeAt(secret, NOW);
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    expect(acceptedTotpStep(secret, spaced, { now: NOW, lastStep: null })).toBe(totpStep(NOW));
    for (const wrong of ["", "12345", "1234567", "abcdef", `${code}0`, "٠١٢٣٤٥"]) {
      expect(acceptedTotpStep(secret, wrong, { now: NOW, lastStep: null })).toBeNull();
    }
  });

  it("makes a new 160-bit secret each time", () => {
    const secrets = new Set(Array.from({ length: 20 }, newTotpSecret));
    expect(secrets.size).toBe(20);
    for (const secret of secrets) expect(Secret.fromBase32(secret).bytes.length).toBe(20);
  });

  it("labels the QR code's address with the sign-in name, for the issuer Alex, SHA-1, 6 digits, 30 s", () => {
    const secret = newTotpSecret();
    const parsed = URI.parse(totpUri(secret, "dana@example.com"));
    expect(parsed).toBeInstanceOf(TOTP);
    const totp = parsed as TOTP;
    expect(totp.issuer).toBe("Alex");
    expect(totp.label).toBe("dana@example.com");
    expect(totp.algorithm).toBe("SHA1");
    expect(totp.digits).toBe(6);
    expect(totp.period).toBe(30);
    expect(totp.secret.base32).toBe(secret);
  });
});
