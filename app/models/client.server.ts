import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { generateLicenseKey, LICENSE_KEY_PATTERN } from "#db/license-key.ts";
import { clientPrivacy, clients, clientStatusChanges, operators } from "#db/schema.ts";
import { type ClientStatus, type Plan } from "#db/vocabulary.ts";

export type Client = typeof clients.$inferSelect;

/** The client a widget's license key belongs to: what the chat UI and the message API need to know of it. */
export async function findClientByLicenseKey(db: Database, licenseKey: string) {
  if (!LICENSE_KEY_PATTERN.test(licenseKey)) return undefined;
  const [client] = await db
    .select({
      id: clients.id,
      businessName: clients.businessName,
      businessType: clients.businessType,
      licenseKey: clients.licenseKey,
      status: clients.status,
      websiteDomain: clients.websiteDomain,
      allowedOrigins: clients.allowedOrigins,
      monthlyMessageCap: clients.monthlyMessageCap,
      webhookUrl: clients.webhookUrl,
      sessionsPerVisitorPerHour: clients.sessionsPerVisitorPerHour,
      sessionsPerAddressPerHour: clients.sessionsPerAddressPerHour,
      monthlyUsageCeilingCents: clients.monthlyUsageCeilingCents,
      isDemo: clients.isDemo,
      personButton: clients.personButton,
      ratingQuietMinutes: clients.ratingQuietMinutes,
      knowledgeRevision: clients.knowledgeRevision,
      // A client without privacy settings asks consent (the column's default) and links our policy.
      askConsent: sql<boolean>`coalesce(${clientPrivacy.askConsent}, true)`,
      privacyPolicyUrl: clientPrivacy.privacyPolicyUrl,
    })
    .from(clients)
    .leftJoin(clientPrivacy, eq(clientPrivacy.clientId, clients.id))
    .where(eq(clients.licenseKey, licenseKey))
    .limit(1);
  return client;
}

/** The client a plugin download is for, by id or by license key. */
export async function findClientForPlugin(db: Database, by: { clientId: number } | { licenseKey: string }) {
  if ("licenseKey" in by && !LICENSE_KEY_PATTERN.test(by.licenseKey)) return undefined;
  const [client] = await db
    .select({
      id: clients.id,
      businessName: clients.businessName,
      licenseKey: clients.licenseKey,
      websiteDomain: clients.websiteDomain,
      status: clients.status,
      pluginSecret: clients.pluginSecret,
    })
    .from(clients)
    .where("clientId" in by ? eq(clients.id, by.clientId) : eq(clients.licenseKey, by.licenseKey))
    .limit(1);
  return client;
}

/** Every client, by name: the pickers. The public demo's is nobody's business: no picker offers it. */
export async function listClientsForPicker(db: Database) {
  return db
    .select({
      id: clients.id,
      businessName: clients.businessName,
      websiteDomain: clients.websiteDomain,
      status: clients.status,
    })
    .from(clients)
    .where(eq(clients.isDemo, false))
    .orderBy(asc(clients.businessName), asc(clients.id));
}

export async function findClientById(db: Database, id: number): Promise<Client | undefined> {
  const [client] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  return client;
}

/** `%` and `_` typed in the search box are searched for, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The client list: newest first, matching the search in name, e-mail, domain or license key. The
 * public demo's client is nobody's business: it is listed only when asked for.
 */
export async function listClients(
  db: Database,
  filter: { search?: string; status?: ClientStatus; withDemo?: boolean } = {},
): Promise<Client[]> {
  const conditions: (SQL | undefined)[] = [];
  if (!filter.withDemo) conditions.push(eq(clients.isDemo, false));
  if (filter.status) conditions.push(eq(clients.status, filter.status));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(
      or(
        ilike(clients.businessName, pattern),
        ilike(clients.ownerEmail, pattern),
        ilike(clients.contactEmail, pattern),
        ilike(clients.websiteDomain, pattern),
        ilike(clients.licenseKey, pattern),
      ),
    );
  }
  return db
    .select()
    .from(clients)
    .where(and(...conditions))
    .orderBy(desc(clients.createdAt), desc(clients.id));
}

