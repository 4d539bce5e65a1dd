import { CAPABILITIES, type AlexCapabilities, type Capability, type KNOWLEDGE_ORIGINS } from "#db/vocabulary.ts";
import type { Language } from "~/i18n/config.ts";
import { clientGreetingFor } from "./greeting.ts";

/** What the assistant knows of a business: its client row, training config and sales config. */
export type BusinessProfile = {
  businessName: string;
  businessType: string;
  training: {
    greeting: string;
    greetingEn: string;
    tone: string;
    salesFlow: readonly string[];
    businessInfo: string;
    knowledgeBase: unknown;
  } | null;
  sales: {
    businessName: string;
    pricing: string;
    salesStyle: string;
    customSystemPrompt: string;
    customInstructions: string;
    capabilities: unknown;
  } | null;
};

export type PromptPassage = {
  topic: string;
  content: string;
  sourceUrl: string | null;
  origin: (typeof KNOWLEDGE_ORIGINS)[number];
};

/** Passages the training wrote (db/training-knowledge.ts): the prompt already holds the whole FAQ and business information. */
const TAUGHT_ORIGINS: readonly PromptPassage["origin"][] = ["faq", "manual"];

/** A sales config's `alexCapabilities` as the prompt reads them: every flag and prompt present, missing or malformed values false and empty. */
export function normaliseCapabilities(raw: unknown): AlexCapabilities {
  const source = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const result = {} as Record<string, boolean | string>;
  for (const capability of CAPABILITIES) {
    result[capability] = source[capability] === true;
    const prompt = source[`${capability}Prompt`];
    result[`${capability}Prompt`] = typeof prompt === "string" ? prompt.trim() : "";
  }
  return result as AlexCapabilities;
}

export function enabledCapabilities(capabilities: AlexCapabilities): { capability: Capability; prompt: string }[] {
  return CAPABILITIES.filter((capability) => capabilities[capability]).map((capability) => ({
    capability,
    prompt: capabilities[`${capability}Prompt`],
  }));
}

const CAPABILITY_TITLES: Record<Capability, string> = {
  support: "Support",
  sales: "Sales",
  retention: "Retention",
  functions: "Functions (completing tasks for the visitor)",
  b2c: "Consumers (B2C)",
  b2b: "Businesses (B2B)",
  public: "Public visitors",
  internal: "Internal staff",
  saas: "SaaS customers",
  custom: "Custom",
  api: "API integrations",
  payment: "Payments",
};

const TONES: Record<string, string> = {
  friendly_professional: "friendly and professional",
  formal: "formal and polite",
  casual: "casual and relaxed",
  energetic: "energetic and enthusiastic",
};

const SALES_STYLES: Record<string, string> = {
  consultative: "consultative: understand the need first, then recommend",
  aggressive: "assertive: lead towards a decision quickly",
  hybrid: "balanced: advise, then propose a clear next step",
};

const LANGUAGE_NAMES: Record<Language, string> = { he: "Hebrew", en: "English" };

/** The FAQ of a training config: `{ faq: [{ q, a }] }`, or `{ faq: "raw text" }` when it was not JSON. */
export function faqLines(knowledgeBase: unknown): string[] {
  const faq = knowledgeBase && typeof knowledgeBase === "object" ? (knowledgeBase as { faq?: unknown }).faq : undefined;
  if (typeof faq === "string") return faq.trim() ? [faq.trim()] : [];
  if (!Array.isArray(faq)) return [];
  return faq.flatMap((entry) => {
    const { q, a } = (entry ?? {}) as { q?: unknown; a?: unknown };
    return typeof q === "string" && typeof a === "string" && q.trim() && a.trim()
      ? [`Q: ${q.trim()}\nA: ${a.trim()}`]
      : [];
  });
}

/** The chat opened with a greeting before the visitor wrote (app/widget): the reply must not repeat it. */
function greetingRule(training: BusinessProfile["training"], language: Language): string {
  const greeting = clientGreetingFor(training, language);
  return `${greeting ? `The chat already opened with this greeting: "${greeting}"` : "The chat already opened with a greeting"}. Do not greet the visitor again; answer their message directly.`;
}

function section(title: string, body: string | readonly string[]): string {
  const text = (typeof body === "string" ? [body] : body)
    .map((line) => line.trim())
    .filter(Boolean)
    .join("\n");
  return text ? `## ${title}\n${text}` : "";
}

/**
 * The system prompt of one turn: who Alex is for this business, how to talk, what to sell and how,
 * the prompts of the enabled capabilities, the FAQ and the knowledge passages retrieved for the
 * question, the tools, and the language to answer in (the visitor's).
 */
export function buildSystemPrompt(
  profile: BusinessProfile,
  passages: readonly PromptPassage[],
  language: Language,
  /** The business's opening hours and whether it is open now (app/hours/hours-reply.ts), when it set them. */
  hours: readonly string[] = [],
): string {
  const { training, sales } = profile;
  const businessName = sales?.businessName.trim() || profile.businessName;
  const capabilities = enabledCapabilities(normaliseCapabilities(sales?.capabilities));
  const tone = training ? (TONES[training.tone] ?? training.tone) : TONES.friendly_professional;

  return [
    section("Role", [
      `You are Alex, the AI employee of ${businessName} (business type: ${profile.businessType}), chatting with a visitor on its website.`,
      "Answer only from the business information, the FAQ and the knowledge passages below; when they do not cover a question, say so and offer that the team will get back to the visitor. Never invent prices, dates or promises.",
      "Keep replies short: two to four sentences.",
    ]),
    section("Language", `The visitor writes in ${LANGUAGE_NAMES[language]}. Reply in ${LANGUAGE_NAMES[language]}.`),
    section("Tone", `Be ${tone}.`),
    section("Greeting", greetingRule(training, language)),
    section("Business information", training?.businessInfo ?? ""),
    section("Pricing", sales?.pricing ?? ""),
    section("Opening hours", hours),
    section("Sales approach", [
      sales ? `Sales style: ${SALES_STYLES[sales.salesStyle] ?? sales.salesStyle}.` : "",
      training?.salesFlow.length
        ? `Lead the conversation through these stages, in order: ${training.salesFlow.join(" → ")}.`
        : "",
      "When the visitor is interested, ask for their name and phone number so the team can follow up.",
    ]),
    section("Instructions from the business", [sales?.customSystemPrompt ?? "", sales?.customInstructions ?? ""]),
    section(
      "Enabled capabilities (detect the visitor's intent and switch to the matching mode)",
      capabilities.map(({ capability, prompt }) => `- ${CAPABILITY_TITLES[capability]}${prompt ? `: ${prompt}` : ""}`),
    ),
    section("FAQ", training ? faqLines(training.knowledgeBase) : []),
    section(
      "Knowledge passages relevant to this question",
      passages
        .filter((passage) => !TAUGHT_ORIGINS.includes(passage.origin))
        .map(
          (passage) => `[${passage.topic}]${passage.sourceUrl ? ` (${passage.sourceUrl})` : ""}\n${passage.content}`,
        ),
    ),
    section("Tools", [
      "- save_contact_details: call it as soon as the visitor gives their name, phone number or event details.",
      "- complete_function: call it once the visitor has given both a name and a phone number and wants the business to follow up.",
      "- mark_reply: call it when your reply is a written article, a concrete solution to the visitor's problem, the visitor approving an article, or the visitor confirming a payment.",
    ]),
  ]
    .filter(Boolean)
    .join("\n\n");
}
