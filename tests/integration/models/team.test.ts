import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "#db/connection.ts";
import { operators } from "#db/schema.ts";
import { changeRole, disableMember, PROVIDER_TEAM } from "~/team/team.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";

/**
 * The last owner under concurrency: two owners demoting (or disabling) each other at the same moment,
 * on PostgreSQL through two connections as two app servers would: one change goes through, the other
 * finds itself the last owner.
 */
describe.each(testDrivers)("the team's last owner (%s)", (driver) => {
  it("survives two owners demoting and disabling each other at once", async () => {
    const handle = await openTestDatabase(driver);
    const other = handle.url ? await openDatabase({ url: handle.url, migrate: false }) : handle;
    try {
      const [a, b] = await handle.db
        .insert(operators)
        .values([
          { username: "owner-a", passwordHash: "x", role: "owner" },
          { username: "owner-b", passwordHash: "x", role: "owner" },
        ])
        .returning({ id: operators.id });
      for (let round = 0; round < 5; round++) {
        const outcomes = await Promise.all([
          changeRole(handle.db, PROVIDER_TEAM, a!.id, "agent"),
          changeRole(other.db, PROVIDER_TEAM, b!.id, "agent"),
        ]);
        expect(outcomes.sort()).toEqual(["done", "lastOwner"]);
        const disabled = await Promise.all([
          disableMember(handle.db, PROVIDER_TEAM, a!.id),
          disableMember(other.db, PROVIDER_TEAM, b!.id),
        ]);
        // Whoever is still the owner is the last one: disabling them is refused; the demoted one goes.
        expect(disabled.sort()).toEqual(["done", "lastOwner"]);
        // Back to two owners for the next round.
        await handle.db.update(operators).set({ role: "owner", disabledAt: null });
      }
      // An owner invited but without a password yet does not count: they cannot sign in.
      await handle.db.insert(operators).values({ username: "owner-c", role: "owner" });
      await handle.db.update(operators).set({ role: "agent" }).where(eq(operators.id, b!.id));
      expect(await changeRole(handle.db, PROVIDER_TEAM, a!.id, "admin")).toBe("lastOwner");
    } finally {
      if (other !== handle) await other.close();
      await handle.close();
    }
  }, 60_000);
});
