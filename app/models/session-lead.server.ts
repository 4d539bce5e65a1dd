import { and, desc, eq, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { chatSessions, operators } from "#db/schema.ts";
import { countLeadsWhere, leadConditions, type LeadFilter, type LeadPage } from "./lead-filter.server.ts";
import { personName } from "./operator.server.ts";

/**
 * A business's leads: its conversations whose visitor left a way back (a phone number or an e-mail
 * address, app/assistant/contact-details.ts `reachableAt`), each marked handled once someone followed
 * it up. Every query here is one client's: another client's session is never found.
 */
const details = (key: "clientName" | "phone" | "email") =>
  sql<string | null>`${chatSessions.contactDetails} ->> ${key}`;

const isLead = or(isNotNull(details("phone")), isNotNull(details("email")))!;

const clientLeadConditions = (clientId: number, filter: LeadFilter): SQL =>
  and(
    eq(chatSessions.clientId, clientId),
    isLead,
    leadConditions(filter, [details("clientName"), details("phone"), details("email")], chatSessions.leadHandledAt),
  )!;

const leadColumns = {
  id: chatSessions.id,
  publicId: chatSessions.publicId,
  channel: chatSessions.channel,
  contactDetails: chatSessions.contactDetails,
  startedAt: chatSessions.startedAt,
  lastMessageAt: chatSessions.lastMessageAt,
  handledAt: chatSessions.leadHandledAt,
  /** Who followed it up: their name when they gave one, else what they sign in with. */
  handledByName: personName,
};

export type ClientLead = Awaited<ReturnType<typeof listClientLeads>>[number];

export function countClientLeads(db: Database, clientId: number, filter: LeadFilter = {}) {
  return countLeadsWhere(db, chatSessions, clientLeadConditions(clientId, filter));
}

/**
 * One page of the client's leads that match, newest conversation first. `afterId` continues after
 * that session (the CSV export reads page after page), comparing stored timestamps; `offset` serves
 * the page numbers.
 */
export async function listClientLeads(
  db: Database,
  clientId: number,
  filter: LeadFilter,
  { limit, offset, afterId }: Partial<LeadPage> & { limit: number; afterId?: number },
) {
  const after =
    afterId === undefined
      ? undefined
      : sql`(${chatSessions.startedAt}, ${chatSessions.id}) < (select started_at, id from ${chatSessions} where id = ${afterId})`;
  return db
    .select(leadColumns)
    .from(chatSessions)
    .leftJoin(operators, eq(operators.id, chatSessions.leadHandledBy))
    .where(and(clientLeadConditions(clientId, filter), after))
    .orderBy(desc(chatSessions.startedAt), desc(chatSessions.id))
    .limit(limit)
    .offset(offset ?? 0);
}

/**
 * Marks the client's lead (by its session's public id) handled by this person now, or not handled
 * (`handled` null). False when the client has no such lead: another client's session changes nothing.
 */
export async function setClientLeadHandled(
  db: Database,
  clientId: number,
  publicId: string,
  handled: { personId: number; at: Date } | null,
) {
  const updated = await db
    .update(chatSessions)
    .set({ leadHandledAt: handled?.at ?? null, leadHandledBy: handled?.personId ?? null })
    .where(and(eq(chatSessions.publicId, publicId), clientLeadConditions(clientId, {})))
    .returning({ id: chatSessions.id });
  return updated.length > 0;
}
