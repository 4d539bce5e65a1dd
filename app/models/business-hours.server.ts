import { eq } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { businessHours } from "#db/schema.ts";

export type StoredBusinessHours = Pick<typeof businessHours.$inferSelect, "weekly" | "closedOnHolidays">;

/** The opening hours a client saved, or undefined when it never did. */
export async function findBusinessHours(db: Database, clientId: number): Promise<StoredBusinessHours | undefined> {
  const [row] = await db
    .select({ weekly: businessHours.weekly, closedOnHolidays: businessHours.closedOnHolidays })
    .from(businessHours)
    .where(eq(businessHours.clientId, clientId))
    .limit(1);
  return row;
}

export async function saveBusinessHours(db: Database, clientId: number, hours: StoredBusinessHours) {
  const values = { weekly: hours.weekly, closedOnHolidays: hours.closedOnHolidays, updatedAt: new Date() };
  await db
    .insert(businessHours)
    .values({ clientId, ...values })
    .onConflictDoUpdate({ target: businessHours.clientId, set: values });
}
