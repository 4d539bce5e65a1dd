import { count, eq } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { contactLeads, operators } from "#db/schema.ts";
import { countLeadsWhere, leadConditions, newestFirst, type LeadFilter, type LeadPage } from "./lead-filter.server.ts";
import { listNewestFirst, type NewestFirstPage } from "./newest-first.server.ts";
import { personName } from "./operator.server.ts";

export type ContactLead = typeof contactLeads.$inferSelect;
export type NewContactLead = Omit<typeof contactLeads.$inferInsert, "id" | "createdAt" | "handledAt" | "handledBy">;
export type ListedContactLead = ContactLead & { handledByName: string | null };

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

const contactConditions = (filter: LeadFilter) =>
  leadConditions(filter, [contactLeads.fullName, contactLeads.email, contactLeads.phone], contactLeads.handledAt);

export function countContactLeadsMatching(db: Database, filter: LeadFilter) {
  return countLeadsWhere(db, contactLeads, contactConditions(filter));
}

/** One page of the leads that match, newest first, with the name of the operator who handled each. */
export async function listContactLeadsMatching(
  db: Database,
  filter: LeadFilter,
  { limit, offset }: LeadPage,
): Promise<ListedContactLead[]> {
  const rows = await db
    .select({ lead: contactLeads, handledByName: personName })
    .from(contactLeads)
    .leftJoin(operators, eq(operators.id, contactLeads.handledBy))
    .where(contactConditions(filter))
    .orderBy(...newestFirst(contactLeads))
    .limit(limit)
    .offset(offset);
  return rows.map(({ lead, handledByName }) => ({ ...lead, handledByName }));
}

/** Marks the lead handled by this operator now, or unhandled (`handled` null); false when there is no such lead. */
export async function setContactLeadHandled(
  db: Database,
  id: number,
  handled: { operatorId: number; at: Date } | null,
) {
  const updated = await db
    .update(contactLeads)
    .set({ handledAt: handled?.at ?? null, handledBy: handled?.operatorId ?? null })
    .where(eq(contactLeads.id, id))
    .returning({ id: contactLeads.id });
  return updated.length > 0;
}
