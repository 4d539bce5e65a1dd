import { eq } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { trainingConfigs } from "#db/schema.ts";

/** The greeting the chat opens with: empty when the client has none (or no training config yet). */
export async function findGreeting(db: Database, clientId: number): Promise<string> {
  const [config] = await db
    .select({ greeting: trainingConfigs.greeting })
    .from(trainingConfigs)
    .where(eq(trainingConfigs.clientId, clientId))
    .limit(1);
  return config?.greeting.trim() ?? "";
}
