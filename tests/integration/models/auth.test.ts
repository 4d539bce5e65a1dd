import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import type { Database, DatabaseHandle } from "#db/connection.ts";
import { authSessions } from "#db/schema.ts";
import { hashPassword } from "~/auth/password.server.ts";
import { attemptLogin, LOGIN_RATE_LIMIT } from "~/auth/login.server.ts";
import {
  configureSessionCookie,
  createAuthSession,
  destroyAuthSession,
  getOperatorSession,
} from "~/auth/session.server.ts";
import { deleteExpiredAuthSessions, extendAuthSession } from "~/models/auth-session.server.ts";
import { countOperators, findOperatorByUsername, upsertOperator } from "~/models/operator.server.ts";
import { admitUnderRateLimit, checkRateLimit, countAgainstRateLimit } from "~/server/rate-limit.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";

const cookieHeader = (setCookie: string) => setCookie.split(";")[0]!;
const requestWith = (cookie?: string) =>
  new Request("http://127.0.0.1/admin", { headers: cookie ? { Cookie: cookie, "User-Agent": "test" } : {} });

describe.each(testDrivers)("operators, sessions and rate limits on %s", (driver) => {
  let handle: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
    configureSessionCookie("a-test-secret-that-is-long-enough-1234");
    await upsertOperator(db, "dana", await hashPassword("first-password"));
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("creates an operator once and updates the password on a second upsert", async () => {
    await upsertOperator(db, "dana", await hashPassword("second-password"));
    expect(await countOperators(db)).toBe(1);
    expect((await attemptLogin(db, { username: "dana", password: "second-password" }, "10.0.0.1")).kind).toBe(
      "success",
    );
    expect((await attemptLogin(db, { username: "dana", password: "first-password" }, "10.0.0.1")).kind).toBe("invalid");
  });

  it("keeps a session in the database and forgets it on logout", async () => {
    const operator = await findOperatorByUsername(db, "dana");
    const setCookie = await createAuthSession(db, requestWith(), operator!.id, "10.0.0.2");
    expect(setCookie).toMatch(/HttpOnly/);
    const cookie = cookieHeader(setCookie);

    const session = await getOperatorSession(db, requestWith(cookie));
    expect(session?.operator).toEqual({
      id: operator!.id,
      username: "dana",
      displayName: null,
      role: "owner",
      clientId: null,
    });
    expect(session?.refreshedCookie).toBeNull();

    await destroyAuthSession(db, requestWith(cookie));
    expect(await getOperatorSession(db, requestWith(cookie))).toBeNull();
  });

  it("slides the expiry forward once a day of it has been used, and drops expired sessions", async () => {
    const operator = await findOperatorByUsername(db, "dana");
    const cookie = cookieHeader(await createAuthSession(db, requestWith(), operator!.id, "10.0.0.3"));
    const [row] = await db.select().from(authSessions).orderBy(desc(authSessions.createdAt)).limit(1);
    expect(row?.id).not.toContain(cookie.split("=")[1]);

    await extendAuthSession(db, row!.id, new Date(Date.now() + 20 * 24 * 3600 * 1000));
    const refreshed = await getOperatorSession(db, requestWith(cookie));
    expect(refreshed?.refreshedCookie).toMatch(/Max-Age=2592000/);
    const [extended] = await db.select().from(authSessions).where(eq(authSessions.id, row!.id));
    expect(extended!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);

    await extendAuthSession(db, row!.id, new Date(Date.now() - 1000));
    expect(await getOperatorSession(db, requestWith(cookie))).toBeNull();
    await deleteExpiredAuthSessions(db, new Date());
    expect(await db.select().from(authSessions).where(eq(authSessions.id, row!.id))).toEqual([]);
  });

  it("limits a bucket after its limit within the window and frees it when the oldest event ages out", async () => {
    const rule = { limit: 3, windowMs: 60_000 };
    const bucket = [`test:${driver}`];
    for (let i = 0; i < 3; i++) {
      expect((await checkRateLimit(db, bucket, rule)).limited).toBe(false);
      await countAgainstRateLimit(db, bucket);
    }
    const verdict = await checkRateLimit(db, bucket, rule);
    expect(verdict.limited).toBe(true);
    if (verdict.limited) expect(verdict.retryAfterSeconds).toBeGreaterThan(50);
    const later = await checkRateLimit(db, bucket, rule, new Date(Date.now() + 61_000));
    expect(later.limited).toBe(false);
  });

  it("admits and counts in one step until the limit, then refuses without counting the refusal", async () => {
    const rule = { limit: 3, windowMs: 60_000 };
    const bucket = `test-admit:${driver}`;
    for (let i = 0; i < 3; i++) expect((await admitUnderRateLimit(db, bucket, rule)).limited).toBe(false);
    const refused = await admitUnderRateLimit(db, bucket, rule);
    expect(refused.limited).toBe(true);
    if (refused.limited) expect(refused.retryAfterSeconds).toBeGreaterThan(50);
    // Three admitted calls were counted, the refused one was not.
    expect(await checkRateLimit(db, [bucket], { limit: 3, windowMs: 60_000 })).toMatchObject({ limited: true });
    expect((await checkRateLimit(db, [bucket], { limit: 4, windowMs: 60_000 })).limited).toBe(false);
    const later = await admitUnderRateLimit(db, bucket, rule, new Date(Date.now() + 61_000));
    expect(later.limited).toBe(false);
  });

  it("after ten failed logins for a username, refuses addresses that failed and lets a clean one with the right password in", async () => {
    await upsertOperator(db, "eli", await hashPassword("eli-password"));
    for (let i = 0; i < LOGIN_RATE_LIMIT.limit; i++) {
      expect((await attemptLogin(db, { username: "eli", password: "guess" }, `10.1.0.${i}`)).kind).toBe("invalid");
    }
    expect((await attemptLogin(db, { username: "eli", password: "eli-password" }, "10.1.0.0")).kind).toBe("limited");
    expect((await attemptLogin(db, { username: "eli", password: "eli-password" }, "10.2.0.1")).kind).toBe("success");
  });
});
