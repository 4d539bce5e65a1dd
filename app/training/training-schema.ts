import { z } from "zod";
import { plainText } from "~/lib/text.ts";
import { TONES } from "#db/schema.ts";

/** Spec §5: the training screen's business types and its fixed sales flow. */
export const TRAINING_BUSINESS_TYPES = ["marketing", "realestate", "restaurant", "retail", "services"] as const;
export const SALES_FLOW = ["need identification", "solution presentation", "deal closing"] as const;

const LIMITS = { businessType: 100, greeting: 2_000, businessInfo: 20_000, faq: 50_000 } as const;


/** Spec §4 "FAQ text is parsed as JSON; if invalid it is stored as an object with one faq entry holding the raw text". */
export function parseFaq(raw: string): Record<string, unknown> {
  if (!raw.trim()) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Not JSON: kept as written.
  }
  return { faq: raw };
}

const trainingFields = {
  businessType: plainText(LIMITS.businessType).min(1, "errors.required"),
  greeting: plainText(LIMITS.greeting),
  tone: z.enum(TONES, "errors.unknownTone"),
  salesFlow: z.array(plainText(100).min(1, "errors.required")).max(10, "errors.tooMany"),
  businessInfo: plainText(LIMITS.businessInfo),
  knowledgeBase: z.record(z.string(), z.unknown()).refine((value) => JSON.stringify(value).length <= LIMITS.faq, "errors.tooLong"),
  isActive: z.boolean("errors.notBoolean"),
};

/** The JSON API's training config (spec §7): POST needs the business type, the rest has defaults. */
export const trainingApiSchema = z.object({
  ...trainingFields,
  greeting: trainingFields.greeting.default(""),
  tone: trainingFields.tone.default("friendly_professional"),
  salesFlow: trainingFields.salesFlow.default([...SALES_FLOW]),
  businessInfo: trainingFields.businessInfo.default(""),
  knowledgeBase: trainingFields.knowledgeBase.default({}),
  isActive: trainingFields.isActive.default(true),
});

/** PUT changes only the fields it names; the read-only ones the GET answers (id, clientId, dates) are dropped. */
export const trainingApiUpdateSchema = z.object(trainingFields).partial();

/** The AI training page's form: the client, the texts, and the FAQ as typed. */
export const trainingFormSchema = z.object({
  clientId: z.coerce.number("errors.chooseClient").int().positive("errors.chooseClient"),
  businessType: z.enum(TRAINING_BUSINESS_TYPES, "errors.required"),
  greeting: plainText(LIMITS.greeting).optional().default(""),
  tone: z.enum(TONES, "errors.unknownTone"),
  businessInfo: plainText(LIMITS.businessInfo).optional().default(""),
  faq: z.string().max(LIMITS.faq, "errors.tooLong").optional().default(""),
});
