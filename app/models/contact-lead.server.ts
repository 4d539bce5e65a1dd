import { count, desc, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { contactLeads } from "#db/schema.ts";

export type NewContactLead = {
  fullName: string;
  phone: string;
  email: string;
  marketingConsent: boolean;
  language: string;
};

export async function createContactLead(db: Database, lead: NewContactLead) {
  const [created] = await db.insert(contactLeads).values(lead).returning({ id: contactLeads.id });
  return created!;
}

export type ContactLead = NewContactLead & { id: number; createdAt: Date };

export async function countContactLeads(db: Database) {
  const [row] = await db.select({ total: count() }).from(contactLeads);
  return row?.total ?? 0;
}

/** Newest first, `limit` at a time; `afterId` continues after that row (compared on the stored timestamp, not a rounded Date). */
export async function listContactLeads(
  db: Database,
  { limit = 100, afterId }: { limit?: number; afterId?: number } = {},
): Promise<ContactLead[]> {
  return db
    .select()
    .from(contactLeads)
    .where(
      afterId === undefined
        ? undefined
        : sql`(${contactLeads.createdAt}, ${contactLeads.id}) < (select created_at, id from contact_leads where id = ${afterId})`,
    )
    .orderBy(desc(contactLeads.createdAt), desc(contactLeads.id))
    .limit(limit);
}
