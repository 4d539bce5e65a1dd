import { sql, type SQL } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { BILLING_CURRENCIES, PRICE_LIST, SESSION_LIMIT_DEFAULTS } from "./price-list.ts";
import {
  PLANS,
  CLIENT_STATUSES,
  SALES_STYLES,
  TONES,
  MESSAGE_TYPES,
  FUNCTION_TYPES,
  KNOWLEDGE_ORIGINS,
  JOB_OUTCOMES,
  ACCESS_ACTIONS,
  BILLING_EVENT_KINDS,
  GAP_KINDS,
  TAX_DOCUMENT_STATUSES,
  PAYMENT_PROVIDERS,
  CARD_CHARGE_STATUSES,
  REFUND_STATUSES,
  CLIENT_LANGUAGES,
  DELIVERY_CHANNELS,
  DELIVERY_EVENTS,
  DELIVERY_STATUSES,
  PRIVACY_ACTIONS,
  VISITOR_SEARCH_KINDS,
  CHANNELS,
  MESSAGING_CHANNELS,
  MESSAGE_ROLES,
  HANDOFF_ACTIONS,
  REPLY_DELIVERY_FAILURES,
  TOKEN_COUNTERS,
  PERSON_ROLES,
  ACCOUNT_TOKEN_KINDS,
  TRAINING_CHANGE_KINDS,
  type AlexCapabilities,
  type FunctionClientDetails,
  type ReplySource,
} from "./vocabulary.ts";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/** A lead an operator has followed up: when, and who (null once that operator is gone). Unhandled: both null. */
const handledColumns = () => ({
  handledAt: timestamp("handled_at", { withTimezone: true }),
  handledBy: integer("handled_by").references(() => operators.id, { onDelete: "set null" }),
});

/**
 * Everyone who signs in, one row per person: the provider's team (`client_id` null, a team role) and
 * each business's own people (`client_id` their business, a business role), so invitations, resets,
 * the second factor and the access log work alike for both. `username` is what they sign in with (an invited person's
 * e-mail address). An invited person has no password until they accept (`password_hash` null); a
 * disabled one keeps their row, so the access log and the hand-over log still name them.
 */
export const operators = pgTable(
  "operators",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull().unique(),
    passwordHash: text("password_hash"),
    email: text("email"),
    displayName: text("display_name"),
    role: text("role", { enum: PERSON_ROLES }).notNull().default("owner"),
    /** The business a business user belongs to; null for the provider's team. */
    clientId: integer("client_id").references(() => clients.id, { onDelete: "cascade" }),
    invitedBy: integer("invited_by"),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** The TOTP secret, encrypted like the channels' tokens (app/checks/credentials.server.ts). */
    totpSecretEncrypted: text("totp_secret_encrypted"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The 30-second step of the last code accepted: a code of that step or an earlier one is never taken again. */
    totpLastStep: integer("totp_last_step"),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("operators_email_idx").on(sql`lower(${table.email})`),
    check(
      "operators_role_check",
      sql`(${table.clientId} is null and ${table.role} in ('owner', 'admin', 'agent')) or (${table.clientId} is not null and ${table.role} in ('business_owner', 'business_staff'))`,
    ),
    index("operators_client_idx").on(table.clientId),
  ],
);

/**
 * A one-time link sent by e-mail (an invitation, a password reset): stored as the SHA-256 of its token,
 * so the table never holds a usable link; used once (`used_at`), and worthless after `expires_at`.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: text("id").primaryKey(),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ACCOUNT_TOKEN_KINDS }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("account_tokens_operator_idx").on(table.operatorId, table.kind)],
);

/** A person's ten one-time recovery codes for the second factor, each stored as a hash, used once. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("recovery_codes_operator_idx").on(table.operatorId)],
);

/** The team's rules, one row (id 1): whether everyone must sign in with a second factor. */
export const teamPolicy = pgTable(
  "team_policy",
  {
    id: integer("id").primaryKey().default(1),
    requireSecondFactor: boolean("require_second_factor").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [check("team_policy_single_row", sql`${table.id} = 1`)],
);

/** The primary key is the SHA-256 of the cookie's token, so a database leak yields no usable cookie. */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** Last heard from through its live stream: someone with a page open, who can answer a visitor now. */
    liveAt: timestamp("live_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("auth_sessions_operator_idx").on(table.operatorId)],
);

/** One row per counted event (a failed login, a form post); limits count rows in a window. */
export const rateLimitEvents = pgTable(
  "rate_limit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    bucket: text("bucket").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("rate_limit_events_bucket_idx").on(table.bucket, table.createdAt)],
);

/**
 * One row per run of a scheduled job (app/jobs/). The unique (job, slot) pair is what keeps a
 * second app server from running a slot that already ran; the rows are also the operators' history.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    id: serial("id").primaryKey(),
    jobName: text("job_name").notNull(),
    /** The scheduled time this run was for, whenever it actually started. */
    slot: timestamp("slot", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull(),
    outcome: text("outcome", { enum: JOB_OUTCOMES }).notNull(),
    counts: jsonb("counts").$type<Record<string, number>>().notNull().default({}),
    error: text("error"),
  },
  (table) => [
    uniqueIndex("job_runs_job_slot_idx").on(table.jobName, table.slot),
    index("job_runs_started_idx").on(table.startedAt),
  ],
);

