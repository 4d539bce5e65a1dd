import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { investmentInquiries, operators } from "#db/schema.ts";
import { countLeadsWhere, leadConditions, newestFirst, type LeadFilter, type LeadPage } from "./lead-filter.server.ts";
import { listNewestFirst, type NewestFirstPage } from "./newest-first.server.ts";
import { personName } from "./operator.server.ts";

export type InvestmentInquiry = typeof investmentInquiries.$inferSelect;
export type NewInvestmentInquiry = Omit<
  typeof investmentInquiries.$inferInsert,
  "id" | "createdAt" | "handledAt" | "handledBy"
>;
export type ListedInvestmentInquiry = InvestmentInquiry & { handledByName: string | null };

/** A double click or a retried request sends the same inquiry again within moments: it is one inquiry. */
const REPEAT_WINDOW = sql`interval '1 minute'`;

/**
 * Stores the inquiry, unless the very same one (every field alike) arrived within the last minute:
 * then that one's id. A lock per sender's address makes two identical posts at once wait for each
 * other, so the second one finds the first instead of racing it in.
 */
export async function createInvestmentInquiry(
  db: Database,
  inquiry: NewInvestmentInquiry,
): Promise<{ id: number; repeated: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`investment-inquiry:${inquiry.email.toLowerCase()}`}))`,
    );
    const same = (column: keyof NewInvestmentInquiry) => eq(investmentInquiries[column], inquiry[column] ?? "");
    const [earlier] = await tx
      .select({ id: investmentInquiries.id })
      .from(investmentInquiries)
      .where(
        and(
          ...(
            ["name", "email", "phone", "company", "investmentAmount", "expertise", "message", "language"] as const
          ).map(same),
          gt(investmentInquiries.createdAt, sql`now() - ${REPEAT_WINDOW}`),
        ),
      )
      .limit(1);
    if (earlier) return { id: earlier.id, repeated: true };
    const [created] = await tx.insert(investmentInquiries).values(inquiry).returning({ id: investmentInquiries.id });
    return { id: created!.id, repeated: false };
  });
}

export async function countInvestmentInquiries(db: Database) {
  const [row] = await db.select({ total: count() }).from(investmentInquiries);
  return row?.total ?? 0;
}

export function listInvestmentInquiries(db: Database, page?: NewestFirstPage): Promise<InvestmentInquiry[]> {
  return listNewestFirst(db, investmentInquiries, page);
}

const inquiryConditions = (filter: LeadFilter) =>
  leadConditions(
    filter,
    [
      investmentInquiries.name,
      investmentInquiries.email,
      investmentInquiries.phone,
      investmentInquiries.company,
      investmentInquiries.message,
    ],
    investmentInquiries.handledAt,
  );

export function countInvestmentInquiriesMatching(db: Database, filter: LeadFilter) {
  return countLeadsWhere(db, investmentInquiries, inquiryConditions(filter));
}

/** One page of the inquiries that match, newest first, with the name of the operator who handled each. */
export async function listInvestmentInquiriesMatching(
  db: Database,
  filter: LeadFilter,
  { limit, offset }: LeadPage,
): Promise<ListedInvestmentInquiry[]> {
  const rows = await db
    .select({ inquiry: investmentInquiries, handledByName: personName })
    .from(investmentInquiries)
    .leftJoin(operators, eq(operators.id, investmentInquiries.handledBy))
    .where(inquiryConditions(filter))
    .orderBy(...newestFirst(investmentInquiries))
    .limit(limit)
    .offset(offset);
  return rows.map(({ inquiry, handledByName }) => ({ ...inquiry, handledByName }));
}

/** Marks the inquiry handled by this operator now, or unhandled (`handled` null); false when there is no such inquiry. */
export async function setInvestmentInquiryHandled(
  db: Database,
  id: number,
  handled: { operatorId: number; at: Date } | null,
) {
  const updated = await db
    .update(investmentInquiries)
    .set({ handledAt: handled?.at ?? null, handledBy: handled?.operatorId ?? null })
    .where(eq(investmentInquiries.id, id))
    .returning({ id: investmentInquiries.id });
  return updated.length > 0;
}
