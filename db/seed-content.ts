/**
 * The shape of the demo seed's words: businesses, their configurations and what visitors say to
 * them. The words themselves are data under db/seed-data/; db/seed.ts decides the numbers and the times.
 */
import type { Capability, ClientStatus, MessageType, Plan } from "./vocabulary.ts";

export type Language = "he" | "en";
export type FollowUpType = Exclude<MessageType, "conversation">;
/** A visitor message and the assistant's reply; {placeholders} are filled in per session. */
export type Turn = readonly [visitor: string, reply: string];
export type ConversationScript = {
  /** First exchanges of a session (billed as a conversation). */
  openings: readonly Turn[];
  /** Later exchanges by message type; a missing type falls back to GENERIC_FOLLOW_UPS. */
  followUps: Partial<Record<FollowUpType, readonly Turn[]>>;
};

export const PARTY_PLANNING = "party planning platform";

export type DemoClient = {
  businessName: string;
  ownerEmail: string;
  contactEmail: string;
  websiteDomain: string;
  businessType: string;
  plan: Plan;
  status: ClientStatus;
  onboardingPaid: boolean;
  /** The provider's own business: it chats from the seed's first day, before any other client joined. */
  isProvider?: boolean;
  /** The name the assistant gives the business (its sales settings' business name), when not the client's own. */
  speaksAs?: string;
  /** Sign-up time relative to the seed's "now". */
  joined: { daysAgo: number } | "this-month" | "last-month";
  /** Oldest first; the client stops chatting at the first change away from active. */
  statusHistory?: readonly { from: ClientStatus; to: ClientStatus; daysAgo: number }[];
  /** Its last closed billing month is unpaid (the story behind a suspension). */
  hasOverdueBill?: boolean;
  /** Relative share of the chat traffic. */
  traffic: number;
  training: {
    greeting: string;
    tone: "friendly_professional" | "formal" | "casual" | "energetic";
    businessInfo: string;
    faq: readonly { q: string; a: string }[];
  };
  sales: {
    pricing: string;
    salesStyle: "consultative" | "aggressive" | "hybrid";
    websitePaths: readonly string[];
    customSystemPrompt: string;
    customInstructions: string;
    /** Enabled capabilities, each with its prompt text ("" for none). */
    capabilities: Partial<Record<Capability, string>>;
  };
  knowledge: readonly {
    topic: string;
    /** Path on the client's site. */
    path: string;
    content: string;
    /** The FAQ and business information become entries from the training (db/training-knowledge.ts). */
    origin: "scan" | "hivepress";
  }[];
  conversations: Partial<Record<Language, ConversationScript>>;
};

export const SALES_FLOW = ["need identification", "solution presentation", "deal closing"];
