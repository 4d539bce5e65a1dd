import { count } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { contactLeads } from "#db/schema.ts";
import { listNewestFirst, type NewestFirstPage } from "./newest-first.server.ts";

export type ContactLead = typeof contactLeads.$inferSelect;
export type NewContactLead = Omit<typeof contactLeads.$inferInsert, "id" | "createdAt">;

export async function createContactLead(db: Database, lead: NewContactLead) {
  const [created] = await db.insert(contactLeads).values(lead).returning({ id: contactLeads.id });
  return created!;
}

export async function countContactLeads(db: Database) {
  const [row] = await db.select({ total: count() }).from(contactLeads);
  return row?.total ?? 0;
}

export function listContactLeads(db: Database, page?: NewestFirstPage): Promise<ContactLead[]> {
  return listNewestFirst(db, contactLeads, page);
}
