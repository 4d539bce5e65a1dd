import { createHash, randomBytes } from "node:crypto";
import { createCookie, type Cookie, type CookieOptions } from "react-router";
import type { Database } from "#db/connection.ts";
import type { AuthenticatedOperator } from "~/context.ts";
import {
  deleteAuthSession,
  extendAuthSession,
  findLiveAuthSession,
  insertAuthSession,
} from "~/models/auth-session.server.ts";
import { recordSignIn } from "~/models/operator.server.ts";

const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_MS = SESSION_DAYS * DAY_MS;

let cookie: Cookie | undefined;
let cookieSecret: string | undefined;

/** The cookie is signed with SESSION_SECRET; the session itself lives in the database. */
export function configureSessionCookie(secret: string) {
  cookieSecret = secret;
  cookie = undefined;
}

function sessionCookie(request: Request) {
  if (!cookieSecret) throw new Error("The session cookie is not configured: the runtime has not started.");
  cookie ??= createCookie("alex_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [cookieSecret],
  });
  const secure = new URL(request.url).protocol === "https:";
  return { cookie, secure };
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export async function createAuthSession(
  db: Database,
  request: Request,
  operatorId: number,
  ip: string,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_MS);
  await insertAuthSession(db, {
    id: hashToken(token),
    operatorId,
    expiresAt,
    ip,
    userAgent: request.headers.get("User-Agent")?.slice(0, 500) ?? null,
  });
  await recordSignIn(db, operatorId);
  return serializeSessionCookie(request, token, expiresAt);
}

async function serializeSessionCookie(request: Request, token: string, expiresAt: Date) {
  const { cookie, secure } = sessionCookie(request);
  return cookie.serialize(token, { expires: expiresAt, maxAge: SESSION_MS / 1000, secure });
}

async function readToken(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("alex_session=")) return null;
  const value = await sessionCookie(request).cookie.parse(header);
  return typeof value === "string" && value ? value : null;
}

export type OperatorSession = {
  operator: AuthenticatedOperator;
  sessionId: string;
  refreshedCookie: string | null;
  /** The team requires a second factor and this person has none yet. */
  secondFactorMissing: boolean;
};

/**
 * The operator behind the request's cookie, or null. Sliding expiry: once a day at most,
 * a used session is pushed back to 30 days from now and the cookie re-sent.
 */
export async function getOperatorSession(db: Database, request: Request): Promise<OperatorSession | null> {
  const token = await readToken(request);
  if (!token) return null;
  const id = hashToken(token);
  const now = new Date();
  const session = await findLiveAuthSession(db, id, now);
  if (!session) return null;
  let refreshedCookie: string | null = null;
  if (session.expiresAt.getTime() - now.getTime() < SESSION_MS - DAY_MS) {
    const expiresAt = new Date(now.getTime() + SESSION_MS);
    await extendAuthSession(db, id, expiresAt);
    refreshedCookie = await serializeSessionCookie(request, token, expiresAt);
  }
  const operator = {
    id: session.operatorId,
    username: session.username,
    displayName: session.displayName,
    role: session.role,
    clientId: session.clientId,
  };
  return { operator, sessionId: id, refreshedCookie, secondFactorMissing: session.secondFactorMissing === true };
}

/** Whether the session (its stored id) is still signed in: not logged out, not expired. */
export async function isAuthSessionLive(db: Database, sessionId: string) {
  return (await findLiveAuthSession(db, sessionId)) !== undefined;
}

/**
 * Deletes the session row, so a copy of the cookie is worthless afterwards, and clears the cookie.
 * Answers the cleared cookie and the ended session's id (null when the request carried none).
 */
export async function destroyAuthSession(
  db: Database,
  request: Request,
): Promise<{ cookie: string; sessionId: string | null }> {
  const token = await readToken(request);
  const sessionId = token ? hashToken(token) : null;
  if (sessionId) await deleteAuthSession(db, sessionId);
  const { cookie, secure } = sessionCookie(request);
  return { cookie: await cookie.serialize("", { maxAge: 0, expires: new Date(0), secure }), sessionId };
}

/** Another cookie signed with SESSION_SECRET, for a step before the session exists (the second factor's). */
export function signedCookie(name: string, options: Omit<CookieOptions, "secrets">): Cookie {
  if (!cookieSecret) throw new Error("The session cookie is not configured: the runtime has not started.");
  return createCookie(name, { ...options, secrets: [cookieSecret] });
}
