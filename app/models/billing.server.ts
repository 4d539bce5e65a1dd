import { and, asc, count, desc, eq, gte, inArray, lt, ne, or, sql, sum, type SQL } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import {
  billingRecordEvents,
  billingRecords,
  billRefunds,
  clients,
  clientStatusChanges,
  messages,
  operators,
  paymentOrders,
} from "#db/schema.ts";
import { BILLABLE_MESSAGE_TYPES, type BILLING_EVENT_KINDS, type PaymentProvider } from "#db/vocabulary.ts";
import { personName } from "./operator.server.ts";

export type BillableMessageType = (typeof BILLABLE_MESSAGE_TYPES)[number];
export type BillingEventKind = (typeof BILLING_EVENT_KINDS)[number];
export type BillingRecord = typeof billingRecords.$inferSelect;

/** When a cancelled client was cancelled: its last change to "cancelled", else its last update. */
const cancelledAt = sql<Date>`(case when ${clients.status} = 'cancelled' then coalesce((
  select max(${clientStatusChanges.changedAt}) from ${clientStatusChanges}
  where ${clientStatusChanges.clientId} = ${clients.id} and ${clientStatusChanges.toStatus} = 'cancelled'), ${clients.updatedAt}) end)`;

/**
 * The clients a period bills: created before it ends and not cancelled before it starts (the month
 * a client is cancelled in is still billed; a suspended client still pays its base fee), never the public demo's.
 */
export async function listBillableClients(db: Database, { start, end }: { start: Date; end: Date }, clientId?: number) {
  return db
    .select({ id: clients.id, monthlyFeeCents: clients.monthlyFeeCents, currency: clients.billingCurrency })
    .from(clients)
    .where(
      and(
        lt(clients.createdAt, end),
        // The public demo's client is never billed.
        eq(clients.isDemo, false),
        // A raw SQL expression has no column to encode a Date: postgres.js needs it as text.
        or(ne(clients.status, "cancelled"), sql`${cancelledAt} >= ${start.toISOString()}::timestamptz`),
        clientId === undefined ? undefined : eq(clients.id, clientId),
      ),
    )
    .orderBy(asc(clients.id));
}

export type UsageByType = Record<BillableMessageType, { count: number; cents: number }>;

/** Each client's billable messages in [start, end), counted and priced (at the cost stored with each message) by type. */
export async function getUsageByClient(db: Database, { start, end }: { start: Date; end: Date }, clientIds?: number[]) {
  const rows = await db
    .select({
      clientId: messages.clientId,
      messageType: messages.messageType,
      count: count(),
      cents: sum(messages.costCents).mapWith(Number),
    })
    .from(messages)
    .where(
      and(
        gte(messages.createdAt, start),
        lt(messages.createdAt, end),
        inArray(messages.messageType, [...BILLABLE_MESSAGE_TYPES]),
        clientIds === undefined ? undefined : inArray(messages.clientId, clientIds),
      ),
    )
    .groupBy(messages.clientId, messages.messageType);
  const usage = new Map<number, UsageByType>();
  for (const row of rows) {
    const byType = usage.get(row.clientId) ?? emptyUsage();
    byType[row.messageType as BillableMessageType] = { count: row.count, cents: row.cents ?? 0 };
    usage.set(row.clientId, byType);
  }
  return usage;
}

export const emptyUsage = (): UsageByType => ({
  conversation: { count: 0, cents: 0 },
  article: { count: 0, cents: 0 },
  solution: { count: 0, cents: 0 },
});

export async function findBillingRecordsOfPeriod(db: Database, billingPeriod: string, clientIds?: number[]) {
  return db
    .select()
    .from(billingRecords)
    .where(
      and(
        eq(billingRecords.billingPeriod, billingPeriod),
        clientIds === undefined ? undefined : inArray(billingRecords.clientId, clientIds),
      ),
    );
}

type Amounts = {
  baseFeeCents: number;
  usageFeesCents: number;
  vatRateBasisPoints: number;
  vatCents: number;
  totalCents: number;
  currency: string;
};

export async function insertBillingRecord(
  db: Database,
  values: Amounts & { clientId: number; billingPeriod: string; status: string; now: Date },
) {
  const [row] = await db
    .insert(billingRecords)
    .values({ ...values, createdAt: values.now, updatedAt: values.now })
    .onConflictDoNothing({ target: [billingRecords.clientId, billingRecords.billingPeriod] })
    .returning();
  return row;
}

