import { z } from "zod";
import { plainText } from "~/lib/text.ts";
import { KNOWLEDGE_LIMITS } from "~/scanner/knowledge-limits.ts";
import { scanUrlSchema } from "~/scanner/scan-request-schema.ts";
import { CAPABILITIES, SALES_STYLES, type AlexCapabilities, type Capability } from "#db/vocabulary.ts";

export const PROMPT_MAX = 10_000;
const WEBSITE_URLS_MAX = 20_000;

export const promptKey = (capability: Capability) => `${capability}Prompt` as const;

const capabilitiesShape = Object.fromEntries(
  CAPABILITIES.flatMap((capability) => [
    [capability, z.boolean("errors.notBoolean").optional()],
    [promptKey(capability), plainText(PROMPT_MAX).optional()],
  ]),
) as { [K in keyof AlexCapabilities]: z.ZodOptional<z.ZodType<AlexCapabilities[K]>> };

/** Far above what twenty scanned pages give, far below what the body limit would let through. */
const KNOWLEDGE_TOPICS_MAX = 5_000;

/** One extracted topic as the GET lists it; its address is shown as a link, so only http(s) or none. */
const knowledgeTopicSchema = z
  .object({
    topic: plainText(KNOWLEDGE_LIMITS.topicChars).min(1, "errors.required"),
    url: z.union([z.literal(""), scanUrlSchema], "errors.invalidUrl"),
    content: plainText(KNOWLEDGE_LIMITS.contentChars).min(1, "errors.required"),
  })
  .strict();

/**
 * PUT /api/admin/clients/{id}/sales-config: any of the config's fields, so the object its GET answers
 * can be sent back as it is. `clientId` is read-only (the path names the client) and ignored; the
 * knowledge base replaces the scanned topics. Keys the GET never answers are refused.
 */
export const salesConfigApiSchema = z
  .object({
    clientId: z.unknown().optional(),
    knowledgeBase: z
      .array(knowledgeTopicSchema, "errors.invalid")
      .max(KNOWLEDGE_TOPICS_MAX, "errors.tooMany")
      .optional(),
    businessName: plainText(200).optional(),
    pricing: plainText(2_000).optional(),
    salesStyle: z.enum(SALES_STYLES, "errors.unknownSalesStyle").optional(),
    websiteUrls: plainText(WEBSITE_URLS_MAX).optional(),
    customSystemPrompt: plainText(PROMPT_MAX).optional(),
    customInstructions: plainText(PROMPT_MAX).optional(),
    alexCapabilities: z.object(capabilitiesShape).strict().optional(),
  })
  .strict()
  .transform(({ clientId: _readOnly, ...config }) => config);

export type SalesConfigInput = z.infer<typeof salesConfigApiSchema>;

/** Every capability's flag and prompt: a missing value is false, a missing prompt empty text. */
export function fullCapabilities(stored: Partial<AlexCapabilities>): AlexCapabilities {
  return Object.fromEntries(
    CAPABILITIES.flatMap((capability) => [
      [capability, stored[capability] ?? false],
      [promptKey(capability), stored[promptKey(capability)] ?? ""],
    ]),
  ) as AlexCapabilities;
}

/** The settings page's General tab: the business and sales config with the twelve check boxes. */
export const businessConfigFormSchema = z.object({
  businessName: plainText(200).optional().default(""),
  pricing: plainText(2_000).optional().default(""),
  salesStyle: z.enum(SALES_STYLES, "errors.unknownSalesStyle"),
  ...Object.fromEntries(CAPABILITIES.map((capability) => [capability, z.literal("on").optional()])),
}) as z.ZodObject<
  {
    businessName: z.ZodDefault<z.ZodOptional<z.ZodString>>;
    pricing: z.ZodDefault<z.ZodOptional<z.ZodString>>;
    salesStyle: z.ZodEnum<{ [K in (typeof SALES_STYLES)[number]]: K }>;
  } & Record<Capability, z.ZodOptional<z.ZodLiteral<"on">>>
>;

/** One capability tab: its switch and its prompt. */
export const capabilityFormSchema = z.object({
  capability: z.enum(CAPABILITIES),
  enabled: z.literal("on").optional(),
  prompt: plainText(PROMPT_MAX).optional().default(""),
});

/** The Page Scanner tab: the URL list, one per line. */
export const websiteUrlsFormSchema = z.object({
  websiteUrls: plainText(WEBSITE_URLS_MAX).optional().default(""),
});