export type NewClient = {
  businessName: string;
  ownerEmail: string;
  websiteDomain: string;
  businessType: string;
  plan: Plan;
};

/** A new client starts active with a fresh license key; the fee and onboarding take their defaults. */
export async function createClient(db: Database, client: NewClient): Promise<Client> {
  const [created] = await db
    .insert(clients)
    .values({ ...client, status: "active", licenseKey: generateLicenseKey() })
    .returning();
  return created!;
}

export type ClientChanges = Partial<
  Pick<
    Client,
    | "businessName"
    | "ownerEmail"
    | "contactEmail"
    | "websiteDomain"
    | "businessType"
    | "plan"
    | "status"
    | "monthlyFeeCents"
    | "billingCurrency"
    | "onboardingPaid"
    | "allowedOrigins"
    | "sessionsPerVisitorPerHour"
    | "sessionsPerAddressPerHour"
    | "monthlyUsageCeilingCents"
    | "personButton"
    | "personWaitMinutes"
    | "ratingQuietMinutes"
  >
>;

/**
 * Changes a client; a new status is recorded in the audit trail (who, when, from, to) in the same
 * transaction. The row is locked first, so two operators changing the status at once both get recorded
 * in the order they happened. Undefined when no client has this id.
 */
export async function updateClient(
  db: Database,
  id: number,
  changes: ClientChanges,
  operatorId: number | null,
): Promise<Client | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ status: clients.status }).from(clients).where(eq(clients.id, id)).for("update");
    if (!current) return undefined;
    const now = new Date();
    const [updated] = await tx
      .update(clients)
      .set({ ...changes, updatedAt: now })
      .where(eq(clients.id, id))
      .returning();
    if (changes.status && changes.status !== current.status) {
      await tx
        .insert(clientStatusChanges)
        .values({ clientId: id, fromStatus: current.status, toStatus: changes.status, operatorId, changedAt: now });
    }
    return updated;
  });
}

/** The status audit trail of one client, newest first, with the operator's name (null for the seed or a deleted operator). */
export async function listClientStatusChanges(db: Database, clientId: number, limit = 50) {
  return db
    .select({
      id: clientStatusChanges.id,
      fromStatus: clientStatusChanges.fromStatus,
      toStatus: clientStatusChanges.toStatus,
      changedAt: clientStatusChanges.changedAt,
      operator: operators.username,
    })
    .from(clientStatusChanges)
    .leftJoin(operators, eq(operators.id, clientStatusChanges.operatorId))
    .where(eq(clientStatusChanges.clientId, clientId))
    .orderBy(desc(clientStatusChanges.changedAt), desc(clientStatusChanges.id))
    .limit(limit);
}
/** Clients whose business name or license key matches a LIKE pattern (already escaped): the monitor's search. */
export async function findClientIdsMatching(db: Database, pattern: string) {
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(or(ilike(clients.businessName, pattern), ilike(clients.licenseKey, pattern)));
  return rows.map((row) => row.id);
}

/** The client a session belongs to, by id: the session export checks the two agree. */
export async function findClientSummary(db: Database, clientId: number) {
  const [client] = await db
    .select({
      id: clients.id,
      businessName: clients.businessName,
      licenseKey: clients.licenseKey,
      businessType: clients.businessType,
    })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return client;
}

/**
 * The client's plugin secret, made (and kept) the first time it is asked for: the ZIP carries it,
 * our sync sends it. Two downloads racing both get the one that was stored first.
 */
export async function ensurePluginSecret(db: Database, clientId: number, fresh: string): Promise<string> {
  await db
    .update(clients)
    .set({ pluginSecret: fresh })
    .where(and(eq(clients.id, clientId), isNull(clients.pluginSecret)));
  const [row] = await db.select({ secret: clients.pluginSecret }).from(clients).where(eq(clients.id, clientId));
  return row?.secret ?? fresh;
}
