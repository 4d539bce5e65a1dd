import { eq } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { clients } from "#db/schema.ts";

/** The provider's own client: the public pages and the chat demo talk to Alex through it. */
export async function findProviderDemoClient(db: Database) {
  const [client] = await db
    .select({ id: clients.id, businessName: clients.businessName, licenseKey: clients.licenseKey, status: clients.status })
    .from(clients)
    .where(eq(clients.isProviderDemo, true))
    .limit(1);
  return client;
}

/** The client a widget's license key belongs to, with what the message API needs to admit a message. */
export async function findClientByLicenseKey(db: Database, licenseKey: string) {
  const [client] = await db
    .select({
      id: clients.id,
      businessName: clients.businessName,
      businessType: clients.businessType,
      status: clients.status,
      monthlyMessageCap: clients.monthlyMessageCap,
    })
    .from(clients)
    .where(eq(clients.licenseKey, licenseKey))
    .limit(1);
  return client;
}
