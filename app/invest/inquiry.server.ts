import type { Database } from "#db/connection.ts";
import type { InvestmentInquiryInput } from "~/invest/inquiry-schema.ts";
import type { Language } from "~/i18n/config.ts";
import { createInvestmentInquiry } from "~/models/investment-inquiry.server.ts";
import { checkRateLimit, countAgainstRateLimit, type RateLimitVerdict } from "~/server/rate-limit.server.ts";

/** Inquiries from one address, through the page and the API together: plenty for a person, little for a bot. */
export const INQUIRY_RATE_LIMIT = { limit: 10, windowMs: 60 * 60 * 1000 };

/** Every attempt counts, valid or not, so guessing at the validation costs the same as spamming. */
export async function admitInquiryAttempt(db: Database, ip: string): Promise<RateLimitVerdict> {
  const buckets = [`investment-inquiry:${ip}`];
  const verdict = await checkRateLimit(db, buckets, INQUIRY_RATE_LIMIT);
  if (!verdict.limited) await countAgainstRateLimit(db, buckets);
  return verdict;
}

export function saveInvestmentInquiry(db: Database, inquiry: InvestmentInquiryInput, language: Language) {
  return createInvestmentInquiry(db, {
    name: inquiry.name,
    email: inquiry.email,
    phone: inquiry.phone ?? "",
    company: inquiry.company ?? "",
    investmentAmount: inquiry.investmentAmount,
    expertise: inquiry.expertise ?? "",
    message: inquiry.message ?? "",
    language,
  });
}
