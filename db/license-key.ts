import { randomBytes } from "node:crypto";

/** 128 random bits: a license key must never be guessable, not even a demo one. */
export function generateLicenseKey(): string {
  return "alex_" + randomBytes(16).toString("hex");
}

/** The id the widget and admin URLs carry; random so one visitor cannot reach another's session. */
export function generatePublicSessionId(): string {
  return "sess_" + randomBytes(16).toString("base64url");
}
