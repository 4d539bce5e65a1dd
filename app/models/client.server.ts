import { asc, eq } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { clients } from "#db/schema.ts";

export type Client = typeof clients.$inferSelect;

/** The provider's own client: the public pages and the chat demo talk to Alex through it. */
export async function findProviderDemoClient(db: Database) {
  const [client] = await db
    .select({ id: clients.id, businessName: clients.businessName, licenseKey: clients.licenseKey, status: clients.status })
    .from(clients)
    .where(eq(clients.isProviderDemo, true))
    .limit(1);
  return client;
}

/** The client a widget's license key belongs to: what the chat UI and the message API need to know of it. */
export async function findClientByLicenseKey(db: Database, licenseKey: string) {
  const [client] = await db
    .select({
      id: clients.id,
      businessName: clients.businessName,
      businessType: clients.businessType,
      licenseKey: clients.licenseKey,
      status: clients.status,
      websiteDomain: clients.websiteDomain,
      monthlyMessageCap: clients.monthlyMessageCap,
    })
    .from(clients)
    .where(eq(clients.licenseKey, licenseKey))
    .limit(1);
  return client;
}

/** The client a plugin download is for, by id or by license key. */
export async function findClientForPlugin(db: Database, by: { clientId: number } | { licenseKey: string }) {
  const [client] = await db
    .select({ id: clients.id, businessName: clients.businessName, licenseKey: clients.licenseKey, websiteDomain: clients.websiteDomain })
    .from(clients)
    .where("clientId" in by ? eq(clients.id, by.clientId) : eq(clients.licenseKey, by.licenseKey))
    .limit(1);
  return client;
}

/** Every client, by name: the plugin manager's picker. */
export async function listClientsForPicker(db: Database) {
  return db
    .select({ id: clients.id, businessName: clients.businessName, websiteDomain: clients.websiteDomain, status: clients.status })
    .from(clients)
    .orderBy(asc(clients.businessName), asc(clients.id));
}

export async function findClientById(db: Database, id: number): Promise<Client | undefined> {
  const [client] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  return client;
}
