import { createHash, randomInt } from "node:crypto";

export const RECOVERY_CODE_COUNT = 10;

/**
 * Lower-case letters and digits without the ones read for each other (0/o, 1/l/i): 31 signs, so a
 * code of eight carries about 40 bits, and it is tried at most ten times in 15 minutes.
 */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const GROUP = 4;

function randomGroup() {
  let group = "";
  for (let index = 0; index < GROUP; index++) group += ALPHABET[randomInt(ALPHABET.length)];
  return group;
}

/** Ten new codes, each written `xxxx-xxxx`. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(`${randomGroup()}-${randomGroup()}`);
  return [...codes];
}

/** What a person types may differ in case, spaces and the dash; the code is its letters and digits. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

/** Whether a typed code has a recovery code's shape (eight of the alphabet's signs once normalised). */
export const looksLikeRecoveryCode = (code: string) => /^[a-z0-9]{8}$/.test(normalizeRecoveryCode(code));

/** Stored as its SHA-256 only, like the sessions' tokens (app/auth/session.server.ts). */
export const hashRecoveryCode = (code: string) =>
  createHash("sha256").update(normalizeRecoveryCode(code)).digest("base64url");
