import { and, desc, eq, inArray, isNull, like, lt, lte, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { clients, leadDeliveries, leadDeliveryAttempts } from "#db/schema.ts";
import type { DeliveryChannel, DeliveryEvent, DeliveryStatus } from "#db/vocabulary.ts";

export type LeadDelivery = typeof leadDeliveries.$inferSelect;

export type NewLeadDelivery = {
  clientId: number;
  channel: DeliveryChannel;
  event: DeliveryEvent;
  dedupeKey: string;
  payload: Record<string, unknown>;
  now: Date;
  /** When it is first due: at once when absent. */
  dueAt?: Date;
};

/** Queues deliveries, due at once (or at `dueAt`); one that was queued before for the same thing is left as it is. */
export async function enqueueLeadDeliveries(db: Database, deliveries: NewLeadDelivery[]) {
  if (deliveries.length === 0) return;
  await db
    .insert(leadDeliveries)
    .values(
      deliveries.map(({ now, dueAt, ...delivery }) => ({
        ...delivery,
        status: "pending" as const,
        nextAttemptAt: dueAt ?? now,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: [leadDeliveries.clientId, leadDeliveries.channel, leadDeliveries.dedupeKey] });
}

const claimable = (now: Date) => or(isNull(leadDeliveries.lockedUntil), lt(leadDeliveries.lockedUntil, now));

/**
 * Takes up to `limit` due deliveries for this worker until `lockedUntil`: one statement, so two
 * servers never take the same row (SKIP LOCKED), and no transaction stays open while it is sent.
 */
export async function claimDueLeadDeliveries(
  db: Database,
  {
    now,
    lockedUntil,
    limit,
    excludeClientIds = [],
  }: { now: Date; lockedUntil: Date; limit: number; excludeClientIds?: readonly number[] },
): Promise<LeadDelivery[]> {
  const due = db
    .select({ id: leadDeliveries.id })
    .from(leadDeliveries)
    .where(
      and(
        eq(leadDeliveries.status, "pending"),
        lte(leadDeliveries.nextAttemptAt, now),
        claimable(now),
        excludeClientIds.length > 0 ? notInArray(leadDeliveries.clientId, [...excludeClientIds]) : undefined,
      ),
    )
    .orderBy(leadDeliveries.nextAttemptAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db.update(leadDeliveries).set({ lockedUntil }).where(inArray(leadDeliveries.id, due)).returning();
}

/**
 * Takes one delivery of a client to send it again now (the Resend button), whatever its status,
 * unless a worker holds it this moment. A failed one gets its attempts back.
 */
export async function claimLeadDeliveryForResend(
  db: Database,
  { id, clientId, now, lockedUntil }: { id: number; clientId: number; now: Date; lockedUntil: Date },
): Promise<LeadDelivery | undefined> {
  const [delivery] = await db
    .update(leadDeliveries)
    .set({ lockedUntil, status: "pending", nextAttemptAt: now })
    .where(and(eq(leadDeliveries.id, id), eq(leadDeliveries.clientId, clientId), claimable(now)))
    .returning();
  return delivery;
}

export type AttemptOutcome = {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  /** What the delivery becomes, and when it is tried next (pending only). */
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
};

/** Records one attempt in the log and releases the delivery with its new status, in one transaction. */
export async function recordLeadDeliveryAttempt(
  db: Database,
  delivery: Pick<LeadDelivery, "id" | "clientId">,
  attempt: number,
  outcome: AttemptOutcome,
  now: Date,
) {
  await db.transaction(async (tx) => {
    await tx.insert(leadDeliveryAttempts).values({
      deliveryId: delivery.id,
      clientId: delivery.clientId,
      attempt,
      statusCode: outcome.statusCode,
      ok: outcome.ok,
      error: outcome.error,
      nextAttemptAt: outcome.nextAttemptAt,
      attemptedAt: now,
    });
    await tx
      .update(leadDeliveries)
      .set({
        status: outcome.status,
        attempts: attempt,
        nextAttemptAt: outcome.nextAttemptAt,
        lockedUntil: null,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
        lastAttemptAt: now,
        deliveredAt: outcome.ok ? now : null,
      })
      .where(eq(leadDeliveries.id, delivery.id));
  });
}

/** The client page's delivery log: its latest deliveries, newest first. */
export async function listClientLeadDeliveries(db: Database, clientId: number, limit: number) {
  return db
    .select({
      id: leadDeliveries.id,
      channel: leadDeliveries.channel,
      event: leadDeliveries.event,
      status: leadDeliveries.status,
      attempts: leadDeliveries.attempts,
      lastStatusCode: leadDeliveries.lastStatusCode,
      lastError: leadDeliveries.lastError,
      lastAttemptAt: leadDeliveries.lastAttemptAt,
      nextAttemptAt: leadDeliveries.nextAttemptAt,
      createdAt: leadDeliveries.createdAt,
    })
    .from(leadDeliveries)
    .where(eq(leadDeliveries.clientId, clientId))
    .orderBy(desc(leadDeliveries.createdAt), desc(leadDeliveries.id))
    .limit(limit);
}

/** Every attempt of the given deliveries, oldest first: the log's history of each. */
export async function listAttemptsOfDeliveries(db: Database, deliveryIds: number[]) {
  if (deliveryIds.length === 0) return [];
  return db
    .select({
      deliveryId: leadDeliveryAttempts.deliveryId,
      attempt: leadDeliveryAttempts.attempt,
      statusCode: leadDeliveryAttempts.statusCode,
      ok: leadDeliveryAttempts.ok,
      error: leadDeliveryAttempts.error,
      nextAttemptAt: leadDeliveryAttempts.nextAttemptAt,
      attemptedAt: leadDeliveryAttempts.attemptedAt,
    })
    .from(leadDeliveryAttempts)
    .where(inArray(leadDeliveryAttempts.deliveryId, deliveryIds))
    .orderBy(leadDeliveryAttempts.attemptedAt, leadDeliveryAttempts.id);
}

/** Where and how a client's leads are delivered. */
export async function findClientDeliverySettings(db: Database, clientId: number) {
  const [settings] = await db
    .select({
      id: clients.id,
      businessName: clients.businessName,
      ownerEmail: clients.ownerEmail,
      contactEmail: clients.contactEmail,
      language: clients.language,
      webhookUrl: clients.webhookUrl,
      webhookSecretEncrypted: clients.webhookSecretEncrypted,
    })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return settings;
}

export type ClientDeliverySettings = NonNullable<Awaited<ReturnType<typeof findClientDeliverySettings>>>;

export async function saveClientDeliverySettings(
  db: Database,
  clientId: number,
  changes: Partial<Pick<typeof clients.$inferInsert, "language" | "webhookUrl" | "webhookSecretEncrypted">>,
) {
  await db
    .update(clients)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(clients.id, clientId));
}

/** Drops a session's mails about a request for a person not sent yet: someone took it, or it was closed. */
export async function cancelPersonRequestMail(db: Database, sessionId: number) {
  await db
    .delete(leadDeliveries)
    .where(
      and(
        eq(leadDeliveries.event, "person.requested"),
        eq(leadDeliveries.status, "pending"),
        like(leadDeliveries.dedupeKey, `session:${sessionId}:person.requested:%`),
      ),
    );
}
