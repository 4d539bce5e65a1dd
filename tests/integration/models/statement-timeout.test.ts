import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows, StatementTimeout, withStatementTimeout, type DatabaseHandle } from "#db/connection.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";

describe.each(testDrivers)("withStatementTimeout on %s", (driver) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("answers what the work returns", async () => {
    const rows = await withStatementTimeout(handle.db, 1000, (tx) =>
      selectRows<{ one: number }>(tx, sql`select 1 as one`),
    );
    expect(rows).toEqual([{ one: 1 }]);
  });

  it.runIf(driver === "postgres")(
    "stops a query at the timeout, and the pooled connections keep no timeout",
    async () => {
      const started = performance.now();
      await expect(
        withStatementTimeout(handle.db, 100, (tx) => tx.execute(sql`select pg_sleep(5)`)),
      ).rejects.toBeInstanceOf(StatementTimeout);
      expect(performance.now() - started).toBeLessThan(1500);
      // SET LOCAL ends with its transaction: every connection of the pool is back to no timeout.
      const settings = await Promise.all(
        Array.from({ length: 10 }, () =>
          selectRows<{ statement_timeout: string }>(handle.db, sql`show statement_timeout`),
        ),
      );
      for (const [row] of settings) expect(row?.statement_timeout).toBe("0");
    },
  );

  it("lets other errors through as they are", async () => {
    await expect(
      withStatementTimeout(handle.db, 1000, (tx) => tx.execute(sql`select * from no_such_table`)),
    ).rejects.not.toBeInstanceOf(StatementTimeout);
  });
});
