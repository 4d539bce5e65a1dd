import { eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { clientPrivacy, clients } from "#db/schema.ts";

/**
 * The public demo's client (`clients.is_demo`): /minimal-chat-demo and the investor pages talk to
 * Alex through it. Its conversations are real but nobody's business: they cost nothing, and bills,
 * billing totals, analytics, the dashboard, the client list and its pickers, the chat sessions
 * monitor, the completed functions and the back office's live events leave it out.
 */
export async function findDemoClient(db: Database) {
  const [client] = await db
    .select({
      id: clients.id,
      businessName: clients.businessName,
      licenseKey: clients.licenseKey,
      status: clients.status,
      // Like every client, the demo asks consent unless its privacy settings say otherwise.
      askConsent: sql<boolean>`coalesce(${clientPrivacy.askConsent}, true)`,
      privacyPolicyUrl: clientPrivacy.privacyPolicyUrl,
    })
    .from(clients)
    .leftJoin(clientPrivacy, eq(clientPrivacy.clientId, clients.id))
    .where(eq(clients.isDemo, true))
    .limit(1);
  return client;
}

/**
 * A row whose client id is in `column` is not the demo's. A subquery rather than a join, so a count
 * over an index holding the client id (sessions by start, messages by time) still reads that index alone.
 */
export const notDemoClient = (column: AnyColumn): SQL =>
  sql`${column} not in (select ${clients.id} from ${clients} where ${clients.isDemo})`;