/** Recomputes an unpaid record; a paid one is never touched (the condition is in the statement, so a payment racing this wins). */
export async function updateUnpaidBillingRecord(
  db: Database,
  id: number,
  values: Amounts & { status: string; now: Date },
) {
  const [row] = await db
    .update(billingRecords)
    .set({
      baseFeeCents: values.baseFeeCents,
      usageFeesCents: values.usageFeesCents,
      vatRateBasisPoints: values.vatRateBasisPoints,
      vatCents: values.vatCents,
      totalCents: values.totalCents,
      currency: values.currency,
      status: values.status,
      updatedAt: values.now,
    })
    .where(and(eq(billingRecords.id, id), ne(billingRecords.status, "paid")))
    .returning();
  return row;
}

/** Marks a record paid unless it already is: the answer says whether this call did it. */
export async function markBillingRecordPaid(db: Database, id: number, now: Date) {
  const [row] = await db
    .update(billingRecords)
    .set({ status: "paid", paidAt: now, updatedAt: now })
    .where(and(eq(billingRecords.id, id), ne(billingRecords.status, "paid")))
    .returning();
  return row;
}

/** Pending records of periods whose due date passed become overdue. */
export async function markOverdueBillingRecords(db: Database, periods: string[], now: Date) {
  if (periods.length === 0) return [];
  return db
    .update(billingRecords)
    .set({ status: "overdue", updatedAt: now })
    .where(and(eq(billingRecords.status, "pending"), inArray(billingRecords.billingPeriod, periods)))
    .returning();
}

/** The periods that have unpaid ("pending") records, oldest first. */
export async function listPendingPeriods(db: Database) {
  const rows = await db
    .selectDistinct({ billingPeriod: billingRecords.billingPeriod })
    .from(billingRecords)
    .where(eq(billingRecords.status, "pending"))
    .orderBy(asc(billingRecords.billingPeriod));
  return rows.map((row) => row.billingPeriod);
}

export async function insertBillingEvents(
  db: Database,
  events: {
    billingRecordId: number;
    clientId: number;
    kind: BillingEventKind;
    totalCents: number;
    note?: string;
    operatorId?: number | null;
    now: Date;
  }[],
) {
  if (events.length === 0) return;
  await db.insert(billingRecordEvents).values(
    events.map(({ now, ...event }) => ({
      ...event,
      note: event.note ?? "",
      operatorId: event.operatorId ?? null,
      createdAt: now,
    })),
  );
}

/** `beforePeriod` keeps the records of earlier periods ("YYYY-MM" sorts as time does). */
export type BillingFilter = { clientId?: number; billingPeriod?: string; status?: string; beforePeriod?: string };

const filterOf = ({ clientId, billingPeriod, status, beforePeriod }: BillingFilter): SQL | undefined =>
  and(
    clientId === undefined ? undefined : eq(billingRecords.clientId, clientId),
    billingPeriod === undefined ? undefined : eq(billingRecords.billingPeriod, billingPeriod),
    beforePeriod === undefined ? undefined : lt(billingRecords.billingPeriod, beforePeriod),
    status === undefined ? undefined : eq(billingRecords.status, status),
  );

const listedColumns = {
  id: billingRecords.id,
  clientId: billingRecords.clientId,
  businessName: clients.businessName,
  billingPeriod: billingRecords.billingPeriod,
  sessionId: billingRecords.sessionId,
  baseFeeCents: billingRecords.baseFeeCents,
  usageFeesCents: billingRecords.usageFeesCents,
  vatRateBasisPoints: billingRecords.vatRateBasisPoints,
  vatCents: billingRecords.vatCents,
  totalCents: billingRecords.totalCents,
  currency: billingRecords.currency,
  status: billingRecords.status,
  payToken: billingRecords.payToken,
  paidAt: billingRecords.paidAt,
  createdAt: billingRecords.createdAt,
};

export type ListedBillingRecord = Awaited<ReturnType<typeof listBillingRecords>>[number];

