import { Secret, TOTP } from "otpauth";

/**
 * The codes every authenticator app makes by default (RFC 6238): SHA-1, six digits, a new one every
 * 30 seconds. Apps that read the QR code honour other settings unevenly, so these are the ones used.
 */
export const TOTP_SETTINGS = { issuer: "Alex", algorithm: "SHA1", digits: 6, period: 30 } as const;

/** A phone's clock may be a little off: the code of the step before and the step after are accepted too. */
const WINDOW = 1;

/** A new secret of 160 bits (the size RFC 4226 recommends for SHA-1), as the Base32 text apps take. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, label = "") {
  return new TOTP({ ...TOTP_SETTINGS, label, secret: Secret.fromBase32(secretBase32) });
}

/** The otpauth:// address the QR code carries, labelled with the person's sign-in name. */
export function totpUri(secretBase32: string, label: string): string {
  return totpOf(secretBase32, label).toString();
}

/** The 30-second step a moment falls in. */
export const totpStep = (now: Date) => TOTP.counter({ period: TOTP_SETTINGS.period, timestamp: now.getTime() });

/** The code of a moment: for tests, and for nothing the server sends. */
export const totpCodeAt = (secretBase32: string, now: Date) =>
  totpOf(secretBase32).generate({ timestamp: now.getTime() });

/** Spaces and dashes people type inside a code ("123 456") are not part of it. */
export const normalizeTotpCode = (code: string) => code.replace(/[\s-]/g, "");

/**
 * The step whose code this is (the current one, the one before or the one after), or null. A code of a
 * step at or before `lastStep`, the last one accepted, is refused: a code seen over a shoulder, or sent
 * twice, cannot sign in again within its window.
 */
export function acceptedTotpStep(
  secretBase32: string,
  code: string,
  { now, lastStep }: { now: Date; lastStep: number | null },
): number | null {
  const token = normalizeTotpCode(code);
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secretBase32).validate({ token, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  const step = totpStep(now) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
