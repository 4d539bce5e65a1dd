import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "#db/connection.ts";
import { chatSessions, clients, completedFunctions } from "#db/schema.ts";
import { getCompletedFunctionTotals, listCompletedFunctions } from "~/models/completed-function.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";

const TZ = "Asia/Jerusalem";

describe.each(testDrivers)("completed functions on %s", (driver) => {
  let handle: DatabaseHandle;
  let db: Database;
  let alphaId: number;

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
    const inserted = await db
      .insert(clients)
      .values(
        ["Alpha", "Bravo"].map((name) => ({
          businessName: name,
          ownerEmail: `${name}@example.com`,
          websiteDomain: `${name}.example`,
          businessType: "events",
          licenseKey: `alex_${name.toLowerCase().padEnd(32, "1")}`,
        })),
      )
      .returning();
    const [alpha, bravo] = inserted as [(typeof inserted)[number], (typeof inserted)[number]];
    alphaId = alpha.id;
    const [session] = await db
      .insert(chatSessions)
      .values({ publicId: "sess_functions_1", clientId: alpha.id })
      .returning();
    await db.insert(completedFunctions).values([
      // 9 March 00:30 in Jerusalem, still 8 March in UTC.
      {
        clientId: alpha.id,
        sessionId: session!.id,
        functionType: "party_planning_consultation_complete",
        completedAt: new Date("2026-03-08T22:30:00Z"),
        clientDetails: { phone: "050-1234567" },
      },
      {
        clientId: alpha.id,
        functionType: "client_introduction_complete",
        completedAt: new Date("2026-03-10T10:00:00Z"),
        profitCents: 200,
      },
      {
        clientId: bravo.id,
        functionType: "client_introduction_complete",
        completedAt: new Date("2026-03-12T10:00:00Z"),
      },
    ]);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("lists newest first with the client's name and the session's public id", async () => {
    const rows = await listCompletedFunctions(db);
    expect(rows.map((row) => [row.businessName, row.functionType, row.sessionPublicId])).toEqual([
      ["Bravo", "client_introduction_complete", null],
      ["Alpha", "client_introduction_complete", null],
      ["Alpha", "party_planning_consultation_complete", "sess_functions_1"],
    ]);
  });

  it("filters by client, type and local calendar days, and totals what it keeps", async () => {
    const byClient = { clientId: alphaId, timeZone: TZ };
    expect(await getCompletedFunctionTotals(db, byClient)).toEqual({
      completed: 2,
      profitCents: 300,
      averageProfitCents: 150,
    });
    const byType = await listCompletedFunctions(db, { functionType: "party_planning_consultation_complete" });
    expect(byType).toHaveLength(1);
    // The first function happened on 9 March in Jerusalem.
    expect(await listCompletedFunctions(db, { fromDay: "2026-03-09", toDay: "2026-03-09", timeZone: TZ })).toHaveLength(
      1,
    );
    expect(await listCompletedFunctions(db, { toDay: "2026-03-08", timeZone: TZ })).toHaveLength(0);
    expect(await getCompletedFunctionTotals(db, { fromDay: "2026-03-10", timeZone: TZ })).toEqual({
      completed: 2,
      profitCents: 300,
      averageProfitCents: 150,
    });
    expect(await getCompletedFunctionTotals(db, { fromDay: "2027-01-01", timeZone: TZ })).toEqual({
      completed: 0,
      profitCents: 0,
      averageProfitCents: 0,
    });
  });

  it("pages by number and after a row, missing none", async () => {
    const second = await listCompletedFunctions(db, {}, { limit: 2, offset: 2 });
    expect(second.map((row) => row.functionType)).toEqual(["party_planning_consultation_complete"]);
    const first = await listCompletedFunctions(db, {}, { limit: 2 });
    const rest = await listCompletedFunctions(db, {}, { limit: 2, afterId: first.at(-1)!.id });
    expect([...first, ...rest].map((row) => row.id)).toEqual((await listCompletedFunctions(db)).map((row) => row.id));
  });
});
