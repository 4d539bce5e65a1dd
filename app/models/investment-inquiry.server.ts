import { count, desc, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { investmentInquiries } from "#db/schema.ts";

export type NewInvestmentInquiry = {
  name: string;
  email: string;
  phone: string;
  company: string;
  investmentAmount: string;
  expertise: string;
  message: string;
  language: string;
};

export type InvestmentInquiry = NewInvestmentInquiry & { id: number; createdAt: Date };

export async function createInvestmentInquiry(db: Database, inquiry: NewInvestmentInquiry) {
  const [created] = await db.insert(investmentInquiries).values(inquiry).returning({ id: investmentInquiries.id });
  return created!;
}

export async function countInvestmentInquiries(db: Database) {
  const [row] = await db.select({ total: count() }).from(investmentInquiries);
  return row?.total ?? 0;
}

/**
 * Newest first, `limit` at a time. `afterId` continues after that row: the comparison uses the row's
 * stored timestamp (microseconds), which a JavaScript Date would round, so no row is skipped or repeated.
 */
export async function listInvestmentInquiries(
  db: Database,
  { limit = 100, afterId }: { limit?: number; afterId?: number } = {},
): Promise<InvestmentInquiry[]> {
  return db
    .select()
    .from(investmentInquiries)
    .where(
      afterId === undefined
        ? undefined
        : sql`(${investmentInquiries.createdAt}, ${investmentInquiries.id}) < (select created_at, id from investment_inquiries where id = ${afterId})`,
    )
    .orderBy(desc(investmentInquiries.createdAt), desc(investmentInquiries.id))
    .limit(limit);
}
