import QRCode from "qrcode";
import type { Database } from "#db/connection.ts";
import { LOGIN_RATE_LIMIT } from "~/auth/login.server.ts";
import { verifyPassword } from "~/auth/password.server.ts";
import { credentialsKey, decryptSecret, encryptSecret } from "~/checks/credentials.server.ts";
import {
  claimTotpStep,
  countUnusedRecoveryCodes,
  disableSecondFactor,
  enableSecondFactor,
  findRequireSecondFactor,
  findSecondFactorOperator,
  replaceRecoveryCodes,
  savePendingTotpSecret,
  spendRecoveryCode,
} from "~/models/second-factor.server.ts";
import {
  countRateLimitEvents,
  deleteRateLimitEvents,
  recordRateLimitEvents,
  withRateLimitLocks,
} from "~/models/rate-limit.server.ts";
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from "./recovery-codes.server.ts";
import { acceptedTotpStep, newTotpSecret, totpUri } from "./totp.server.ts";

/** Wrong codes are limited as wrong passwords are: ten in 15 minutes (app/auth/login.server.ts). */
export const SECOND_FACTOR_RATE_LIMIT = LOGIN_RATE_LIMIT;

const addressBucket = (ip: string) => `second-factor:ip:${ip}`;
const operatorBucket = (operatorId: number) => `second-factor:operator:${operatorId}`;

export type CodeOutcome<T> =
  { kind: "accepted"; value: T } | { kind: "invalid" } | { kind: "limited"; retryAfterSeconds: number };

/**
 * Runs one code check under the limits, counted as a failure before it runs (and given back when it
 * succeeds), so parallel guesses see each other. Unlike the password's, the person's own limit holds
 * for every address: whoever reaches this step already has the password, and a million codes must not
 * be spread over many addresses.
 */
