import { and, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { billingRecords, cardChargeAttempts, clients, paymentOrders } from "#db/schema.ts";

export type CardChargeAttempt = typeof cardChargeAttempts.$inferSelect;

/** Saves the card Cardcom tokenized on the client: the token, its last digits and expiry, never the number. */
export async function saveClientCard(
  db: Database,
  clientId: number,
  card: { token: string; lastDigits: string | null; expiry: string; now: Date },
) {
  await db
    .update(clients)
    .set({ cardToken: card.token, cardLastDigits: card.lastDigits, cardExpiry: card.expiry, cardSavedAt: card.now })
    .where(eq(clients.id, clientId));
}

/** The Low Profile deal this server opened last for a bill, which a payer coming back from Cardcom finished. */
export async function findLatestCardOrderOfBill(db: Database, billingRecordId: number) {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.billingRecordId, billingRecordId), eq(paymentOrders.provider, "cardcom")))
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
    .limit(1);
  return row;
}

/**
 * The unpaid bills of clients with a saved card, whose month has ended (`periods`), with their
 * charges so far: the renewal job's work list. The public demo's client is never billed.
 */
export async function listRenewableBills(db: Database, periods: string[]) {
  if (periods.length === 0) return [];
  const bills = await db
    .select({
      id: billingRecords.id,
      clientId: billingRecords.clientId,
      billingPeriod: billingRecords.billingPeriod,
      totalCents: billingRecords.totalCents,
      currency: billingRecords.currency,
      payToken: billingRecords.payToken,
      cardToken: clients.cardToken,
      cardExpiry: clients.cardExpiry,
      cardLastDigits: clients.cardLastDigits,
      businessName: clients.businessName,
      email: sql<string>`coalesce(${clients.contactEmail}, ${clients.ownerEmail})`,
      language: clients.language,
    })
    .from(billingRecords)
    .innerJoin(clients, eq(clients.id, billingRecords.clientId))
    .where(
      and(
        inArray(billingRecords.billingPeriod, periods),
        ne(billingRecords.status, "paid"),
        isNotNull(clients.cardToken),
        eq(clients.isDemo, false),
      ),
    )
    .orderBy(billingRecords.id);
  const attempts = bills.length
    ? await db
        .select()
        .from(cardChargeAttempts)
        .where(
          inArray(
            cardChargeAttempts.billingRecordId,
            bills.map((bill) => bill.id),
          ),
        )
        .orderBy(cardChargeAttempts.attempt)
    : [];
  return bills.map((bill) => ({
    ...bill,
    attempts: attempts.filter((attempt) => attempt.billingRecordId === bill.id),
  }));
}

/**
 * Claims one attempt at charging a bill before Cardcom is called: unique per bill and attempt, so a
 * second run (or server) gets nothing and charges nothing.
 */
export async function claimCardChargeAttempt(
  db: Database,
  attempt: {
    billingRecordId: number;
    clientId: number;
    attempt: number;
    amountCents: number;
    currency: string;
    now: Date;
  },
) {
  const { now, ...values } = attempt;
  const [row] = await db
    .insert(cardChargeAttempts)
    .values({ ...values, createdAt: now })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function finishCardChargeAttempt(
  db: Database,
  id: number,
  outcome: {
    status: "approved" | "declined";
    dealId: string | null;
    responseCode: number | null;
    message: string | null;
  },
) {
  await db.update(cardChargeAttempts).set(outcome).where(eq(cardChargeAttempts.id, id));
}

export async function markCardChargeMailed(db: Database, id: number, now: Date) {
  await db.update(cardChargeAttempts).set({ mailedAt: now }).where(eq(cardChargeAttempts.id, id));
}

export async function listCardChargeAttempts(db: Database, billingRecordId: number) {
  return db
    .select()
    .from(cardChargeAttempts)
    .where(eq(cardChargeAttempts.billingRecordId, billingRecordId))
    .orderBy(cardChargeAttempts.attempt);
}

/** Marks an unpaid bill overdue now (its card's last retry was declined). */
export async function markBillOverdue(db: Database, billingRecordId: number, now: Date) {
  const [row] = await db
    .update(billingRecords)
    .set({ status: "overdue", updatedAt: now })
    .where(and(eq(billingRecords.id, billingRecordId), ne(billingRecords.status, "paid")))
    .returning();
  return row;
}

/** Clients (of `clientIds`) with an unpaid bill whose saved card was declined to the last retry: the operator's overdue badge. */
export async function listCardOverdueClientIds(db: Database, clientIds: number[], lastAttempt: number) {
  if (clientIds.length === 0) return new Set<number>();
  const rows = await db
    .selectDistinct({ clientId: cardChargeAttempts.clientId })
    .from(cardChargeAttempts)
    .innerJoin(billingRecords, eq(billingRecords.id, cardChargeAttempts.billingRecordId))
    .where(
      and(
        inArray(cardChargeAttempts.clientId, clientIds),
        eq(cardChargeAttempts.attempt, lastAttempt),
        eq(cardChargeAttempts.status, "declined"),
        ne(billingRecords.status, "paid"),
      ),
    );
  return new Set(rows.map((row) => row.clientId));
}
