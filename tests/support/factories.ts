import type { Database } from "#db/connection.ts";
import { generateLicenseKey } from "#db/license-key.ts";
import { clients } from "#db/schema.ts";

let made = 0;

/**
 * The tests' one way to make a client row: plausible defaults (its e-mail and domain follow its name,
 * a fresh well-formed license key), any column given overrides them. Returns the whole row.
 */
export async function insertClient(db: Database, fields: Partial<typeof clients.$inferInsert> = {}) {
  made += 1;
  const businessName = fields.businessName ?? `Test client ${made}`;
  const slug =
    businessName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || `client-${made}`;
  const [client] = await db
    .insert(clients)
    .values({
      businessName,
      ownerEmail: `owner@${slug}.example`,
      websiteDomain: `${slug}.example`,
      businessType: "services",
      licenseKey: generateLicenseKey(),
      ...fields,
    })
    .returning();
  return client!;
}
