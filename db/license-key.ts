import { randomBytes } from "node:crypto";

/**
 * A license key's one form: `alex_` and 32 lower-case hex digits. Anything else names no client, so a
 * lookup refuses it before the database is asked (app/models/client.server.ts).
 */
export const LICENSE_KEY_PATTERN = /^alex_[0-9a-f]{32}$/;

/** 128 random bits: a license key must never be guessable, not even a demo one. */
export function generateLicenseKey(): string {
  return "alex_" + randomBytes(16).toString("hex");
}

/** The id the widget and admin URLs carry; random so one visitor cannot reach another's session. */
export function generatePublicSessionId(): string {
  return "sess_" + randomBytes(16).toString("base64url");
}
