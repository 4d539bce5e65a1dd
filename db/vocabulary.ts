/**
 * The product's fixed vocabularies (plans, statuses, message and function types, capabilities) and the
 * shapes stored in JSON columns. Drizzle-free on purpose: forms and badges in the browser import these,
 * and the table definitions in db/schema.ts must never reach a client bundle.
 */
export const PLANS = ["basic", "premium", "enterprise"] as const;
export const CLIENT_STATUSES = ["active", "suspended", "cancelled"] as const;
/** The business types offered when adding a client. */
export const BUSINESS_TYPES = [
  "marketing",
  "realestate",
  "restaurant",
  "retail",
  "services",
  "qa",
  "rebottle",
  "party planning platform",
  "other",
] as const;
export const SALES_STYLES = ["consultative", "aggressive", "hybrid"] as const;
export const TONES = ["friendly_professional", "formal", "casual", "energetic"] as const;
export const MESSAGE_TYPES = [
  "conversation",
  "article",
  "solution",
  "contact_collected",
  "payment_confirmed",
  "images_received",
  "article_approved",
  "general",
] as const;
export const BILLABLE_MESSAGE_TYPES = ["conversation", "article", "solution"] as const;
export const FUNCTION_TYPES = [
  "party_planning_consultation_complete",
  "client_introduction_complete",
  "article_generation_complete",
] as const;
export const BILLING_STATUSES = ["paid", "pending", "overdue"] as const;
export const KNOWLEDGE_ORIGINS = ["scan", "faq", "hivepress", "manual"] as const;
export const CAPABILITIES = [
  "support",
  "sales",
  "retention",
  "functions",
  "b2c",
  "b2b",
  "public",
  "internal",
  "saas",
  "custom",
  "api",
  "payment",
] as const;

export type Plan = (typeof PLANS)[number];
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export type MessageType = (typeof MESSAGE_TYPES)[number];
export type Capability = (typeof CAPABILITIES)[number];
export type AlexCapabilities = Record<Capability, boolean> & Record<`${Capability}Prompt`, string>;
export type FunctionClientDetails = {
  clientName?: string;
  partyType?: string;
  guestCount?: number;
  budget?: string;
  location?: string;
  phone?: string;
  email?: string;
};
/** The details a completed function may carry, in the order the pages and the CSVs show them. */
export const FUNCTION_DETAIL_KEYS = [
  "clientName",
  "phone",
  "email",
  "partyType",
  "guestCount",
  "budget",
  "location",
] as const satisfies readonly (keyof FunctionClientDetails)[];

export const JOB_OUTCOMES = ["succeeded", "failed"] as const;
/** The language a client's notifications (lead e-mails) are written in. */
export const CLIENT_LANGUAGES = ["he", "en"] as const;
export type ClientLanguage = (typeof CLIENT_LANGUAGES)[number];
/** What reaches the business when Alex collects a lead: an e-mail, and a signed webhook when one is set. */
export const DELIVERY_CHANNELS = ["email", "webhook"] as const;
/** `person.requested`: a visitor asked for a person and nobody took the conversation in time (e-mail only). */
export const DELIVERY_EVENTS = ["lead.collected", "function.completed", "person.requested"] as const;
/** pending: waiting for its (next) attempt; delivered; failed: out of attempts, or nowhere to send it. */
export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export type DeliveryEvent = (typeof DELIVERY_EVENTS)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const BILLING_EVENT_KINDS = [
  "generated",
  "recomputed",
  "marked_paid",
  "paid_paypal",
  "paid_card",
  "card_declined",
  "overdue",
  "refunded",
] as const;
/** Who took a payment (`payment_orders.provider`). */
export const PAYMENT_PROVIDERS = ["paypal", "cardcom"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** A refund: written before the processor is called (refunding), then refunded; a refusal deletes it. */
export const REFUND_STATUSES = ["refunding", "refunded"] as const;
/** A charge to a saved card: sent to Cardcom (or cut off before its answer), approved, or declined. */
export const CARD_CHARGE_STATUSES = ["charging", "approved", "declined"] as const;
/**
 * A tax document's way through Morning: pending (waiting for its next attempt), issued (Morning
 * numbered it), failed (out of attempts; an operator sees why).
 */
export const TAX_DOCUMENT_STATUSES = ["pending", "issued", "failed"] as const;
export type TaxDocumentStatus = (typeof TAX_DOCUMENT_STATUSES)[number];

/**
 * What an operator's access-log row records: a look at a visitor's conversation, picture or stored
 * data, a download of stored data, or an erasure (app/privacy/access-log.server.ts writes them).
 */
export const ACCESS_ACTIONS = [
  "view_session",
  "view_image",
  "export_session",
  "export_leads",
  "export_completed_functions",
  "export_billing",
  "export_usage",
  "export_access_log",
  "view_visitor_data",
  "export_visitor_data",
  "erase_visitor_data",
  "view_session_list",
  "view_completed_functions",
  "view_leads",
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];
/**
 * What a change to a client's AI training touched (the training_changes history): the greeting, an FAQ
 * entry added, edited or removed, the business information, the opening hours, or a scan of its pages.
 */
export const TRAINING_CHANGE_KINDS = [
  "greeting",
  "faq_added",
  "faq_edited",
  "faq_removed",
  "business_info",
  "training",
  "hours",
  "scan",
] as const;
export type TrainingChangeKind = (typeof TRAINING_CHANGE_KINDS)[number];
/** What an operator did with a visitor's data (the privacy_requests audit trail). */
export const PRIVACY_ACTIONS = ["export", "erase"] as const;
export type PrivacyAction = (typeof PRIVACY_ACTIONS)[number];
/**
 * How an operator finds one visitor: the session's public id, the phone (left in the chat, or their
 * WhatsApp number), the e-mail they left, or their Telegram chat id or username.
 */
export const VISITOR_SEARCH_KINDS = ["session", "phone", "email", "telegram"] as const;
export type VisitorSearchKind = (typeof VISITOR_SEARCH_KINDS)[number];

/** Where a conversation happens: the website's widget, WhatsApp (Cloud API) or Telegram (Bot API). */
export const CHANNELS = ["web", "whatsapp", "telegram"] as const;
export type Channel = (typeof CHANNELS)[number];
/** The channels a client connects on the Channels tab; the website needs no connection. */
export const MESSAGING_CHANNELS = ["whatsapp", "telegram"] as const;
export type MessagingChannel = (typeof MESSAGING_CHANNELS)[number];
/**
 * Who wrote a `messages` row: an exchange (the visitor's message and Alex's reply), a visitor's
 * message while a person holds the session (no reply of Alex's, never billed), or an operator's reply.
 */
export const MESSAGE_ROLES = ["exchange", "visitor", "operator"] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];
/**
 * The hand-over log: the visitor asked for a person; a person took the conversation from Alex, assigned
 * it to a colleague, handed it back, let it time out, closed it; a visitor's message reopened it.
 */
