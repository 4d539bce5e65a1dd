import { eq } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { businessHours, clients, salesConfigs, trainingConfigs } from "#db/schema.ts";

/**
 * What the assistant reads of a client for every answer, in one round trip instead of three: its
 * training, its sales settings and its stored opening hours, each undefined until the client saves it.
 */
export async function findAnswerSettings(db: Database, clientId: number) {
  const [row] = await db
    .select({
      training: trainingConfigs,
      sales: salesConfigs,
      hours: { weekly: businessHours.weekly, closedOnHolidays: businessHours.closedOnHolidays },
    })
    .from(clients)
    .leftJoin(trainingConfigs, eq(trainingConfigs.clientId, clients.id))
    .leftJoin(salesConfigs, eq(salesConfigs.clientId, clients.id))
    .leftJoin(businessHours, eq(businessHours.clientId, clients.id))
    .where(eq(clients.id, clientId))
    .limit(1);
  return { training: row?.training ?? undefined, sales: row?.sales ?? undefined, hours: row?.hours ?? undefined };
}