async function underCodeLimits<T>(
  db: Database,
  operatorId: number,
  ip: string,
  check: () => Promise<T | null>,
  now = new Date(),
): Promise<CodeOutcome<T>> {
  const buckets = [addressBucket(ip), operatorBucket(operatorId)];
  const reservation = await withRateLimitLocks(db, buckets, async (tx) => {
    const rows = await countRateLimitEvents(tx, buckets, new Date(now.getTime() - SECOND_FACTOR_RATE_LIMIT.windowMs));
    const full = rows.filter((row) => row.events >= SECOND_FACTOR_RATE_LIMIT.limit && row.oldest);
    if (full.length > 0) {
      const freeAt = Math.max(
        ...full.map((row) => new Date(row.oldest!).getTime() + SECOND_FACTOR_RATE_LIMIT.windowMs),
      );
      return { limited: true as const, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
    }
    return { limited: false as const, eventIds: await recordRateLimitEvents(tx, buckets) };
  });
  if (reservation.limited) return { kind: "limited", retryAfterSeconds: reservation.retryAfterSeconds };
  const value = await check();
  if (value === null) return { kind: "invalid" };
  await deleteRateLimitEvents(db, reservation.eventIds);
  return { kind: "accepted", value };
}

const secretOf = (stored: string | null) => (stored ? decryptSecret(credentialsKey(), stored) : undefined);

/** Spaced in fours, as authenticator apps show a key typed by hand. */
const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

export type SecondFactorStatus =
  | { state: "off" }
  | { state: "pending"; key: string; qrSvg: string }
  | { state: "on"; since: string; unusedRecoveryCodes: number };

/** What the set-up page shows the person. The key and QR code only while it is being set up. */
export async function loadSecondFactorStatus(db: Database, operatorId: number): Promise<SecondFactorStatus> {
  const operator = await findSecondFactorOperator(db, operatorId);
  if (!operator) return { state: "off" };
  if (operator.totpEnabledAt) {
    return {
      state: "on",
      since: operator.totpEnabledAt.toISOString(),
      unusedRecoveryCodes: await countUnusedRecoveryCodes(db, operatorId),
    };
  }
  const secret = secretOf(operator.totpSecretEncrypted);
  if (!secret) return { state: "off" };
  // An inline SVG: no image request, nothing the Content-Security-Policy has to allow (app/server/security.server.ts).
  const qrSvg = await QRCode.toString(totpUri(secret, operator.username), {
    type: "svg",
    margin: 2,
    errorCorrectionLevel: "M",
  });
  return { state: "pending", key: groupKey(secret), qrSvg };
}

/** A new secret to set up (replacing one not confirmed); refused (false) while one is on. */
export async function startSecondFactorSetup(db: Database, operatorId: number) {
  return savePendingTotpSecret(db, operatorId, encryptSecret(credentialsKey(), newTotpSecret()));
}

/** Confirms the pending secret with a current code: on, and its ten recovery codes, to be shown once. */
export async function confirmSecondFactorSetup(
  db: Database,
  input: { operatorId: number; code: string; ip: string },
  now = new Date(),
): Promise<CodeOutcome<string[]> | { kind: "notPending" }> {
  const operator = await findSecondFactorOperator(db, input.operatorId);
  const secret = secretOf(operator?.totpSecretEncrypted ?? null);
  if (!operator || operator.totpEnabledAt || !secret) return { kind: "notPending" };
  return underCodeLimits(
    db,
    operator.id,
    input.ip,
    async () => {
      const step = acceptedTotpStep(secret, input.code, { now, lastStep: operator.totpLastStep });
      if (step === null) return null;
      const codes = newRecoveryCodes();
      const enabled = await enableSecondFactor(db, {
        operatorId: operator.id,
        step,
        codeHashes: codes.map(hashRecoveryCode),
        now,
      });
      return enabled ? codes : null;
    },
    now,
  );
}

type OperatorRow = NonNullable<Awaited<ReturnType<typeof findSecondFactorOperator>>>;

/**
 * Whether a code proves the person's second factor: the authenticator's current one (its step taken,
 * once) or, where allowed, an unused recovery code (used up). Answers how, or null.
 */
async function provenBy(
  db: Database,
  operator: OperatorRow,
  code: string,
  { allowRecoveryCode, now }: { allowRecoveryCode: boolean; now: Date },
): Promise<"totp" | "recovery" | null> {
  const secret = operator.totpEnabledAt && !operator.disabledAt ? secretOf(operator.totpSecretEncrypted) : undefined;
  if (!secret) return null;
  const step = acceptedTotpStep(secret, code, { now, lastStep: operator.totpLastStep });
  if (step !== null && (await claimTotpStep(db, operator.id, step))) return "totp";
  if (allowRecoveryCode && looksLikeRecoveryCode(code)) {
    if (await spendRecoveryCode(db, operator.id, hashRecoveryCode(code), now)) return "recovery";
  }
  return null;
}

/** A code of the person's second factor, under the limits on wrong codes (the sign-in's second step uses it). */
export async function verifySecondFactorCode(
  db: Database,
  input: { operatorId: number; code: string; ip: string; allowRecoveryCode: boolean },
  now = new Date(),
): Promise<CodeOutcome<"totp" | "recovery">> {
  const operator = await findSecondFactorOperator(db, input.operatorId);
  return underCodeLimits(
    db,
    input.operatorId,
    input.ip,
    async () =>
      operator ? provenBy(db, operator, input.code, { allowRecoveryCode: input.allowRecoveryCode, now }) : null,
    now,
  );
}

/** New recovery codes, after a current code: the old ones stop working. */
export async function renewRecoveryCodes(
  db: Database,
  input: { operatorId: number; code: string; ip: string },
  now = new Date(),
): Promise<CodeOutcome<string[]>> {
  const proof = await verifySecondFactorCode(db, { ...input, allowRecoveryCode: false }, now);
  if (proof.kind !== "accepted") return proof;
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(db, input.operatorId, codes.map(hashRecoveryCode));
  return { kind: "accepted", value: codes };
}

export type TurnOffOutcome = CodeOutcome<true> | { kind: "required" } | { kind: "wrongPassword" };

/**
 * Off, after the password and a code (a recovery code too: it is how someone who lost the phone gets
 * out). Refused while the team requires a second factor.
 */
export async function turnOffSecondFactor(
  db: Database,
  input: { operatorId: number; password: string; code: string; ip: string },
  now = new Date(),
): Promise<TurnOffOutcome> {
  if (await findRequireSecondFactor(db)) return { kind: "required" };
  const operator = await findSecondFactorOperator(db, input.operatorId);
  if (!operator?.totpEnabledAt) return { kind: "accepted", value: true };
  // The password is checked under the same limit as the code: together they are one proof.
  let passwordRight = false;
  const proof = await underCodeLimits(
    db,
    operator.id,
    input.ip,
    async () => {
      passwordRight = Boolean(operator.passwordHash) && (await verifyPassword(input.password, operator.passwordHash!));
      if (!passwordRight) return null;
      return (await provenBy(db, operator, input.code, { allowRecoveryCode: true, now })) ? true : null;
    },
    now,
  );
  if (proof.kind === "invalid" && !passwordRight) return { kind: "wrongPassword" };
  if (proof.kind !== "accepted") return proof;
  await disableSecondFactor(db, operator.id, now);
  return proof;
}
