import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import {
  chatSessions,
  clientPrivacy,
  clients,
  completedFunctions,
  leadDeliveries,
  messageImages,
  messages,
} from "#db/schema.ts";

export type PrivacySettings = { retentionDays: number; askConsent: boolean; privacyPolicyUrl: string | null };

export async function findPrivacySettings(db: Database, clientId: number): Promise<PrivacySettings | undefined> {
  const [row] = await db
    .select({
      retentionDays: clientPrivacy.retentionDays,
      askConsent: clientPrivacy.askConsent,
      privacyPolicyUrl: clientPrivacy.privacyPolicyUrl,
    })
    .from(clientPrivacy)
    .where(eq(clientPrivacy.clientId, clientId))
    .limit(1);
  return row;
}

/** Saves the retention and, when given, the consent settings; what is left out keeps its value or default. */
export async function savePrivacySettings(
  db: Database,
  clientId: number,
  settings: Pick<PrivacySettings, "retentionDays"> & Partial<PrivacySettings>,
) {
  await db
    .insert(clientPrivacy)
    .values({ clientId, ...settings })
    .onConflictDoUpdate({ target: clientPrivacy.clientId, set: { ...settings, updatedAt: new Date() } });
}

export type RetentionRemoval = {
  sessions: number;
  messages: number;
  images: number;
  functionsRedacted: number;
  leadDeliveries: number;
};

/**
 * Deletes the conversations whose last message is older than their client's retention (a client
 * without a setting keeps `defaultDays`), and never one that ends on or after `keepFrom` (a month the
 * bills may still read). Their messages and images go with them; completed functions stay, without
 * the visitor's details; the usage and analytics rollups keep their counts (migration 0016). Lead
 * deliveries (e-mails and webhooks, which carry the visitor's details) older than the retention go too.
 * Run inside a transaction: the rollup setting is local to it.
 */
export async function deleteExpiredConversations(
  db: Database,
  { now, keepFrom, defaultDays }: { now: Date; keepFrom: Date; defaultDays: number },
): Promise<RetentionRemoval> {
  const expired = await db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .innerJoin(clients, eq(clients.id, chatSessions.clientId))
    .leftJoin(clientPrivacy, eq(clientPrivacy.clientId, chatSessions.clientId))
    .where(
      sql`${chatSessions.lastMessageAt} < least(${keepFrom.toISOString()}::timestamptz,
        ${now.toISOString()}::timestamptz - make_interval(days => coalesce(${clientPrivacy.retentionDays}, ${defaultDays})))`,
    );
  const deliveries = await db
    .delete(leadDeliveries)
    .where(
      sql`${leadDeliveries.createdAt} < least(${keepFrom.toISOString()}::timestamptz,
        ${now.toISOString()}::timestamptz - make_interval(days => coalesce((select ${clientPrivacy.retentionDays}
          from ${clientPrivacy} where ${clientPrivacy.clientId} = ${leadDeliveries.clientId}), ${defaultDays})))`,
    )
    .returning({ id: leadDeliveries.id });
  const ids = expired.map((row) => row.id);
  if (ids.length === 0) {
    return { sessions: 0, messages: 0, images: 0, functionsRedacted: 0, leadDeliveries: deliveries.length };
  }

  await db.execute(sql`select set_config('alex.keep_rollups', 'on', true)`);
  const [messageCount] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(inArray(messages.sessionId, ids));
  const [imageCount] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messageImages)
    .innerJoin(messages, eq(messages.id, messageImages.messageId))
    .where(inArray(messages.sessionId, ids));
  const redacted = await db
    .update(completedFunctions)
    .set({ clientDetails: {} })
    .where(inArray(completedFunctions.sessionId, ids))
    .returning({ id: completedFunctions.id });
  await db.delete(chatSessions).where(inArray(chatSessions.id, ids));
  return {
    sessions: ids.length,
    messages: messageCount?.count ?? 0,
    images: imageCount?.count ?? 0,
    functionsRedacted: redacted.length,
    leadDeliveries: deliveries.length,
  };
}
