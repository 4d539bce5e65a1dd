import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/connection.ts";
import { DEFAULT_BUSINESS_HOURS } from "~/hours/business-hours.ts";
import { findAnswerSettings } from "~/models/answer-settings.server.ts";
import { saveBusinessHours } from "~/models/business-hours.server.ts";
import { saveSalesConfig } from "~/models/sales-config.server.ts";
import { createTraining } from "~/training/training.server.ts";
import { insertClient } from "../../support/factories.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";

describe.each(testDrivers)("a client's answer settings in one query, on %s", (driver) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(driver);
  });
  afterAll(() => handle.close());

  it("has none of them until the client saves them", async () => {
    const client = await insertClient(handle.db, { businessName: "Nothing Saved Yet" });
    expect(await findAnswerSettings(handle.db, client.id)).toEqual({
      training: undefined,
      sales: undefined,
      hours: undefined,
    });
  });

  it("reads the client's own training, sales settings and hours, never another client's", async () => {
    const client = await insertClient(handle.db, { businessName: "Haifa Bakery" });
    const neighbour = await insertClient(handle.db, { businessName: "Next Door" });
    await createTraining(handle.db, client.id, {
      businessType: "restaurant",
      businessInfo: "Sourdough every morning.",
    });
    await saveSalesConfig(handle.db, client.id, { salesStyle: "consultative" });
    await saveBusinessHours(handle.db, client.id, {
      weekly: [...DEFAULT_BUSINESS_HOURS.weekly],
      closedOnHolidays: true,
    });
    await saveSalesConfig(handle.db, neighbour.id, { salesStyle: "hybrid" });

    const settings = await findAnswerSettings(handle.db, client.id);
    expect(settings.training).toMatchObject({ clientId: client.id, businessInfo: "Sourdough every morning." });
    expect(settings.sales).toMatchObject({ clientId: client.id, salesStyle: "consultative" });
    expect(settings.hours).toEqual({ weekly: DEFAULT_BUSINESS_HOURS.weekly, closedOnHolidays: true });

    const neighbours = await findAnswerSettings(handle.db, neighbour.id);
    expect(neighbours).toMatchObject({ training: undefined, hours: undefined });
    expect(neighbours.sales).toMatchObject({ clientId: neighbour.id, salesStyle: "hybrid" });
  });
});
