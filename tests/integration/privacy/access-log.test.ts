import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "#db/connection.ts";
import { accessLog, operators } from "#db/schema.ts";
import { pruneAccessLogJob } from "~/jobs/jobs.server.ts";
import { runJob } from "~/jobs/runner.server.ts";
import { ACCESS_LOG_PAGE_SIZE, loadAccessLogTab, recordAccessWith } from "~/privacy/access-log.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { insertClient } from "../../support/factories.ts";

const TZ = "Asia/Jerusalem";
const NOW = new Date("2026-11-26T04:00:00+02:00");
const monthsAgo = (months: number, extraDays = 0) => {
  const date = new Date(NOW);
  date.setUTCMonth(date.getUTCMonth() - months);
  return new Date(date.getTime() - extraDays * 86_400_000);
};

describe.each(testDrivers)("the access log, on %s", (driver) => {
  let handle: DatabaseHandle;
  let operator: { id: number; username: string };

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    const [created] = await handle.db
      .insert(operators)
      .values({ username: "auditor", passwordHash: "x" })
      .returning({ id: operators.id, username: operators.username });
    operator = created!;
  });
  afterAll(() => handle.close());

  it("records who viewed which session of which client, from which address", async () => {
    const client = await insertClient(handle.db, { businessName: "Logged" });
    await recordAccessWith(
      handle.db,
      { operator, address: "203.0.113.7" },
      { action: "view_session", clientId: client.id, sessionId: "session-abc" },
    );
    const rows = await handle.db.select().from(accessLog);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operatorId: operator.id,
      operatorName: "auditor",
      action: "view_session",
      clientId: client.id,
      sessionId: "session-abc",
      address: "203.0.113.7",
    });
    expect(Math.abs(rows[0]!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("never throws when the insert fails, whether the database rejects it or breaks at once", async () => {
    const rejecting = {
      insert: () => ({ values: () => Promise.reject(new Error("connection lost")) }),
    } as unknown as Database;
    const throwing = {
      insert: () => {
        throw new Error("closed");
      },
    } as unknown as Database;
    for (const broken of [rejecting, throwing]) {
      let pending: Promise<void> | undefined;
      expect(() => {
        pending = recordAccessWith(broken, { operator, address: "203.0.113.8" }, { action: "export_leads" });
      }).not.toThrow();
      await expect(pending).resolves.toBeUndefined();
    }
  });

  it("pages one client's rows newest first; a page that is not a number or past the end reads as the nearest", async () => {
    const client = await insertClient(handle.db, { businessName: "Paged" });
    const other = await insertClient(handle.db, { businessName: "Other" });
    const total = ACCESS_LOG_PAGE_SIZE + 3;
    await handle.db.insert(accessLog).values(
      Array.from({ length: total }, (_, index) => ({
        operatorId: operator.id,
        operatorName: operator.username,
        action: "view_image" as const,
        clientId: client.id,
        sessionId: `s-${index}`,
        address: "198.51.100.1",
        createdAt: new Date(NOW.getTime() - (total - index) * 60_000),
      })),
    );
    await handle.db
      .insert(accessLog)
      .values({ operatorName: "auditor", action: "export_usage", clientId: other.id, address: "198.51.100.2" });

    const first = await loadAccessLogTab(handle.db, client.id, null);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total });
    expect(first.rows).toHaveLength(ACCESS_LOG_PAGE_SIZE);
    expect(first.rows[0]!.sessionId).toBe(`s-${total - 1}`);
    const second = await loadAccessLogTab(handle.db, client.id, "2");
    expect(second.rows.map((row) => row.sessionId)).toEqual(["s-2", "s-1", "s-0"]);
    for (const bad of ["abc", "-1", "0", "1.5", "99999999999"])
      expect((await loadAccessLogTab(handle.db, client.id, bad)).page, bad).toBe(1);
    expect((await loadAccessLogTab(handle.db, client.id, "40")).page).toBe(2);
    expect(await loadAccessLogTab(handle.db, 2_000_000, "3")).toMatchObject({ page: 1, pageCount: 1, rows: [] });
  });

  it("the daily job keeps 24 months and deletes what is older", async () => {
    await handle.db.delete(accessLog);
    await handle.db.insert(accessLog).values(
      [monthsAgo(1), monthsAgo(23, 27), monthsAgo(24, -1), monthsAgo(24, 1), monthsAgo(30)].map((createdAt, index) => ({
        operatorName: "auditor",
        action: "view_session" as const,
        sessionId: `age-${index}`,
        address: "198.51.100.3",
        createdAt,
      })),
    );
    const run = await runJob(handle.db, pruneAccessLogJob, { now: NOW, timeZone: TZ });
    expect(run).toMatchObject({ outcome: "succeeded", counts: { deleted: 2 } });
    const left = await handle.db.select({ sessionId: accessLog.sessionId }).from(accessLog);
    expect(left.map((row) => row.sessionId).sort()).toEqual(["age-0", "age-1", "age-2"]);
  });
});