export const HANDOFF_ACTIONS = [
  "ask_for_person",
  "take_over",
  "assign",
  "hand_back",
  "timed_out",
  "close",
  "reopen",
] as const;
export type HandoffAction = (typeof HANDOFF_ACTIONS)[number];
/** Who answers a conversation: Alex, nobody yet (the visitor waits for a person), a person, or nobody (closed). */
export const CONVERSATION_STATES = ["alex", "waiting", "held", "closed"] as const;
export type ConversationState = (typeof CONVERSATION_STATES)[number];
/**
 * Why a person's reply did not reach a WhatsApp or Telegram visitor: the client has no connection any
 * more, the channel refused the token or the message, did not answer in time, or could not be reached.
 */
export const REPLY_DELIVERY_FAILURES = ["not_connected", "token_refused", "refused", "timeout", "unreachable"] as const;
export type ReplyDeliveryFailure = (typeof REPLY_DELIVERY_FAILURES)[number];
/**
 * Where a model turn's token figures came from: the provider's own `usage`, or counted here with a
 * tokenizer because the provider sent none for at least one of the turn's round trips.
 */
export const TOKEN_COUNTERS = ["provider", "tokenizer"] as const;
export type TokenCounter = (typeof TOKEN_COUNTERS)[number];

/**
 * The provider's team: `owner` everything, `admin` everything but the team, `agent` the conversations,
 * leads, completed functions and training (app/auth/permissions.ts holds what each may do).
 */
export const TEAM_ROLES = ["owner", "admin", "agent"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/**
 * A business's own people, who sign in to its portal: `business_owner` everything of that business
 * (its people, bills, plugin, visitors' data requests), `business_staff` its conversations, leads and
 * training. Distinct names from the team's, so no check can mistake a business's owner for the provider's.
 */
export const BUSINESS_ROLES = ["business_owner", "business_staff"] as const;
export type BusinessRole = (typeof BUSINESS_ROLES)[number];
/** Everyone who signs in: the provider's team and the businesses' people. */
export const PERSON_ROLES = [...TEAM_ROLES, ...BUSINESS_ROLES] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];
export const isBusinessRole = (role: PersonRole): role is BusinessRole =>
  (BUSINESS_ROLES as readonly string[]).includes(role);
/** What a one-time link in an e-mail is for: joining the team, or setting a new password. */
export const ACCOUNT_TOKEN_KINDS = ["invite", "password_reset"] as const;
export type AccountTokenKind = (typeof ACCOUNT_TOKEN_KINDS)[number];
/**
 * Why a visitor's question is a knowledge gap: Alex said it does not know yet, the visitor found the
 * answer unhelpful, a person took the conversation over, or an operator marked the reply wrong.
 */
export const GAP_KINDS = ["no_answer", "not_helpful", "handoff", "marked_wrong"] as const;
export type GapKind = (typeof GAP_KINDS)[number];

/**
 * What a reply was built from: a knowledge entry (its id and, since the training rewrites its
 * entries, what it said: topic, origin, page), the business's saved opening hours, or a tool the model called.
 */
export type ReplySource =
  | {
      kind: "entry";
      entryId: number;
      origin: (typeof KNOWLEDGE_ORIGINS)[number];
      topic: string;
      sourceUrl: string | null;
    }
  | { kind: "hours" }
  | { kind: "tool"; name: string };

/**
 * The tax documents we issue, by Morning's own type numbers, as `tax_documents.document_type` stores
 * them: a tax invoice-receipt (חשבונית מס / קבלה) for a payment, a credit note (חשבונית זיכוי) for a refund.
 */
export const TAX_INVOICE_RECEIPT = 320;
export const CREDIT_NOTE = 330;
