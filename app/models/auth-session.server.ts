import { and, desc, eq, gt, isNull, lt, ne } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { authSessions, operators } from "#db/schema.ts";
import { secondFactorMissing } from "./second-factor.server.ts";

export async function insertAuthSession(
  db: Database,
  values: { id: string; operatorId: number; expiresAt: Date; ip: string; userAgent: string | null },
) {
  await db.insert(authSessions).values(values);
}

/** A session that has not expired, of a person who is not disabled: a disabled person's sessions end at once. */
export async function findLiveAuthSession(db: Database, id: string, now = new Date()) {
  const [row] = await db
    .select({
      id: authSessions.id,
      expiresAt: authSessions.expiresAt,
      operatorId: operators.id,
      username: operators.username,
      displayName: operators.displayName,
      role: operators.role,
      clientId: operators.clientId,
      secondFactorMissing,
    })
    .from(authSessions)
    .innerJoin(operators, eq(operators.id, authSessions.operatorId))
    .where(and(eq(authSessions.id, id), gt(authSessions.expiresAt, now), isNull(operators.disabledAt)))
    .limit(1);
  return row;
}

export async function extendAuthSession(db: Database, id: string, expiresAt: Date) {
  await db.update(authSessions).set({ expiresAt }).where(eq(authSessions.id, id));
}

export async function deleteAuthSession(db: Database, id: string) {
  await db.delete(authSessions).where(eq(authSessions.id, id));
}

/** Deletes the sessions that expired before `now`; answers how many went. */
export async function deleteExpiredAuthSessions(db: Database, now: Date) {
  const deleted = await db
    .delete(authSessions)
    .where(lt(authSessions.expiresAt, now))
    .returning({ id: authSessions.id });
  return deleted.length;
}

/** One person's sessions that have not expired, newest first: /account lists them. */
export async function listLiveAuthSessionsOf(db: Database, operatorId: number, now = new Date()) {
  return db
    .select({
      id: authSessions.id,
      createdAt: authSessions.createdAt,
      ip: authSessions.ip,
      userAgent: authSessions.userAgent,
    })
    .from(authSessions)
    .where(and(eq(authSessions.operatorId, operatorId), gt(authSessions.expiresAt, now)))
    .orderBy(desc(authSessions.createdAt), authSessions.id);
}

/** Ends a person's sessions, all of them or all but `keepId`; answers the ids that went. */
export async function deleteAuthSessionsOf(db: Database, operatorId: number, keepId?: string) {
  const deleted = await db
    .delete(authSessions)
    .where(and(eq(authSessions.operatorId, operatorId), keepId ? ne(authSessions.id, keepId) : undefined))
    .returning({ id: authSessions.id });
  return deleted.map((row) => row.id);
}

/** Ends one session only if it is this person's: another's id changes nothing. Answers whether one went. */
export async function deleteAuthSessionOf(db: Database, operatorId: number, id: string) {
  const deleted = await db
    .delete(authSessions)
    .where(and(eq(authSessions.operatorId, operatorId), eq(authSessions.id, id)))
    .returning({ id: authSessions.id });
  return deleted.length > 0;
}
