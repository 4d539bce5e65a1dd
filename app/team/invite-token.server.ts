import { createHash, randomBytes } from "node:crypto";

/** How long an invitation's link works. */
export const INVITE_VALID_MS = 72 * 60 * 60 * 1000;

/** A token as the link carries it: 32 random bytes, base64url (43 characters). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const isTokenShaped = (token: string) => TOKEN_SHAPE.test(token);

/** What the database keeps of a token: its SHA-256, so a leak of the table opens no link. */
export const storedIdOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A new link's token, and the id it is stored under. */
export function newAccountToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, id: storedIdOf(token) };
}
