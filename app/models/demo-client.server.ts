import { eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { clientPrivacy, clients } from "#db/schema.ts";

/**
 * The public demo's client (`clients.is_demo`): /minimal-chat-demo and the investor pages talk to
 * Alex through it. Its conversations are real, so the chat sessions monitor shows them, but it is
 * nobody's business: it is never billed, and bills, billing totals, analytics, the dashboard and
 * the client list leave it out.
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
