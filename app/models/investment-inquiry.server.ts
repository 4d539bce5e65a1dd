import { count } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { investmentInquiries } from "#db/schema.ts";
import { listNewestFirst, type NewestFirstPage } from "./newest-first.server.ts";

export type InvestmentInquiry = typeof investmentInquiries.$inferSelect;
export type NewInvestmentInquiry = Omit<typeof investmentInquiries.$inferInsert, "id" | "createdAt">;

export async function createInvestmentInquiry(db: Database, inquiry: NewInvestmentInquiry) {
  const [created] = await db.insert(investmentInquiries).values(inquiry).returning({ id: investmentInquiries.id });
  return created!;
}

export async function countInvestmentInquiries(db: Database) {
  const [row] = await db.select({ total: count() }).from(investmentInquiries);
  return row?.total ?? 0;
}

export function listInvestmentInquiries(db: Database, page?: NewestFirstPage): Promise<InvestmentInquiry[]> {
  return listNewestFirst(db, investmentInquiries, page);
}