export const clients = pgTable(
  "clients",
  {
    id: serial("id").primaryKey(),
    businessName: text("business_name").notNull(),
    ownerEmail: text("owner_email").notNull(),
    contactEmail: text("contact_email"),
    websiteDomain: text("website_domain").notNull(),
    businessType: text("business_type").notNull(),
    plan: text("plan", { enum: PLANS }).notNull().default("basic"),
    status: text("status", { enum: CLIENT_STATUSES }).notNull().default("active"),
    licenseKey: text("license_key").notNull().unique(),
    /** In the minor unit of `billingCurrency`: cents, or agorot for a client billed in shekels. */
    monthlyFeeCents: integer("monthly_fee_cents").notNull().default(PRICE_LIST.monthlyFeeCents),
    /** What its bills are in: USD (the price list's dollars, zero-rated) or ILS (shekels with VAT). */
    billingCurrency: text("billing_currency", { enum: BILLING_CURRENCIES }).notNull().default("USD"),
    /** Visitor messages a calendar month (TZ_DISPLAY, as the bills) may carry at most; null: no cap. */
    monthlyMessageCap: integer("monthly_message_cap"),
    /**
     * The sites besides `websiteDomain` (and its www. twin) that may frame the chat and post to the
     * message API: normalized origins such as `https://staging.shop.example` (app/sites/site-origins.ts).
     */
    allowedOrigins: text("allowed_origins")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The server-to-server secret the plugin's listings route asks of our sync (never the public
     * license key); made with the first plugin ZIP, null until then.
     */
    pluginSecret: text("plugin_secret"),
    /** New chat sessions one visitor (address and browser) may open an hour. */
    sessionsPerVisitorPerHour: integer("sessions_per_visitor_per_hour")
      .notNull()
      .default(SESSION_LIMIT_DEFAULTS.perVisitorPerHour),
    /** New chat sessions one address may open an hour (several visitors behind one address). */
    sessionsPerAddressPerHour: integer("sessions_per_address_per_hour")
      .notNull()
      .default(SESSION_LIMIT_DEFAULTS.perAddressPerHour),
    /** Usage charges (conversations, articles, solutions) a calendar month may reach; null: no ceiling. */
    monthlyUsageCeilingCents: integer("monthly_usage_ceiling_cents").default(
      SESSION_LIMIT_DEFAULTS.monthlyCeilingCents,
    ),
    onboardingPaid: boolean("onboarding_paid").notNull().default(false),
    /** The language of the client's lead e-mails. */
    language: text("language", { enum: CLIENT_LANGUAGES }).notNull().default("he"),
    /** Where each lead is also POSTed as a signed JSON event (app/leads/webhook.server.ts); null: no webhook. */
    webhookUrl: text("webhook_url"),
    /** The webhook's HMAC secret, encrypted like the WordPress passwords (app/checks/credentials.server.ts). */
    webhookSecretEncrypted: text("webhook_secret_encrypted"),
    /**
     * The public demo's client: /minimal-chat-demo and the investor pages talk to Alex through it.
     * Never billed and left out of every total (app/models/demo-client.server.ts); one at most.
     */
    isDemo: boolean("is_demo").notNull().default(false),
    /** The widget shows a "talk to a person" button. */
    personButton: boolean("person_button").notNull().default(true),
    /** How long a visitor who asked for a person waits before the business's owner is e-mailed. */
    personWaitMinutes: integer("person_wait_minutes").notNull().default(5),
    /** How long a conversation may stay quiet before it has ended and the visitor is asked to rate it. */
    ratingQuietMinutes: integer("rating_quiet_minutes").notNull().default(10),
    /**
     * A new number with every change to the client's knowledge entries (a trigger on knowledge_entries):
     * a search result kept in memory under another number is not used (app/assistant/passage-cache.server.ts).
     */
    knowledgeRevision: bigint("knowledge_revision", { mode: "number" }).notNull().default(0),
    /**
     * The card saved at Cardcom when the business paid by Israeli card: Cardcom's token, its last four
     * digits and expiry (MMYY) only; the card number never reaches us (docs/decisions/048-cardcom-low-profile.md).
     */
    cardToken: text("card_token"),
    cardLastDigits: text("card_last_digits"),
    cardExpiry: text("card_expiry"),
    cardSavedAt: timestamp("card_saved_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("clients_status_idx").on(table.status),
    index("clients_created_idx").on(table.createdAt),
    uniqueIndex("clients_demo_idx")
      .on(table.isDemo)
      .where(sql`${table.isDemo}`),
  ],
);

export const clientStatusChanges = pgTable(
  "client_status_changes",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: CLIENT_STATUSES }).notNull(),
    toStatus: text("to_status", { enum: CLIENT_STATUSES }).notNull(),
    operatorId: integer("operator_id").references(() => operators.id, { onDelete: "set null" }),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("client_status_changes_changed_idx").on(table.changedAt),
    // The client page's audit trail: one client's changes, newest first.
    index("client_status_changes_client_idx").on(table.clientId, table.changedAt),
  ],
);