/** Records newest period first, then by business name; `afterId` pages the CSV export by id. */
export async function listBillingRecords(
  db: Database,
  filter: BillingFilter,
  page: { limit: number; offset?: number },
) {
  return db
    .select(listedColumns)
    .from(billingRecords)
    .innerJoin(clients, eq(clients.id, billingRecords.clientId))
    .where(filterOf(filter))
    .orderBy(desc(billingRecords.billingPeriod), asc(clients.businessName), asc(billingRecords.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

/** Count and money per status and currency over the records a filter selects (sums in a currency's minor unit). */
export async function getBillingTotalsByStatus(db: Database, filter: BillingFilter) {
  return db
    .select({
      status: billingRecords.status,
      currency: billingRecords.currency,
      records: count(),
      baseFeeCents: sum(billingRecords.baseFeeCents).mapWith(Number),
      usageFeesCents: sum(billingRecords.usageFeesCents).mapWith(Number),
      totalCents: sum(billingRecords.totalCents).mapWith(Number),
    })
    .from(billingRecords)
    .where(filterOf(filter))
    .groupBy(billingRecords.status, billingRecords.currency)
    .orderBy(asc(billingRecords.status), asc(billingRecords.currency));
}

/** The refunds done of the filtered records, per currency: how many bills, and the money given back. */
export async function getRefundedTotals(db: Database, filter: BillingFilter) {
  return db
    .select({
      currency: billRefunds.currency,
      records: count(),
      amountCents: sum(billRefunds.amountCents).mapWith(Number),
    })
    .from(billRefunds)
    .innerJoin(billingRecords, eq(billingRecords.id, billRefunds.billingRecordId))
    .where(and(eq(billRefunds.status, "refunded"), filterOf(filter)))
    .groupBy(billRefunds.currency)
    .orderBy(asc(billRefunds.currency));
}

/** Billed money per period and currency (every status), for a list of periods. */
export async function getBilledTotalsByPeriod(db: Database, periods: string[], clientId?: number) {
  if (periods.length === 0) return [];
  return db
    .select({
      billingPeriod: billingRecords.billingPeriod,
      currency: billingRecords.currency,
      totalCents: sum(billingRecords.totalCents).mapWith(Number),
    })
    .from(billingRecords)
    .where(
      and(
        inArray(billingRecords.billingPeriod, periods),
        clientId === undefined ? undefined : eq(billingRecords.clientId, clientId),
      ),
    )
    .groupBy(billingRecords.billingPeriod, billingRecords.currency);
}

export async function listBillingPeriods(db: Database) {
  const rows = await db
    .selectDistinct({ billingPeriod: billingRecords.billingPeriod })
    .from(billingRecords)
    .orderBy(desc(billingRecords.billingPeriod));
  return rows.map((row) => row.billingPeriod);
}

export async function findBillingRecord(db: Database, id: number) {
  const [row] = await db.select().from(billingRecords).where(eq(billingRecords.id, id));
  return row;
}

export async function findBillingRecordByPayToken(db: Database, payToken: string) {
  const [row] = await db
    .select({ ...listedColumns })
    .from(billingRecords)
    .innerJoin(clients, eq(clients.id, billingRecords.clientId))
    .where(eq(billingRecords.payToken, payToken));
  return row;
}

/** A record's audit trail, newest first, with the operator's name where an operator acted. */
export async function listBillingEvents(db: Database, billingRecordIds: number[]) {
  if (billingRecordIds.length === 0) return [];
  return db
    .select({
      id: billingRecordEvents.id,
      billingRecordId: billingRecordEvents.billingRecordId,
      kind: billingRecordEvents.kind,
      totalCents: billingRecordEvents.totalCents,
      note: billingRecordEvents.note,
      operator: personName,
      createdAt: billingRecordEvents.createdAt,
    })
    .from(billingRecordEvents)
    .leftJoin(operators, eq(operators.id, billingRecordEvents.operatorId))
    .where(inArray(billingRecordEvents.billingRecordId, billingRecordIds))
    .orderBy(desc(billingRecordEvents.createdAt), desc(billingRecordEvents.id));
}

// Payment orders

export async function insertPaymentOrder(
  db: Database,
  order: {
    clientId: number;
    billingRecordId: number;
    providerOrderId: string;
    amountCents: number;
    currency: string;
    status: string;
    providerResponse: unknown;
    provider?: PaymentProvider;
  },
) {
  const [row] = await db.insert(paymentOrders).values(order).returning();
  return row;
}

export async function findPaymentOrder(db: Database, providerOrderId: string) {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, providerOrderId));
  return row;
}

/** Notes a completed capture on its order, once: a second call with the same capture id changes nothing and says so. */
export async function recordPaymentCapture(
  db: Database,
  capture: { providerOrderId: string; captureId: string; status: string; providerResponse: unknown; now: Date },
) {
  const [row] = await db
    .update(paymentOrders)
    .set({
      captureId: capture.captureId,
      status: capture.status,
      providerResponse: capture.providerResponse,
      capturedAt: capture.now,
    })
    .where(and(eq(paymentOrders.providerOrderId, capture.providerOrderId), sql`${paymentOrders.captureId} is null`))
    .returning();
  return row;
}

/** Counts a capture PayPal refused, so that the next one is sent as a new request. */
export async function countRefusedCapture(db: Database, providerOrderId: string) {
  await db
    .update(paymentOrders)
    .set({ refusedCaptures: sql`${paymentOrders.refusedCaptures} + 1` })
    .where(eq(paymentOrders.providerOrderId, providerOrderId));
}

export async function updatePaymentOrderStatus(
  db: Database,
  providerOrderId: string,
  status: string,
  providerResponse: unknown,
) {
  await db
    .update(paymentOrders)
    .set({ status, providerResponse })
    .where(eq(paymentOrders.providerOrderId, providerOrderId));
}
