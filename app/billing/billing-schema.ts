import { z } from "zod";
import { multiLineText } from "~/lib/text.ts";
import { isBillingPeriod, type BillingPeriod } from "./periods.ts";

export const BILLING_STATUS_FILTERS = ["paid", "pending", "overdue"] as const;
export const NOTE_MAX_LENGTH = 500;
/** A refund's optional reason: a line for the bill's history. */
export const REFUND_REASON_MAX_LENGTH = 200;
/** How many months back the page offers to generate. */
export const GENERATABLE_MONTHS = 12;

const period = z
  .string()
  .refine(isBillingPeriod)
  .transform((value) => value as BillingPeriod);
const optionalId = z.coerce.number().int().positive().max(2_147_483_647);

/** The page's GET filters: anything unreadable is simply no filter. */
export const billingFilterSchema = z.object({
  clientId: optionalId.optional().catch(undefined),
  period: period.optional().catch(undefined),
  status: z.enum(BILLING_STATUS_FILTERS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

const filterFieldsOf = (search: URLSearchParams) => ({
  clientId: search.get("clientId") || undefined,
  period: search.get("period") || undefined,
  status: search.get("status") || undefined,
  page: search.get("page") ?? undefined,
});

export const filterFromSearch = (search: URLSearchParams) => billingFilterSchema.parse(filterFieldsOf(search));

/** GET /api/billing: the page's filters, but a bad one is refused (400 naming it) rather than dropped. */
const billingApiFilterSchema = z.object({
  clientId: optionalId.optional(),
  period: period.optional(),
  status: z.enum(BILLING_STATUS_FILTERS).optional(),
});

/** The API's filter, or the name of the first parameter that is not one. */
export function apiFilterFromSearch(search: URLSearchParams) {
  const parsed = billingApiFilterSchema.safeParse(filterFieldsOf(search));
  return parsed.success
    ? ({ ok: true, filter: parsed.data } as const)
    : ({ ok: false, parameter: String(parsed.error.issues[0]?.path[0]) } as const);
}

export const generateBillsSchema = z.object({
  intent: z.literal("generate"),
  period: z.string({ error: "errors.periodRequired" }).refine(isBillingPeriod, "errors.periodInvalid"),
  clientId: optionalId.optional(),
});

export const markPaidSchema = z.object({
  intent: z.literal("markPaid"),
  recordId: optionalId,
  note: multiLineText({ error: "errors.noteRequired" })
    .trim()
    .min(1, "errors.noteRequired")
    .max(NOTE_MAX_LENGTH, "errors.noteTooLong"),
});

/** A full refund of a paid bill at its processor (app/payments/refunds.server.ts); the reason is optional. */
export const refundSchema = z.object({
  intent: z.literal("refund"),
  recordId: z.coerce
    .number({ error: "errors.invalid" })
    .int("errors.invalid")
    .positive("errors.invalid")
    .max(2_147_483_647, "errors.invalid"),
  reason: multiLineText()
    .trim()
    .max(REFUND_REASON_MAX_LENGTH, "refund.reasonTooLong")
    .optional()
    .transform((value) => value ?? ""),
});

export const billingActionSchema = z.discriminatedUnion("intent", [generateBillsSchema, markPaidSchema, refundSchema]);
