import type { Database } from "#db/connection.ts";
import { clients } from "#db/schema.ts";
import { type ClientStatus } from "#db/vocabulary.ts";

/** A client created at a fixed moment, its e-mail, domain and license key derived from its name. */
export async function addClient(db: Database, name: string, createdAt: string, status: ClientStatus = "active") {
  const [client] = await db
    .insert(clients)
    .values({
      businessName: name,
      ownerEmail: `${name.toLowerCase()}@example.com`,
      websiteDomain: `${name.toLowerCase()}.example`,
      businessType: "services",
      status,
      licenseKey: `alex_${name.toLowerCase().padEnd(32, "0")}`,
      createdAt: new Date(createdAt),
    })
    .returning();
  return client!;
}