export const trainingConfigs = pgTable("training_configs", {
  id: serial("id").primaryKey(),
  clientId: integer("client_id")
    .notNull()
    .unique()
    .references(() => clients.id, { onDelete: "cascade" }),
  businessType: text("business_type").notNull(),
  /** The greeting the chat opens with: Hebrew in `greeting`, English in `greetingEn` (app/assistant/greeting.ts picks). */
  greeting: text("greeting").notNull().default(""),
  greetingEn: text("greeting_en").notNull().default(""),
  tone: text("tone", { enum: TONES }).notNull().default("friendly_professional"),
  salesFlow: jsonb("sales_flow").$type<string[]>().notNull().default([]),
  businessInfo: text("business_info").notNull().default(""),
  knowledgeBase: jsonb("knowledge_base").$type<Record<string, unknown>>().notNull().default({}),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A client's opening hours (app/hours/business-hours.ts reads them); no row: the Israeli working week. */
export const businessHours = pgTable("business_hours", {
  clientId: integer("client_id")
    .primaryKey()
    .references(() => clients.id, { onDelete: "cascade" }),
  /** Sunday to Saturday, each `{opens, closes}` ("HH:MM" in TZ_DISPLAY) or null for a day off. */
  weekly: jsonb("weekly").$type<({ opens: string; closes: string } | null)[]>().notNull(),
  closedOnHolidays: boolean("closed_on_holidays").notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * The history of a client's AI training (app/training/training-history.server.ts): who changed what
 * and when, from the back-office or the business's portal. The person's name is copied, so the history
 * still names someone who was removed; `subject` says which entry (an FAQ question, the pages scanned).
 */
export const trainingChanges = pgTable(
  "training_changes",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    operatorId: integer("operator_id").references(() => operators.id, { onDelete: "set null" }),
    operatorName: text("operator_name").notNull(),
    kind: text("kind", { enum: TRAINING_CHANGE_KINDS }).notNull(),
    subject: text("subject").notNull().default(""),
    createdAt: createdAt(),
  },
  (table) => [index("training_changes_client_idx").on(table.clientId, table.createdAt)],
);

/** How a client's visitors' data is kept (app/privacy/); no row: the defaults of app/privacy/retention.ts. */
export const clientPrivacy = pgTable("client_privacy", {
  clientId: integer("client_id")
    .primaryKey()
    .references(() => clients.id, { onDelete: "cascade" }),
  /** Days a conversation is kept after its last message before the daily retention job deletes it. */
  retentionDays: integer("retention_days").notNull().default(365),
  /** The widget asks the visitor's consent before their contact details are kept as a lead. */
  askConsent: boolean("ask_consent").notNull().default(true),
  /** The client's own privacy notice (http/https); null: the widget links ours (/privacy). */
  privacyPolicyUrl: text("privacy_policy_url"),
  updatedAt: updatedAt(),
});

export const salesConfigs = pgTable("sales_configs", {
  id: serial("id").primaryKey(),
  clientId: integer("client_id")
    .notNull()
    .unique()
    .references(() => clients.id, { onDelete: "cascade" }),
  businessName: text("business_name").notNull().default(""),
  pricing: text("pricing").notNull().default(""),
  salesStyle: text("sales_style", { enum: SALES_STYLES }).notNull().default("consultative"),
  websiteUrls: text("website_urls").notNull().default(""),
  customSystemPrompt: text("custom_system_prompt").notNull().default(""),
  customInstructions: text("custom_instructions").notNull().default(""),
  capabilities: jsonb("capabilities").$type<Partial<AlexCapabilities>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const knowledgeEntries = pgTable(
  "knowledge_entries",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    topic: text("topic").notNull(),
    sourceUrl: text("source_url"),
    content: text("content").notNull(),
    origin: text("origin", { enum: KNOWLEDGE_ORIGINS }).notNull(),
    /** knowledgeSearchText(topic, content) from db/search-text.ts: every writer fills it through that one function. */
    // The vector weighs the first line (the topic's words) A, the rest D.
    searchText: text("search_text").notNull().default(""),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('simple'::regconfig, split_part(${knowledgeEntries.searchText}, chr(10), 1)), 'A') || to_tsvector('simple'::regconfig, split_part(${knowledgeEntries.searchText}, chr(10), 2))`,
      ),
    createdAt: createdAt(),
  },
  (table) => [
    index("knowledge_entries_client_idx").on(table.clientId),
    index("knowledge_entries_search_idx").using("gin", table.searchVector),
  ],
);

export const chatSessions = pgTable(
  "chat_sessions",
  {
    id: serial("id").primaryKey(),
    /** What the widget and the admin URLs carry: random, never the serial id. */
    publicId: text("public_id").notNull().unique(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    isActive: boolean("is_active").notNull().default(true),
    messageCount: integer("message_count").notNull().default(0),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    userIp: text("user_ip"),
    userAgent: text("user_agent"),
    /** What the visitor told about themselves so far (name, phone, party details), merged turn by turn. */
    contactDetails: jsonb("contact_details").$type<FunctionClientDetails>().notNull().default({}),
    /** The visitor's answer to "Was this helpful?" (null: not asked or not answered); the last answer counts. */
    helpful: boolean("helpful"),
    feedbackAt: timestamp("feedback_at", { withTimezone: true }),
    /** When the visitor agreed that the business keeps their details (null: not asked, or not yet). */
    consentAt: timestamp("consent_at", { withTimezone: true }),
    channel: text("channel", { enum: CHANNELS }).notNull().default("web"),
    /** Who the visitor is on a messaging channel: the WhatsApp number (wa_id) or the Telegram chat id. */
    channelUserId: text("channel_user_id"),
    /** The Telegram user's username (without the @) when they have one: a visitor's data request may name them by it. */
    channelUserName: text("channel_user_name"),
    /** The operator who took the session over from Alex (null: Alex answers). */
    heldBy: integer("held_by").references(() => operators.id, { onDelete: "set null" }),
    heldAt: timestamp("held_at", { withTimezone: true }),
    /**
     * When the visitor left a way back (a lead), whether the business followed it up: when, and who
     * (a business's person or an operator). Null: not yet.
     */
    leadHandledAt: timestamp("lead_handled_at", { withTimezone: true }),
    leadHandledBy: integer("lead_handled_by").references(() => operators.id, { onDelete: "set null" }),
    /** Since when the visitor has waited for a person (null: they are not waiting). */
    waitingSince: timestamp("waiting_since", { withTimezone: true }),
    /** When a person closed the conversation (null: open); the visitor's next message reopens it. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** The visitor's "How did we do?" (1 to 5, null: not rated); one per conversation, the first kept. */
    rating: smallint("rating"),
    ratingComment: text("rating_comment"),
    ratedAt: timestamp("rated_at", { withTimezone: true }),
    /**
     * When WhatsApp or Telegram was sent "How did we do? Reply 1-5" (null: not asked): a single digit
     * the visitor sends next is the rating, not a question for Alex.
     */
    ratingAskedAt: timestamp("rating_asked_at", { withTimezone: true }),
  },
  (table) => [
    // message_count rides along so that the monitor's counts read these indexes alone (index-only scans).
    index("chat_sessions_client_last_idx").on(table.clientId, table.lastMessageAt, table.messageCount),
    // Client rides along: analytics counts conversations per day and per client from the index alone.
    index("chat_sessions_started_client_idx").on(table.startedAt, table.clientId),
    // Only sessions where the visitor left a phone: analytics' conversions read these without the table.
    index("chat_sessions_started_phone_idx")
      .on(table.startedAt)
      .where(sql`(${table.contactDetails} ->> 'phone') is not null`),
    index("chat_sessions_last_idx").on(table.lastMessageAt, table.messageCount),
    // Only the answered sessions: analytics reads the "Was this helpful?" answers of a period.
    index("chat_sessions_feedback_idx")
      .on(table.feedbackAt)
      .where(sql`${table.helpful} is not null`),
    // Only the rated sessions: analytics reads the ratings of a period, per client and per week.
    index("chat_sessions_rated_idx")
      .on(table.ratedAt, table.clientId)
      .where(sql`${table.rating} is not null`),
    check("chat_sessions_rating_range", sql`${table.rating} between 1 and 5`),
    // The monitor's search finds a part of a session id or an IP anywhere in it (pg_trgm).
    index("chat_sessions_public_id_trgm_idx").using("gin", table.publicId.op("gin_trgm_ops")),
    index("chat_sessions_user_ip_trgm_idx").using("gin", table.userIp.op("gin_trgm_ops")),
    // The session limits count one client's new sessions from one address in the last hour.
    index("chat_sessions_client_ip_started_idx").on(table.clientId, table.userIp, table.startedAt),
    // A messaging channel's user continues their latest session with the client.
    index("chat_sessions_channel_user_idx")
      .on(table.clientId, table.channel, table.channelUserId, table.lastMessageAt)
      .where(sql`${table.channelUserId} is not null`),
    // The held sessions: the take-over timeout looks at these alone.
    index("chat_sessions_held_idx")
      .on(table.heldAt)
      .where(sql`${table.heldBy} is not null`),
    // The inbox's waiting conversations, longest first, and the owners' e-mail job.
    index("chat_sessions_waiting_idx")
      .on(table.waitingSince)
      .where(sql`${table.waitingSince} is not null`),
  ],
);

/**
 * A new chat session admitted and not stored yet (its first reply is still being written). The hourly
 * session limits count it with the sessions, and the monthly ceiling with the charges at a
 * conversation's price, so that first messages admitted at once see each other
 * (docs/decisions/040-new-session-reservations.md). The reply's transaction deletes it as it stores
 * the session, a turn that fails deletes it, and one older than a turn can last (a server that stopped
 * mid-turn) no longer counts.
 */
export const sessionReservations = pgTable(
  "session_reservations",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    userIp: text("user_ip").notNull(),
    userAgent: text("user_agent"),
    /** What the session's first reply may cost (a conversation), held against the monthly ceiling. */
    cents: integer("cents").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("session_reservations_client_idx").on(table.clientId, table.createdAt)],
);

export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** Sent by the widget so that a retried request never makes a second message or charge. */
    clientMessageId: text("client_message_id"),
    userMessage: text("user_message").notNull(),
    aiResponse: text("ai_response").notNull().default(""),
    messageType: text("message_type", { enum: MESSAGE_TYPES }).notNull().default("general"),
    costCents: integer("cost_cents").notNull().default(0),
    responseMs: integer("response_ms"),
    createdAt: createdAt(),
    role: text("role", { enum: MESSAGE_ROLES }).notNull().default("exchange"),
    /** The operator who wrote an `operator` row (null once the operator is removed, and for other roles). */
    operatorId: integer("operator_id").references(() => operators.id, { onDelete: "set null" }),
    /**
     * An `operator` row's way to the visitor: when it reached them (the widget's live stream, or the
     * channel's API taking it), or why the channel did not take it and the channel's own words. All
     * null: still on its way, or a row of another role.
     */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    deliveryFailure: text("delivery_failure", { enum: REPLY_DELIVERY_FAILURES }),
    deliveryError: text("delivery_error"),
    /** What Alex's reply was built from (null: written before sources were kept, or no reply of Alex's). */
    sources: jsonb("sources").$type<ReplySource[]>(),
    /**
     * A model turn's tokens, all its round trips summed (tool calls, then the reply), and where the
     * figures came from. Null: the built-in responder answered (no model), the model failed, or the
     * row was written before tokens were kept.
     */
    promptTokens: integer("prompt_tokens"),
    replyTokens: integer("reply_tokens"),
    tokensCountedBy: text("tokens_counted_by", { enum: TOKEN_COUNTERS }),
  },
  (table) => [
    index("messages_session_created_idx").on(table.sessionId, table.createdAt),
    index("messages_client_created_idx").on(table.clientId, table.createdAt),
    // Cost, client and response time ride along: the dashboard's and analytics' sums over a period read
    // the index alone (an index-only scan), never the table.
    index("messages_created_type_idx").on(
      table.createdAt,
      table.messageType,
      table.costCents,
      table.clientId,
      table.responseMs,
    ),
    // Per client, not per session: a retried first message has no session yet.
    uniqueIndex("messages_client_message_idx").on(table.clientId, table.clientMessageId),
  ],
);

/**
 * Messages, cost and articles per client and UTC day, kept by a statement trigger on `messages`
 * (migration 0004): the dashboard sums whole days here and only the partial days at either end of
 * a period from `messages`, so its figures cost the same at a million messages as at a hundred.
 */
export const messageUsageDaily = pgTable(
  "message_usage_daily",
  {
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    messages: integer("messages").notNull().default(0),
    costCents: bigint("cost_cents", { mode: "number" }).notNull().default(0),
    articles: integer("articles").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.day] }), index("message_usage_daily_day_idx").on(table.day)],
);

/**
 * Messages, usage fees and AI response times per UTC hour and message type, kept by statement
 * triggers on `messages` (migration 0008): analytics sums whole hours here and only the partial
 * hours at either end of a period from `messages`, so a year costs about what a week does.
 */
export const messageStatsHourly = pgTable(
  "message_stats_hourly",
  {
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    messageType: text("message_type", { enum: MESSAGE_TYPES }).notNull(),
    messages: integer("messages").notNull().default(0),
    costCents: bigint("cost_cents", { mode: "number" }).notNull().default(0),
    responseMsTotal: bigint("response_ms_total", { mode: "number" }).notNull().default(0),
    responses: integer("responses").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.hour, table.messageType] })],
);

/**
 * How many chat sessions exist and the messages they hold, in one row kept by statement triggers
 * on `chat_sessions` (migration 0019): the unfiltered monitor reads its all-time figures here
 * instead of counting every session on each view. Every delete takes its sessions back, the
 * retention job's included, since the monitor counts the sessions that exist.
 */
export const chatSessionTotals = pgTable(
  "chat_session_totals",
  {
    id: boolean("id").primaryKey().default(true),
    sessions: bigint("sessions", { mode: "number" }).notNull().default(0),
    messages: bigint("messages", { mode: "number" }).notNull().default(0),
  },
  // One row: its key can only be true.
  (table) => [check("chat_session_totals_one_row", sql`${table.id}`)],
);

export const messageImages = pgTable(
  "message_images",
  {
    id: serial("id").primaryKey(),
    messageId: integer("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    data: bytea("data"),
    filePath: text("file_path"),
    createdAt: createdAt(),
  },
  (table) => [index("message_images_message_idx").on(table.messageId)],
);

export const completedFunctions = pgTable(
  "completed_functions",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    sessionId: integer("session_id").references(() => chatSessions.id, { onDelete: "set null" }),
    functionType: text("function_type", { enum: FUNCTION_TYPES }).notNull(),
    clientDetails: jsonb("client_details").$type<FunctionClientDetails>().notNull().default({}),
    profitCents: integer("profit_cents").notNull().default(PRICE_LIST.perCompletedFunctionCents),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("completed_functions_client_idx").on(table.clientId, table.completedAt),
    // One function of a kind per session, whatever the visitor repeats.
    uniqueIndex("completed_functions_session_type_idx").on(table.sessionId, table.functionType),
    index("completed_functions_completed_idx").on(table.completedAt),
  ],
);

export const billingRecords = pgTable(
  "billing_records",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** Calendar month, "YYYY-MM". */
    billingPeriod: text("billing_period").notNull(),
    sessionId: integer("session_id").references(() => chatSessions.id, { onDelete: "set null" }),
    baseFeeCents: integer("base_fee_cents").notNull(),
    usageFeesCents: integer("usage_fees_cents").notNull().default(0),
    /** Base fee and usage, before VAT: kept by the database, so it can never disagree with its parts. */
    netCents: integer("net_cents").generatedAlwaysAs(sql`base_fee_cents + usage_fees_cents`),
    /** The VAT rate charged, in basis points (1800 = 18%); 0 for a zero-rated dollar bill. */
    vatRateBasisPoints: integer("vat_rate_basis_points").notNull().default(0),
    /** VAT on the net, rounded half up once for the bill (app/billing/vat.ts). */
    vatCents: integer("vat_cents").notNull().default(0),
    /** What the client pays: net plus VAT, in the minor unit of `currency` (cents or agorot). */
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull().default("USD"),
    status: text("status").notNull().default("pending"),
    /** What the public pay page /pay/{token} carries: two random UUIDs (244 random bits), never the serial id. */
    payToken: text("pay_token")
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("billing_records_client_period_idx").on(table.clientId, table.billingPeriod),
    index("billing_records_period_idx").on(table.billingPeriod),
  ],
);

/** The audit trail of a billing record: who or what changed it, when, and the operator's note. */
export const billingRecordEvents = pgTable(
  "billing_record_events",
  {
    id: serial("id").primaryKey(),
    billingRecordId: integer("billing_record_id")
      .notNull()
      .references(() => billingRecords.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: BILLING_EVENT_KINDS }).notNull(),
    totalCents: integer("total_cents").notNull(),
    note: text("note").notNull().default(""),
    operatorId: integer("operator_id").references(() => operators.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("billing_record_events_record_idx").on(table.billingRecordId, table.createdAt)],
);

export const paymentOrders = pgTable(
  "payment_orders",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    billingRecordId: integer("billing_record_id").references(() => billingRecords.id, { onDelete: "set null" }),
    providerOrderId: text("provider_order_id").notNull().unique(),
    /** Who took the payment: PayPal, or Cardcom (its hosted page or a renewal charged to the saved card). */
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull().default("paypal"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("USD"),
    intent: text("intent").notNull().default("CAPTURE"),
    status: text("status").notNull(),
    providerResponse: jsonb("provider_response"),
    /** PayPal's capture id: unique, so one capture can never mark a bill paid twice. */
    captureId: text("capture_id").unique(),
    /**
     * Captures PayPal refused (a declined card, an order not yet approved). Part of the next capture's
     * PayPal-Request-Id: PayPal answers a repeated id with its earlier answer, so a retry after a
     * refusal must be a new request, while a retry after a timeout must not.
     */
    refusedCaptures: integer("refused_captures").notNull().default(0),
    createdAt: createdAt(),
    capturedAt: timestamp("captured_at", { withTimezone: true }),
  },
  (table) => [index("payment_orders_billing_idx").on(table.billingRecordId)],
);

/**
 * Each charge of a monthly bill to a client's saved card (app/payments/card-renewals.server.ts): the
 * first on the billing day, retries after 1, 3 and 7 days. Unique per bill and attempt, and the row is
 * written before Cardcom is called, so no attempt is ever charged twice.
 */
export const cardChargeAttempts = pgTable(
  "card_charge_attempts",
  {
    id: serial("id").primaryKey(),
    billingRecordId: integer("billing_record_id")
      .notNull()
      .references(() => billingRecords.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** 1 on the billing day, then 2, 3 and 4. */
    attempt: integer("attempt").notNull(),
    status: text("status", { enum: CARD_CHARGE_STATUSES }).notNull().default("charging"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** Cardcom's deal (TranzactionId) of an approved charge. */
    dealId: text("deal_id"),
    responseCode: integer("response_code"),
    message: text("message"),
    /** When the business was told of this declined charge; null while not (or mail is off). */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("card_charge_attempts_bill_attempt_idx").on(table.billingRecordId, table.attempt),
    index("card_charge_attempts_client_idx").on(table.clientId, table.createdAt),
  ],
);

/**
 * The refund of a paid bill at the processor that took it (app/payments/refunds.server.ts): full
 * refunds only, so one row per bill, written before the processor is called; a second click finds it
 * and is refused. A refusal deletes the row, so nothing half-written remains.
 */
export const billRefunds = pgTable(
  "bill_refunds",
  {
    id: serial("id").primaryKey(),
    billingRecordId: integer("billing_record_id")
      .notNull()
      .unique()
      .references(() => billingRecords.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    paymentOrderId: integer("payment_order_id")
      .notNull()
      .references(() => paymentOrders.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("refunding"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    reason: text("reason").notNull().default(""),
    /** The processor's id of the refund: PayPal's refund id, Cardcom's NewTranzactionId. */
    providerRefundId: text("provider_refund_id"),
    operatorId: integer("operator_id").references(() => operators.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (table) => [index("bill_refunds_client_idx").on(table.clientId, table.createdAt)],
);

/**
 * The tax document (a tax invoice-receipt, Morning's type 320) of each payment: queued with the
 * payment in its transaction, issued through Morning by the tax document worker
 * (app/tax-documents/). Unique per payment order, so no payment ever gets two; `reference` is what
 * we send Morning, so a call that timed out after Morning made the document is found, not repeated.
 */
export const taxDocuments = pgTable(
  "tax_documents",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    billingRecordId: integer("billing_record_id")
      .notNull()
      .references(() => billingRecords.id, { onDelete: "cascade" }),
    paymentOrderId: integer("payment_order_id")
      .notNull()
      .references(() => paymentOrders.id, { onDelete: "cascade" }),
    /** The refund a credit note is for; null for a payment's invoice-receipt. */
    refundId: integer("refund_id")
      .unique()
      .references(() => billRefunds.id, { onDelete: "cascade" }),
    /** Morning's document type: 320, a tax invoice-receipt; 330, a credit note for a refund. */
    documentType: integer("document_type").notNull(),
    reference: text("reference").notNull().unique(),
    status: text("status", { enum: TAX_DOCUMENT_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** A worker that took the row holds it until then; one that died lets it go by itself. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    morningId: text("morning_id"),
    documentNumber: text("document_number"),
    pdfUrl: text("pdf_url"),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    /** When the business was e-mailed the document; null until then (the worker sends it after issuing). */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("tax_documents_client_idx").on(table.clientId, table.createdAt),
    index("tax_documents_billing_idx").on(table.billingRecordId),
    // One invoice-receipt per payment and one credit note per refund (a payment is refunded once, in full).
    uniqueIndex("tax_documents_payment_type_idx").on(table.paymentOrderId, table.documentType),
    index("tax_documents_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/** Every call to Morning for a tax document: its delivery log. */
export const taxDocumentAttempts = pgTable(
  "tax_document_attempts",
  {
    id: serial("id").primaryKey(),
    taxDocumentId: integer("tax_document_id")
      .notNull()
      .references(() => taxDocuments.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    ok: boolean("ok").notNull(),
    /** Morning's HTTP status; null when no answer came (a timeout). */
    statusCode: integer("status_code"),
    error: text("error"),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("tax_document_attempts_document_idx").on(table.taxDocumentId, table.attemptedAt)],
);

export const investmentInquiries = pgTable("investment_inquiries", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull().default(""),
  company: text("company").notNull().default(""),
  investmentAmount: text("investment_amount").notNull(),
  expertise: text("expertise").notNull().default(""),
  message: text("message").notNull().default(""),
  language: text("language").notNull().default("he"),
  createdAt: createdAt(),
  ...handledColumns(),
});

export const contactLeads = pgTable("contact_leads", {
  id: serial("id").primaryKey(),
  fullName: text("full_name").notNull(),
  phone: text("phone").notNull(),
  email: text("email").notNull(),
  marketingConsent: boolean("marketing_consent").notNull().default(false),
  language: text("language").notNull().default("he"),
  createdAt: createdAt(),
  ...handledColumns(),
});

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    language: text("language").notNull().default("he"),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("newsletter_subscribers_email_idx").on(sql`lower(${table.email})`)],
);

/**
 * How Alex reaches a client's WordPress REST API: the site, a user, and that user's Application
 * Password, encrypted with AES-256-GCM (app/checks/credentials.server.ts); never sent to a browser.
 */
export const wordpressConnections = pgTable("wordpress_connections", {
  clientId: integer("client_id")
    .primaryKey()
    .references(() => clients.id, { onDelete: "cascade" }),
  siteUrl: text("site_url").notNull(),
  username: text("username").notNull(),
  /** `v1.iv.tag.ciphertext`, base64url; null until a password is saved. */
  applicationPasswordEncrypted: text("application_password_encrypted"),
  updatedAt: updatedAt(),
});

export const integrationChecks = pgTable(
  "integration_checks",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    success: boolean("success").notNull(),
    durationMs: integer("duration_ms").notNull(),
    /** The message in the language of the operator who ran the check; rows before `explanation` have only this. */
    message: text("message").notNull().default(""),
    /** `{error?, notice?}`, each a translation key with its values (app/checks/explanation.ts): shown in the reader's language. */
    explanation: jsonb("explanation"),
    details: jsonb("details"),
    createdAt: createdAt(),
  },
  (table) => [
    index("integration_checks_client_idx").on(table.clientId, table.createdAt),
    // A check's history: the last results of one kind for one client.
    index("integration_checks_kind_idx").on(table.kind, table.clientId, table.createdAt),
  ],
);

/**
 * The outbox of leads on their way to the business (app/leads/lead-delivery.server.ts): one row per
 * event and channel, worked off by the delivery worker (app/jobs/delivery-worker.server.ts) with
 * retries, so a restart loses nothing and a visitor's reply never waits for a mail server.
 */
export const leadDeliveries = pgTable(
  "lead_deliveries",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: DELIVERY_CHANNELS }).notNull(),
    event: text("event", { enum: DELIVERY_EVENTS }).notNull(),
    /** One delivery per channel of the same thing (`session:12:lead.collected`), however often the visitor repeats it. */
    dedupeKey: text("dedupe_key").notNull(),
    /** The event as it was when it happened: the webhook's body and the mail's content are made from it. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** A worker that took the row holds it until then; a worker that died lets it go by itself. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("lead_deliveries_dedupe_idx").on(table.clientId, table.channel, table.dedupeKey),
    index("lead_deliveries_client_idx").on(table.clientId, table.createdAt),
    // The worker's question: what is due now.
    index("lead_deliveries_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/** Every attempt of a delivery: the client page's delivery log. */
export const leadDeliveryAttempts = pgTable(
  "lead_delivery_attempts",
  {
    id: serial("id").primaryKey(),
    deliveryId: integer("delivery_id")
      .notNull()
      .references(() => leadDeliveries.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    /** The receiver's HTTP status, or the SMTP server's reply code; null when no answer came. */
    statusCode: integer("status_code"),
    ok: boolean("ok").notNull(),
    error: text("error"),
    /** When the next try is due after this one failed; null when it succeeded or was the last. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("lead_delivery_attempts_client_idx").on(table.clientId, table.attemptedAt)],
);

/**
 * Who looked at what: every operator view of a conversation or picture and every export, kept 24
 * months (app/jobs/jobs.server.ts prunes older rows). Client and session are ids without foreign
 * keys, so the record outlives a deleted conversation; the operator's name is copied for the same reason.
 */
export const accessLog = pgTable(
  "access_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: integer("operator_id"),
    operatorName: text("operator_name").notNull(),
    action: text("action", { enum: ACCESS_ACTIONS }).notNull(),
    clientId: integer("client_id"),
    /** The session's public id, as the operator saw it in the address bar. */
    sessionId: text("session_id"),
    /** The client address the rate limits use (app/context.ts requestInfoContext). */
    address: text("address").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // The client page's tab: one client's rows, newest first.
    index("access_log_client_idx").on(table.clientId, table.createdAt),
    index("access_log_created_idx").on(table.createdAt),
  ],
);

/**
 * The audit trail of visitors' data requests (app/privacy/visitor-data.server.ts): who exported or
 * erased what was stored about one visitor of a client, and how much. The value searched for is kept
 * only masked and as a keyed hash (to match repeated requests), never the visitor's data itself.
 */
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    operatorId: integer("operator_id").references(() => operators.id, { onDelete: "set null" }),
    action: text("action", { enum: PRIVACY_ACTIONS }).notNull(),
    searchKind: text("search_kind", { enum: VISITOR_SEARCH_KINDS }).notNull(),
    searchMasked: text("search_masked").notNull(),
    searchHash: text("search_hash").notNull(),
    /** What was found (export) or removed (erase): sessions, messages, images, functions, deliveries. */
    counts: jsonb("counts").$type<Record<string, number>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("privacy_requests_client_idx").on(table.clientId, table.createdAt)],
);

/** Who took a session over from Alex, handed it back, or let it time out, and when. */
export const sessionHandoffs = pgTable(
  "session_handoffs",
  {
    id: serial("id").primaryKey(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    operatorId: integer("operator_id").references(() => operators.id, { onDelete: "set null" }),
    /** Kept as written, so the trail still names an operator who was removed. */
    operatorName: text("operator_name").notNull(),
    action: text("action", { enum: HANDOFF_ACTIONS }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("session_handoffs_session_idx").on(table.sessionId, table.createdAt)],
);

/**
 * A client's WhatsApp (Cloud API) or Telegram (Bot API) connection. The access token (WhatsApp's, or
 * the Telegram bot's token) and WhatsApp's app secret are encrypted like the WordPress passwords.
 */
export const clientChannels = pgTable(
  "client_channels",
  {
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: MESSAGING_CHANNELS }).notNull(),
    /** WhatsApp's phone number id, or the Telegram bot's id (the token's part before the colon). */
    accountId: text("account_id").notNull(),
    accessTokenEncrypted: text("access_token_encrypted").notNull(),
    /** WhatsApp's app secret, which signs every webhook (X-Hub-Signature-256); null for Telegram. */
    appSecretEncrypted: text("app_secret_encrypted"),
    /** Ours, random: WhatsApp's hub.verify_token, or the secret_token every Telegram update carries. */
    webhookSecret: text("webhook_secret").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.channel] }),
    // A webhook names the account (WhatsApp's phone number id, the bot in Telegram's path): one client each.
    uniqueIndex("client_channels_account_idx").on(table.channel, table.accountId),
  ],
);

/**
 * The messaging channels' deliveries already taken (WhatsApp's message id, Telegram's update_id):
 * Meta and Telegram retry, and a retry must make no second message or charge.
 */
export const channelDeliveries = pgTable(
  "channel_deliveries",
  {
    channel: text("channel", { enum: MESSAGING_CHANNELS }).notNull(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.channel, table.clientId, table.externalId] }),
    index("channel_deliveries_received_idx").on(table.receivedAt),
  ],
);

/**
 * Answers a person inserts in the reply box by typing `/` and the reply's name: one business's
 * (`client_id`), or shared by every client (`client_id` null, kept by the provider's team). A text
 * per language; at least one is written. Names are unique per business and among the shared ones.
 */
export const savedReplies = pgTable(
  "saved_replies",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    textHe: text("text_he").notNull().default(""),
    textEn: text("text_en").notNull().default(""),
    createdBy: integer("created_by").references(() => operators.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique("saved_replies_client_name_key").on(table.clientId, table.name).nullsNotDistinct(),
    check("saved_replies_some_text", sql`${table.textHe} <> '' or ${table.textEn} <> ''`),
  ],
);

/**
 * A question Alex could not answer well, grouped per client by its normalised words
 * (app/gaps/question-key.server.ts): the training page lists the groups, most asked first, until an FAQ
 * entry answers one. `faq_question` names that entry by its question: the FAQ's knowledge entries
 * are written anew on every training save, so their ids do not last.
 */
export const knowledgeGapGroups = pgTable(
  "knowledge_gap_groups",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    questionKey: text("question_key").notNull(),
    /** The question as a visitor last wrote it: what "Answer this" fills in. */
    question: text("question").notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    faqQuestion: text("faq_question"),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("knowledge_gap_groups_client_key_idx").on(table.clientId, table.questionKey)],
);

/** One time a visitor's question went unanswered, was rated unhelpful, taken over, or its reply marked wrong. */
export const knowledgeGaps = pgTable(
  "knowledge_gaps",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => knowledgeGapGroups.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    sessionId: integer("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    messageId: integer("message_id").references(() => messages.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    kind: text("kind", { enum: GAP_KINDS }).notNull(),
    /** The reply that was wrong or unhelpful; null when there was none to blame (no answer, a take-over). */
    wrongAnswer: text("wrong_answer"),
    createdAt: createdAt(),
  },
  (table) => [
    index("knowledge_gaps_group_idx").on(table.groupId, table.createdAt),
    // A message is one gap of each kind: a second "not helpful" or "wrong" on it changes nothing.
    uniqueIndex("knowledge_gaps_message_kind_idx").on(table.messageId, table.kind),
  ],
);

/**
 * A business's own test question: asked through the real assistant after every training change, it
 * passes when the answer holds `fact` (app/test-questions/fact-match.server.ts). The last run's outcome is
 * kept on the row; `runDueAt` says a change since asks for another run (app/jobs/test-question-worker.server.ts).
 */
export const testQuestions = pgTable(
  "test_questions",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    fact: text("fact").notNull(),
    /** Set by a training change, a scan or an edit of the question; cleared by the run that follows it. */
    runDueAt: timestamp("run_due_at", { withTimezone: true }).defaultNow(),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    lastPassed: boolean("last_passed"),
    lastAnswer: text("last_answer"),
    createdAt: createdAt(),
  },
  (table) => [
    index("test_questions_client_idx").on(table.clientId, table.id),
    index("test_questions_due_idx")
      .on(table.runDueAt)
      .where(sql`${table.runDueAt} is not null`),
  ],
);
