import { createHash, randomBytes } from "node:crypto";
import type { Database } from "#db/connection.ts";
import { hashPassword } from "~/auth/password.server.ts";
import { directionOf, type Language } from "~/i18n/config.ts";
import { getI18nInstance } from "~/i18n/middleware.server.ts";
import { endLiveStreamsOf } from "~/live/live-stream.server.ts";
import { sendMail, type MailSettings } from "~/mail/send-mail.server.ts";
import {
  findLivePasswordResetToken,
  replacePasswordResetToken,
  usePasswordResetToken,
} from "~/models/account-token.server.ts";
import { deleteAuthSessionsOf } from "~/models/auth-session.server.ts";
import { findEnabledOperatorBySignInName, setOperatorPasswordHash } from "~/models/operator.server.ts";
import { logError, logInfo } from "~/server/log.server.ts";
import { RESET_REQUEST_LIMITS, RESET_USE_LIMIT, reserveUnderLimits } from "./account-limits.server.ts";

/** A reset link works for an hour, once. */
export const RESET_TOKEN_MS = 60 * 60 * 1000;

/** The link's token is 32 random bytes; only its SHA-256 is stored (as the session cookie's is). */
const hashResetToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A token as the link carries it: 43 base64url characters. Anything else is no link of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The limits of asking for a link, counted before anything is looked up (by the name as typed). */
export function reserveResetRequest(db: Database, ip: string, login: string | null) {
  const name = login?.trim().toLowerCase().slice(0, 254);
  return reserveUnderLimits(db, [
    { bucket: `reset:ip:${ip}`, rule: RESET_REQUEST_LIMITS.address },
    ...(name ? [{ bucket: `reset:login:${name}`, rule: RESET_REQUEST_LIMITS.account }] : []),
  ]);
}

export function reserveResetUse(db: Database, ip: string) {
  return reserveUnderLimits(db, [{ bucket: `reset-use:ip:${ip}`, rule: RESET_USE_LIMIT }]);
}

export type ResetDelivery = {
  /** Undefined when mail is off (no SMTP_URL). */
  mail: MailSettings | undefined;
  /** Our public origin (app/env.server.ts publicOrigin), for the link. */
  origin: string;
  /** The language the person asked in: the e-mail and the page the link opens are in it. */
  language: Language;
};

/**
 * Looks the name up and, for an enabled person, makes and e-mails the link after the caller has
 * answered: a known and an unknown name cost the request the same single query, so neither the answer
 * nor its timing tells whether the address exists. A failure is logged, never shown.
 */
export async function requestPasswordReset(db: Database, login: string, delivery: ResetDelivery) {
  const operator = await findEnabledOperatorBySignInName(db, login);
  if (!operator) return;
  setImmediate(() => {
    deliverResetLink(db, operator, delivery).catch((error: unknown) =>
      logError(error, { event: "account.reset_failed", operatorId: operator.id }),
    );
  });
}

const looksLikeAddress = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

async function deliverResetLink(
  db: Database,
  operator: { id: number; username: string; email: string | null; displayName: string | null },
  { mail, origin, language }: ResetDelivery,
) {
  // The operator named at start-up may have no address: their sign-in name is one only if it looks like one.
  const address = operator.email ?? (looksLikeAddress(operator.username) ? operator.username : null);
  if (!mail) {
    // The provider reads this in the log and can set the person's password another way (ADMIN_PASSWORD, the team page).
    logInfo("account.reset_requested_mail_off", { operatorId: operator.id });
    return;
  }
  if (!address) {
    logInfo("account.reset_requested_no_address", { operatorId: operator.id });
    return;
  }
  const token = randomBytes(32).toString("base64url");
  await replacePasswordResetToken(db, {
    id: hashResetToken(token),
    operatorId: operator.id,
    expiresAt: new Date(Date.now() + RESET_TOKEN_MS),
  });
  const link = `${origin}/reset-password/${token}?lng=${language}`;
  const message = await composeResetMail(link, operator.displayName ?? operator.username, language);
  const attempt = await sendMail(mail, { to: address, ...message });
  if (attempt.ok) logInfo("account.reset_sent", { operatorId: operator.id });
  else logError(new Error(attempt.error ?? "refused"), { event: "account.reset_mail_failed", operatorId: operator.id });
}

async function composeResetMail(link: string, name: string, language: Language) {
  const t = (await getI18nInstance(language)).getFixedT(language, "account");
  const lines = [t("mail.hello", { name }), "", t("mail.intro"), "", link, "", t("mail.expiry"), t("mail.ignore")];
  const html = `<!doctype html><html lang="${language}" dir="${directionOf(language)}"><body style="font-family:sans-serif">
<p>${escapeHtml(t("mail.hello", { name }))}</p><p>${escapeHtml(t("mail.intro"))}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(t("mail.button"))}</a></p>
<p>${escapeHtml(t("mail.expiry"))}<br>${escapeHtml(t("mail.ignore"))}</p></body></html>`;
  return { subject: t("mail.subject"), text: lines.join("\n"), html };
}

/** Whether a reset link still works (the page shows its form only then). */
export async function isResetTokenLive(db: Database, token: string) {
  if (!TOKEN_SHAPE.test(token)) return false;
  return (await findLivePasswordResetToken(db, hashResetToken(token))) !== undefined;
}

/**
 * Uses a link: marks it used, sets the new password and ends every session of its person (whoever
 * had the old password is out). Answers false when the link was not live, changing nothing.
 */
export async function resetPassword(db: Database, token: string, password: string) {
  if (!TOKEN_SHAPE.test(token)) return false;
  const id = hashResetToken(token);
  if (!(await findLivePasswordResetToken(db, id))) return false;
  // Hashed before the transaction: scrypt is slow, and no lock should wait on it.
  const passwordHash = await hashPassword(password);
  const ended = await db.transaction(async (tx) => {
    const operatorId = await usePasswordResetToken(tx, id);
    if (operatorId === undefined) return null;
    await setOperatorPasswordHash(tx, operatorId, passwordHash);
    return deleteAuthSessionsOf(tx, operatorId);
  });
  if (ended === null) return false;
  for (const sessionId of ended) endLiveStreamsOf(sessionId);
  return true;
}
