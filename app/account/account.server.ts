import { createHash } from "node:crypto";
import type { Database } from "#db/connection.ts";
import { hashPassword, verifyPassword } from "~/auth/password.server.ts";
import { endLiveStreamsOf } from "~/live/live-stream.server.ts";
import { deleteAuthSessionOf, deleteAuthSessionsOf, listLiveAuthSessionsOf } from "~/models/auth-session.server.ts";
import { findOperatorAccount, setOperatorPasswordHash } from "~/models/operator.server.ts";
import { CURRENT_PASSWORD_LIMIT, giveBack, reserveUnderLimits } from "./account-limits.server.ts";
import { summarizeUserAgent, type DeviceSummary } from "./user-agent.ts";

/**
 * A session's name on /account: derived from its stored id (itself the SHA-256 of the cookie's token)
 * so the page never shows what the table keys sessions by. Only its own person's sessions are looked
 * up by it, so a handle of someone else's session names nothing.
 */
const handleOf = (sessionId: string) =>
  createHash("sha256").update(`session-handle:${sessionId}`).digest("base64url").slice(0, 22);

export type AccountSession = {
  handle: string;
  createdAt: Date;
  ip: string | null;
  device: DeviceSummary;
  current: boolean;
};

export async function loadAccount(db: Database, operatorId: number, currentSessionId: string) {
  const [operator, sessions] = await Promise.all([
    findOperatorAccount(db, operatorId),
    listLiveAuthSessionsOf(db, operatorId),
  ]);
  if (!operator) return undefined;
  const listed: AccountSession[] = sessions.map((session) => ({
    handle: handleOf(session.id),
    createdAt: session.createdAt,
    ip: session.ip,
    device: summarizeUserAgent(session.userAgent),
    current: session.id === currentSessionId,
  }));
  // This session first, then the others, newest first.
  listed.sort((a, b) => Number(b.current) - Number(a.current));
  const { passwordHash: _hash, ...person } = operator;
  return { person, sessions: listed };
}

export type PasswordChange =
  { kind: "changed"; endedSessions: number } | { kind: "wrong" } | { kind: "limited"; retryAfterSeconds: number };

/**
 * Checks the current password under the sign-in's limits (a wrong one counts, a right one is given
 * back), then sets the new one and ends every other session of the person: whoever knew the old
 * password elsewhere is out, this browser stays in.
 */
export async function changePassword(
  db: Database,
  { operatorId, sessionId }: { operatorId: number; sessionId: string },
  passwords: { currentPassword: string; password: string },
): Promise<PasswordChange> {
  const reservation = await reserveUnderLimits(db, [
    { bucket: `password:operator:${operatorId}`, rule: CURRENT_PASSWORD_LIMIT },
  ]);
  if (reservation.kind === "limited") return reservation;
  const operator = await findOperatorAccount(db, operatorId);
  if (!operator?.passwordHash || !(await verifyPassword(passwords.currentPassword, operator.passwordHash))) {
    return { kind: "wrong" };
  }
  await giveBack(db, reservation);
  const passwordHash = await hashPassword(passwords.password);
  const ended = await db.transaction(async (tx) => {
    await setOperatorPasswordHash(tx, operatorId, passwordHash);
    return deleteAuthSessionsOf(tx, operatorId, sessionId);
  });
  for (const id of ended) endLiveStreamsOf(id);
  return { kind: "changed", endedSessions: ended.length };
}

/** Ends one of the person's other sessions by its handle; false when they have no such other session. */
export async function signOutSession(db: Database, operatorId: number, currentSessionId: string, handle: string) {
  const sessions = await listLiveAuthSessionsOf(db, operatorId);
  const session = sessions.find((candidate) => handleOf(candidate.id) === handle && candidate.id !== currentSessionId);
  if (!session || !(await deleteAuthSessionOf(db, operatorId, session.id))) return false;
  endLiveStreamsOf(session.id);
  return true;
}

/** Ends every session of the person but this one; answers how many ended. */
export async function signOutOtherSessions(db: Database, operatorId: number, currentSessionId: string) {
  const ended = await deleteAuthSessionsOf(db, operatorId, currentSessionId);
  for (const id of ended) endLiveStreamsOf(id);
  return ended.length;
}
