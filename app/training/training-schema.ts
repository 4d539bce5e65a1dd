import { z } from "zod";
import { multiLineText, plainText } from "~/lib/text.ts";
import { TONES } from "#db/vocabulary.ts";
import { BUSINESS_TYPES } from "#db/vocabulary.ts";

/**
 * The business types the training screen offers, and the sales flow it shows and saves (not
 * editable there; the JSON API may send another). A client added with another of the client list's
 * types keeps it here too: the form is prefilled from the client.
 */
export const TRAINING_BUSINESS_TYPES = ["marketing", "realestate", "restaurant", "retail", "services"] as const;
export const SALES_FLOW = ["need identification", "solution presentation", "deal closing"] as const;

const LIMITS = { businessType: 100, greeting: 2_000, businessInfo: 20_000, faq: 50_000 } as const;

/** Thirty full rows stay under the knowledge base's 50,000 characters. */
export const FAQ_LIMITS = { rows: 30, question: 300, answer: 1_200 } as const;

/** One question and its answer, as the assistant reads them (`knowledgeBase.faq`); a blank row is no row. */
const faqRowSchema = z
  .object({
    q: plainText(FAQ_LIMITS.question).optional().default(""),
    a: plainText(FAQ_LIMITS.answer).optional().default(""),
  })
  .superRefine((row, ctx) => {
    if (row.q && !row.a) ctx.addIssue({ code: "custom", path: ["a"], message: "errors.answerRequired" });
    if (row.a && !row.q) ctx.addIssue({ code: "custom", path: ["q"], message: "errors.questionRequired" });
  });

export type FaqRow = { q: string; a: string };

const trainingFields = {
  businessType: plainText(LIMITS.businessType).min(1, "errors.required"),
  greeting: plainText(LIMITS.greeting),
  greetingEn: plainText(LIMITS.greeting),
  tone: z.enum(TONES, "errors.unknownTone"),
  salesFlow: z.array(plainText(100).min(1, "errors.required")).max(10, "errors.tooMany"),
  businessInfo: plainText(LIMITS.businessInfo),
  knowledgeBase: z
    .record(z.string(), z.unknown())
    .refine((value) => JSON.stringify(value).length <= LIMITS.faq, "errors.tooLong"),
  isActive: z.boolean("errors.notBoolean"),
};

/** The JSON API's training config: POST needs the business type, the rest has defaults. */
export const trainingApiSchema = z.object({
  ...trainingFields,
  greeting: trainingFields.greeting.default(""),
  greetingEn: trainingFields.greetingEn.default(""),
  tone: trainingFields.tone.default("friendly_professional"),
  salesFlow: trainingFields.salesFlow.default([...SALES_FLOW]),
  businessInfo: trainingFields.businessInfo.default(""),
  knowledgeBase: trainingFields.knowledgeBase.default({}),
  isActive: trainingFields.isActive.default(true),
});

/** PUT changes only the fields it names; the read-only ones the GET answers (id, clientId, dates) are dropped. */
export const trainingApiUpdateSchema = z.object(trainingFields).partial();

/** The AI training page's form: the client, the texts, and the FAQ as question and answer rows. */
export const trainingFormSchema = z.object({
  clientId: z.coerce.number("errors.chooseClient").int().positive("errors.chooseClient"),
  businessType: z.enum(BUSINESS_TYPES, "errors.required"),
  greeting: plainText(LIMITS.greeting).optional().default(""),
  greetingEn: plainText(LIMITS.greeting).optional().default(""),
  tone: z.enum(TONES, "errors.unknownTone"),
  businessInfo: plainText(LIMITS.businessInfo).optional().default(""),
  faq: z
    .array(faqRowSchema)
    .max(FAQ_LIMITS.rows, "errors.tooMany")
    .optional()
    .default([])
    .transform((rows) => rows.filter((row) => row.q && row.a)),
});

/*
 * The portal's training page edits one part at a time (app/training/training-changes.server.ts):
 * the greeting, the business information, or one FAQ entry. Messages are keys of `client-config`.
 */
export const greetingFormSchema = z.object({
  greeting: plainText(LIMITS.greeting).optional().default(""),
  greetingEn: plainText(LIMITS.greeting).optional().default(""),
});

export const businessInfoFormSchema = z.object({
  businessInfo: plainText(LIMITS.businessInfo).optional().default(""),
});

/** One FAQ entry: both the question and its answer. */
export const faqEntryFormSchema = z.object({
  q: multiLineText("errors.questionRequired")
    .trim()
    .min(1, "errors.questionRequired")
    .max(FAQ_LIMITS.question, "errors.tooLong"),
  a: multiLineText("errors.answerRequired")
    .trim()
    .min(1, "errors.answerRequired")
    .max(FAQ_LIMITS.answer, "errors.tooLong"),
});

/** An FAQ entry's id (its knowledge entry's): anything else is no entry. */
export const faqEntryIdSchema = z.coerce.number().int().positive().max(2_147_483_647);
