/**
 * The demo data: the provider's own client, a few businesses, ~200 chat sessions and their bills
 * (made by app/billing/ through DemoRules).
 * Every choice comes from a seeded PRNG and every time is relative to `now`, so two seeds with the
 * same `now` are identical except for license keys and public session ids, which stay truly random:
 * a well-known demo key must never be able to exist in production.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "./connection.ts";
import { generateLicenseKey, generatePublicSessionId } from "./license-key.ts";
import { messageCostCents, PRICE_LIST } from "./price-list.ts";
import { knowledgeSearchText } from "./search-text.ts";
import { trainingKnowledge } from "./training-knowledge.ts";
import {
  chatSessions,
  clientStatusChanges,
  clients,
  completedFunctions,
  contactLeads,
  investmentInquiries,
  knowledgeEntries,
  messageImages,
  messages,
  newsletterSubscribers,
  salesConfigs,
  trainingConfigs,
} from "./schema.ts";
import {
  CAPABILITIES,
  type AlexCapabilities,
  type ClientStatus,
  type FunctionClientDetails,
  type MessageType,
  type MessagingChannel,
} from "./vocabulary.ts";
import {
  PARTY_PLANNING,
  SALES_FLOW,
  type DemoClient,
  type FollowUpType,
  type Language,
  type Turn,
} from "./seed-content.ts";
import { DEMO_CLIENTS, PUBLIC_DEMO_CLIENT } from "./seed-data/clients.ts";
import { CONTACT_LEADS, INVESTMENT_INQUIRIES, NEWSLETTER_SUBSCRIBERS } from "./seed-data/public-forms.ts";
import { GENERIC_FOLLOW_UPS, LOCATIONS, PARTY_TYPES, USER_AGENTS, VISITOR_NAMES } from "./seed-data/visitors.ts";

export type SeedSummary = {
  clients: number;
  clientStatusChanges: number;
  trainingConfigs: number;
  salesConfigs: number;
  knowledgeEntries: number;
  chatSessions: number;
  messages: number;
  messageImages: number;
  completedFunctions: number;
  billingRecords: number;
  investmentInquiries: number;
  contactLeads: number;
  newsletterSubscribers: number;
};

const SEED = 0x41_4c_45_58; // "ALEX"
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const BATCH_SIZE = 500;
const COMPLETED_FUNCTION_COUNT = 25;
/** A session whose last message is older than this is over. */
const ACTIVE_WINDOW = 30 * MINUTE;
/** How long a session still going on has lasted at most. */
const LIVE_SPAN = 20 * MINUTE;

/** A 1×1 transparent PNG: real image bytes, small enough to seed freely. */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** No clients but the public demo's, which every start-up creates (ensureDemoClient). */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: clients.id }).from(clients).where(eq(clients.isDemo, false)).limit(1);
  return rows.length === 0;
}

/** The first key of the advisory lock that keeps two servers starting together from creating two demo clients ("demo" in ASCII). */
const DEMO_LOCK_NAMESPACE = 0x64_65_6d_6f;

/**
 * Creates the public demo's client (PUBLIC_DEMO_CLIENT, flagged `is_demo`, no monthly fee) with its
 * training, sales settings and knowledge, unless there is one: the public pages' chat needs it on
 * every database, demo data or not. Says whether it created it.
 */
export async function ensureDemoClient(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK_NAMESPACE}, 0)`);
    const [existing] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.isDemo, true)).limit(1);
    if (existing) return false;
    const planned = planClient(PUBLIC_DEMO_CLIENT, now);
    const clientIds = await insertClients(tx, [planned], { isDemo: true });
    await insertClientConfigs(tx, [planned], clientIds);
    return true;
  });
}

/**
 * What the demo takes from the app, because the database layer imports nothing of it: the operators'
 * calendar (app/lib/calendar.ts in TZ_DISPLAY), so "today" and "this month" are theirs, and the
 * billing of the closed months by app/billing/'s own rules, so a demo bill is a real one.
 */
export type DemoRules = {
  startOfDay: (instant: Date) => Date;
  startOfMonth: (instant: Date) => Date;
  /** Writes the bills of the last closed months at `now`, the named clients' latest one left unpaid; answers how many it wrote. */
  billClosedMonths: (tx: Database, plan: { now: Date; unpaidClientIds: readonly number[] }) => Promise<number>;
};

export async function seedDemo(db: Database, options: { now?: Date; rules: DemoRules }): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  const { rules } = options;
  const random = createRandom(SEED);

  const plannedClients = DEMO_CLIENTS.map((content) => planClient(content, now, rules));
  const sessions = planSessionSlots(random, now, rules).map((slot) => planSession(random, slot, plannedClients));
  const functions = pickCompletedFunctions(random, sessions);
  // Its own sequence, so adding the answers left every other demo figure as it was.
  answerFeedback(createRandom(SEED + 1), sessions);
  placeOnMessagingChannels(sessions);

  return db.transaction(async (tx) => {
    const clientIds = await insertClients(tx, plannedClients);
    const counts = await insertClientConfigs(tx, plannedClients, clientIds);
    const sessionIds = await insertSessions(tx, sessions, clientIds);
    const imageCount = await insertMessages(tx, sessions, clientIds, sessionIds);
    await insertCompletedFunctions(tx, functions, clientIds, sessionIds);
    const billingRecords = await rules.billClosedMonths(tx, {
      now,
      unpaidClientIds: plannedClients
        .filter((client) => client.content.hasOverdueBill)
        .map((client) => idOf(clientIds, client)),
    });
    await insertPublicForms(tx, now);

    return {
      clients: plannedClients.length,
      ...counts,
      chatSessions: sessions.length,
      messages: sessions.reduce((sum, session) => sum + session.messages.length, 0),
      messageImages: imageCount,
      completedFunctions: functions.length,
      billingRecords,
      investmentInquiries: INVESTMENT_INQUIRIES.length,
      contactLeads: CONTACT_LEADS.length,
      newsletterSubscribers: NEWSLETTER_SUBSCRIBERS.length,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Randomness

/** mulberry32: tiny, fast and good enough to make demo data look varied. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(next() * items.length)] as T;
  };
  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [item, weight] of entries) {
      roll -= weight;
      if (roll < 0) return item;
    }
    return pick(entries)[0];
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  return { next, int, pick, weighted, shuffle, chance: (probability: number) => next() < probability };
}

type Random = ReturnType<typeof createRandom>;

// ---------------------------------------------------------------------------------------------
// Time

/**
 * Operators see "today" on their calendar and the daily rollup groups by UTC day; a session seeded
 * for today or yesterday must count as such in both, so it uses the overlap of the two calendars.
 */
function dayBoundaries(now: Date, rules: DemoRules) {
  const utcMidnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const localMidnight = rules.startOfDay(now).getTime();
  return { todayStart: Math.max(utcMidnight, localMidnight), yesterdayEnd: Math.min(utcMidnight, localMidnight) };
}

// ---------------------------------------------------------------------------------------------
// Clients

type PlannedClient = {
  content: DemoClient;
  licenseKey: string;
  createdAt: Date;
  /** When it stopped being active (no chats after that), or never. */
  activeUntil: number;
  cancelledAt: number | undefined;
  statusChanges: { from: ClientStatus; to: ClientStatus; at: Date }[];
};

/** `startOfMonth` is needed only by a client that joins this month or last. */
function planClient(content: DemoClient, now: Date, rules?: Pick<DemoRules, "startOfMonth">): PlannedClient {
  const statusChanges = (content.statusHistory ?? []).map((change) => ({
    from: change.from,
    to: change.to,
    at: new Date(now.getTime() - change.daysAgo * DAY),
  }));
  const leftActive = statusChanges.find((change) => change.from === "active");
  const cancelled = statusChanges.find((change) => change.to === "cancelled");
  return {
    content,
    licenseKey: generateLicenseKey(),
    createdAt: joinDate(content.joined, now, rules),
    activeUntil: leftActive ? leftActive.at.getTime() : Number.POSITIVE_INFINITY,
    cancelledAt: cancelled?.at.getTime(),
    statusChanges,
  };
}

/** The dashboard compares this month with last month (on the operators' calendar), so one client joins in each. */
function joinDate(joined: DemoClient["joined"], now: Date, rules?: Pick<DemoRules, "startOfMonth">): Date {
  if (typeof joined === "object") return new Date(now.getTime() - joined.daysAgo * DAY);
  if (!rules) throw new Error(`A client that joins ${joined} needs the operators' calendar`);
  const thisMonth = rules.startOfMonth(now);
  if (joined === "this-month")
    return new Date(thisMonth.getTime() + Math.floor((now.getTime() - thisMonth.getTime()) / 2));
  // The 12th of last month, mid-morning: well inside it on any calendar.
  return new Date(rules.startOfMonth(new Date(thisMonth.getTime() - 1)).getTime() + 11 * DAY + 9.5 * HOUR);
}

function fullCapabilities(enabled: DemoClient["sales"]["capabilities"]): AlexCapabilities {
  const result = {} as Record<string, boolean | string>;
  for (const capability of CAPABILITIES) {
    const prompt = enabled[capability];
    result[capability] = prompt !== undefined;
    result[`${capability}Prompt`] = prompt ?? "";
  }
  return result as AlexCapabilities;
}

// ---------------------------------------------------------------------------------------------
// Chat sessions

/** When a session starts (for a live one: the earliest it may have started) and must have ended by. */
type Slot = { start: number; latestEnd: number; live: boolean };

type Visitor = {
  language: Language;
  name: string;
  phone: string;
  partyType: string;
  guests: number;
  location: string;
  budget: string;
};

type PlannedMessage = {
  userMessage: string;
  aiResponse: string;
  messageType: MessageType;
  costCents: number;
  responseMs: number;
  createdAt: Date;
  imageCount: number;
};

type PlannedSession = {
  client: PlannedClient;
  publicId: string;
  visitor: Visitor;
  isActive: boolean;
  userIp: string;
  userAgent: string;
  messages: PlannedMessage[];
  /** Where the conversation happened; a messaging channel's visitor has their id there and no address. */
  channel?: { name: MessagingChannel; userId: string };
  /** The visitor's answer to the widget's "Was this helpful?", when they gave one. */
  feedback?: { helpful: boolean; at: Date };
};

/**
 * ~200 session start times over 90 days, denser recently, with a few live now and several
 * today and yesterday so every dashboard period has something to show.
 */
function planSessionSlots(random: Random, now: Date, rules: DemoRules): Slot[] {
  const nowMs = now.getTime();
  const endedBy = nowMs - ACTIVE_WINDOW - MINUTE;
  const { todayStart, yesterdayEnd } = dayBoundaries(now, rules);
  const slots: Slot[] = [];

  for (let i = 0; i < 3; i++) {
    const end = nowMs - random.int(20, 8 * 60) * 1000;
    slots.push({ start: end - LIVE_SPAN, latestEnd: end, live: true });
  }

  const todayFrom = endedBy - todayStart >= 30 * MINUTE ? todayStart : endedBy - 3 * HOUR;
  for (let i = 0; i < 8; i++) {
    slots.push({ start: between(random, todayFrom, endedBy - 15 * MINUTE), latestEnd: endedBy, live: false });
  }

  for (let i = 0; i < 7; i++) {
    slots.push({ start: between(random, todayStart - DAY, yesterdayEnd - HOUR), latestEnd: endedBy, live: false });
  }

  for (let i = 0; i < 182; i++) {
    const daysAgo = 2 + 87.5 * Math.pow(random.next(), 1.7);
    slots.push({ start: nowMs - Math.round(daysAgo * DAY), latestEnd: endedBy, live: false });
  }

  return slots.sort((a, b) => a.start - b.start);
}

/**
 * The widget asks once a finished conversation has had three replies or collected the visitor's
 * details (app/widget/client/feedback-rule.ts); about half the visitors answer, most of them pleased.
 */
function answerFeedback(random: Random, sessions: PlannedSession[]) {
  for (const session of sessions) {
    const asked =
      !session.isActive &&
      (session.messages.length >= 3 || session.messages.some((message) => message.messageType === "contact_collected"));
    const last = session.messages.at(-1);
    if (!asked || !last || !random.chance(0.55)) continue;
    session.feedback = { helpful: random.chance(0.8), at: new Date(last.createdAt.getTime() + 20_000) };
  }
}

function between(random: Random, from: number, to: number) {
  return from + Math.floor(random.next() * Math.max(0, to - from));
}

function planSession(random: Random, slot: Slot, plannedClients: PlannedClient[]): PlannedSession {
  const client = pickChattingClient(random, slot.start, plannedClients);
  const conversations = client.content.conversations;
  const language: Language =
    conversations.he && conversations.en ? (random.chance(0.25) ? "en" : "he") : conversations.he ? "he" : "en";
  const visitor = makeVisitor(random, language);
  const exchanges = planExchanges(random, client.content, visitor, messageCount(random));
  const latestEnd = Math.min(slot.latestEnd, client.activeUntil - MINUTE);
  const offsets = messageOffsets(random, exchanges.length, slot.live ? LIVE_SPAN : latestEnd - slot.start);
  // A live session is still going: it is placed by its last message, which is recent.
  const start = slot.live ? latestEnd - (offsets.at(-1) ?? 0) : slot.start;

  return {
    client,
    publicId: generatePublicSessionId(),
    visitor,
    isActive: slot.live,
    userIp: random.chance(0.5) ? `203.0.113.${random.int(1, 254)}` : `198.51.100.${random.int(1, 254)}`,
    userAgent: random.pick(USER_AGENTS),
    messages: exchanges.map((exchange, index) => ({ ...exchange, createdAt: new Date(start + (offsets[index] ?? 0)) })),
  };
}

/**
 * The two latest finished sessions happened on WhatsApp and Telegram, so the monitor's channel
 * filter and icons have something to show. Chosen without the random sequence, so every other demo
 * figure stays as it was.
 */
function placeOnMessagingChannels(sessions: PlannedSession[]) {
  const finished = sessions
    .filter((session) => !session.isActive && session.messages.length > 0)
    .sort((a, b) => b.messages.at(-1)!.createdAt.getTime() - a.messages.at(-1)!.createdAt.getTime());
  const [whatsapp, telegram] = finished;
  // A WhatsApp id is the number in international form without the plus; a Telegram chat id is a number.
  if (whatsapp)
    whatsapp.channel = { name: "whatsapp", userId: `972${whatsapp.visitor.phone.replace(/\D/g, "").slice(1)}` };
  if (telegram) telegram.channel = { name: "telegram", userId: "5512093347" };
}

/** A client chats only between sign-up and leaving active status; the provider's demo is always there. */
function pickChattingClient(random: Random, start: number, plannedClients: PlannedClient[]): PlannedClient {
  const candidates = plannedClients.filter(
    (client) => client.createdAt.getTime() + 2 * HOUR <= start && start + HOUR <= client.activeUntil,
  );
  const pool = candidates.length > 0 ? candidates : plannedClients.filter((client) => client.content.isProvider);
  return random.weighted(pool.map((client) => [client, client.content.traffic] as const));
}

function messageCount(random: Random) {
  return random.weighted([
    [1, 6],
    [2, 10],
    [3, 14],
    [4, 14],
    [5, 12],
    [6, 10],
    [7, 8],
    [8, 7],
    [9, 6],
    [10, 5],
    [11, 4],
    [12, 4],
  ] as const);
}

function makeVisitor(random: Random, language: Language): Visitor {
  const shekels = random.int(8, 60) * 1000;
  return {
    language,
    name: random.pick(VISITOR_NAMES[language]),
    phone: `${random.pick(["050", "052", "053", "054", "058"])}-${random.int(1_000_000, 9_999_999)}`,
    partyType: random.pick(PARTY_TYPES[language]),
    guests: random.int(4, 60) * 5,
    location: random.pick(LOCATIONS[language]),
    budget: `₪${shekels.toLocaleString("en-US")}`,
  };
}

const FOLLOW_UP_WEIGHTS: readonly (readonly [FollowUpType, number])[] = [
  ["general", 38],
  ["solution", 16],
  ["article", 10],
  ["article_approved", 12],
  ["contact_collected", 12],
  ["payment_confirmed", 8],
  ["images_received", 2],
];

type SessionProgress = Record<FollowUpType, number>;

/** Keeps a conversation plausible: an approval needs an article, a payment needs contact details. */
function isAllowed(type: FollowUpType, done: SessionProgress) {
  switch (type) {
    case "article_approved":
      return done.article > done.article_approved;
    case "payment_confirmed":
      return done.contact_collected > 0 && done.payment_confirmed === 0;
    case "contact_collected":
    case "images_received":
      return done[type] === 0;
    default:
      return true;
  }
}

type Exchange = Omit<PlannedMessage, "createdAt">;

function planExchanges(random: Random, content: DemoClient, visitor: Visitor, count: number): Exchange[] {
  const script = content.conversations[visitor.language];
  if (!script) throw new Error(`${content.businessName} has no ${visitor.language} conversations`);
  const fill = (text: string) => fillPlaceholders(text, visitor, content.businessName);
  const used = new Set<Turn>();
  const done: SessionProgress = {
    general: 0,
    article: 0,
    solution: 0,
    contact_collected: 0,
    payment_confirmed: 0,
    images_received: 0,
    article_approved: 0,
  };

  const [openingQuestion, openingReply] = random.pick(script.openings);
  const exchanges: Exchange[] = [
    {
      userMessage: fill(openingQuestion),
      aiResponse: fill(openingReply),
      messageType: "conversation",
      costCents: messageCostCents("conversation"),
      responseMs: random.int(300, 2500),
      imageCount: 0,
    },
  ];

  while (exchanges.length < count) {
    const type = random.weighted(FOLLOW_UP_WEIGHTS.filter(([candidate]) => isAllowed(candidate, done)));
    const [question, reply] = pickTurn(
      random,
      script.followUps[type] ?? [],
      GENERIC_FOLLOW_UPS[visitor.language][type],
      used,
    );
    done[type]++;
    exchanges.push({
      userMessage: fill(question),
      aiResponse: fill(reply),
      messageType: type,
      costCents: messageCostCents(type),
      responseMs: type === "article" ? random.int(1800, 4000) : random.int(300, 3000),
      imageCount: type === "images_received" ? (random.chance(0.3) ? 2 : 1) : 0,
    });
  }
  return exchanges;
}

/** Prefers the business's own words, then generic ones, and repeats a turn only when both ran out. */
function pickTurn(random: Random, specific: readonly Turn[], generic: readonly Turn[], used: Set<Turn>): Turn {
  const fresh = (turns: readonly Turn[]) => turns.filter((turn) => !used.has(turn));
  const choices = [fresh(specific), fresh(generic), [...specific, ...generic]].find((turns) => turns.length > 0) ?? [];
  const turn = random.pick(choices);
  used.add(turn);
  return turn;
}

function fillPlaceholders(text: string, visitor: Visitor, businessName: string) {
  const values: Record<string, string> = {
    name: visitor.name,
    phone: visitor.phone,
    partyType: visitor.partyType,
    guests: String(visitor.guests),
    location: visitor.location,
    budget: visitor.budget,
    business: businessName,
  };
  return text.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

/** Strictly increasing offsets from the first message, squeezed to fit in `maxSpan`. */
function messageOffsets(random: Random, count: number, maxSpan: number): number[] {
  const offsets = [0];
  for (let i = 1; i < count; i++) offsets.push((offsets[i - 1] as number) + random.int(20, 180) * 1000);
  const span = offsets[offsets.length - 1] as number;
  const scale = span > maxSpan ? Math.max(maxSpan, count) / span : 1;
  let previous = -1;
  return offsets.map((offset) => (previous = Math.max(previous + 1, Math.floor(offset * scale))));
}

// ---------------------------------------------------------------------------------------------
// Completed functions and billing

type PlannedFunction = {
  session: PlannedSession;
  functionType: "party_planning_consultation_complete" | "client_introduction_complete" | "article_generation_complete";
  clientDetails: FunctionClientDetails;
  completedAt: Date;
};

function functionCandidate(session: PlannedSession): PlannedFunction | undefined {
  const contact = session.messages.find((message) => message.messageType === "contact_collected");
  const approval = session.messages.find((message) => message.messageType === "article_approved");
  const { visitor } = session;
  if (contact && session.client.content.businessType === PARTY_PLANNING) {
    return {
      session,
      functionType: "party_planning_consultation_complete",
      completedAt: contact.createdAt,
      clientDetails: {
        clientName: visitor.name,
        partyType: visitor.partyType,
        guestCount: visitor.guests,
        budget: visitor.budget,
        location: visitor.location,
        phone: visitor.phone,
      },
    };
  }
  if (approval) {
    return {
      session,
      functionType: "article_generation_complete",
      completedAt: approval.createdAt,
      clientDetails: contact ? { clientName: visitor.name, phone: visitor.phone } : {},
    };
  }
  if (contact) {
    return {
      session,
      functionType: "client_introduction_complete",
      completedAt: contact.createdAt,
      clientDetails: { clientName: visitor.name, phone: visitor.phone },
    };
  }
  return undefined;
}

function pickCompletedFunctions(random: Random, sessions: PlannedSession[]): PlannedFunction[] {
  const candidates = sessions.flatMap((session) => functionCandidate(session) ?? []);
  return random
    .shuffle(candidates)
    .slice(0, COMPLETED_FUNCTION_COUNT)
    .sort((a, b) => a.completedAt.getTime() - b.completedAt.getTime());
}

// ---------------------------------------------------------------------------------------------
// Inserts (batched: each statement costs a round trip, and PGlite is slow per statement)

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type ClientIds = Map<PlannedClient, number>;
type SessionIds = Map<PlannedSession, number>;

function* batches<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += BATCH_SIZE) yield rows.slice(i, i + BATCH_SIZE);
}

function idOf<K>(ids: Map<K, number>, key: K): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error("seed: a row was not inserted before its dependants");
  return id;
}

async function insertClients(
  tx: Transaction,
  plannedClients: PlannedClient[],
  { isDemo = false } = {},
): Promise<ClientIds> {
  const rows = await tx
    .insert(clients)
    .values(
      plannedClients.map(({ content, licenseKey, createdAt, statusChanges }) => ({
        businessName: content.businessName,
        ownerEmail: content.ownerEmail,
        contactEmail: content.contactEmail,
        websiteDomain: content.websiteDomain,
        businessType: content.businessType,
        plan: content.plan,
        status: content.status,
        licenseKey,
        monthlyFeeCents: isDemo ? 0 : PRICE_LIST.monthlyFeeCents,
        onboardingPaid: content.onboardingPaid,
        isDemo,
        createdAt,
        updatedAt: statusChanges.at(-1)?.at ?? createdAt,
      })),
    )
    .returning({ id: clients.id, licenseKey: clients.licenseKey });
  const idByKey = new Map(rows.map((row) => [row.licenseKey, row.id]));
  return new Map(plannedClients.map((client) => [client, idOf(idByKey, client.licenseKey)]));
}

async function insertClientConfigs(tx: Transaction, plannedClients: PlannedClient[], clientIds: ClientIds) {
  const statusChangeRows = plannedClients.flatMap((client) =>
    client.statusChanges.map((change) => ({
      clientId: idOf(clientIds, client),
      fromStatus: change.from,
      toStatus: change.to,
      changedAt: change.at,
    })),
  );
  const trainingRows = plannedClients.map((client) => ({
    clientId: idOf(clientIds, client),
    businessType: client.content.businessType,
    greeting: client.content.training.greeting,
    tone: client.content.training.tone,
    salesFlow: SALES_FLOW,
    businessInfo: client.content.training.businessInfo,
    knowledgeBase: { faq: client.content.training.faq.map(({ q, a }) => ({ q, a })) },
    createdAt: client.createdAt,
    updatedAt: client.createdAt,
  }));
  const salesRows = plannedClients.map((client) => ({
    clientId: idOf(clientIds, client),
    businessName: client.content.speaksAs ?? client.content.businessName,
    pricing: client.content.sales.pricing,
    salesStyle: client.content.sales.salesStyle,
    websiteUrls: client.content.sales.websitePaths.map((path) => siteUrl(client.content, path)).join("\n"),
    customSystemPrompt: client.content.sales.customSystemPrompt,
    customInstructions: client.content.sales.customInstructions,
    capabilities: fullCapabilities(client.content.sales.capabilities),
    createdAt: client.createdAt,
    updatedAt: client.createdAt,
  }));
  // The scanned pages, then what the training teaches: the same entries saving that training writes.
  const knowledgeRows = plannedClients.flatMap((client) =>
    [
      ...client.content.knowledge.map((entry) => ({ ...entry, sourceUrl: siteUrl(client.content, entry.path) })),
      ...trainingKnowledge({
        businessInfo: client.content.training.businessInfo,
        knowledgeBase: { faq: client.content.training.faq },
      }).map((entry) => ({ ...entry, sourceUrl: null })),
    ].map((entry, index) => ({
      clientId: idOf(clientIds, client),
      topic: entry.topic,
      sourceUrl: entry.sourceUrl,
      content: entry.content,
      searchText: knowledgeSearchText(entry.topic, entry.content),
      origin: entry.origin,
      createdAt: new Date(client.createdAt.getTime() + (index + 1) * HOUR),
    })),
  );

  if (statusChangeRows.length > 0) await tx.insert(clientStatusChanges).values(statusChangeRows);
  await tx.insert(trainingConfigs).values(trainingRows);
  await tx.insert(salesConfigs).values(salesRows);
  for (const batch of batches(knowledgeRows)) await tx.insert(knowledgeEntries).values(batch);

  return {
    clientStatusChanges: statusChangeRows.length,
    trainingConfigs: trainingRows.length,
    salesConfigs: salesRows.length,
    knowledgeEntries: knowledgeRows.length,
  };
}

function siteUrl(content: DemoClient, path: string) {
  return `https://${content.websiteDomain}${path === "/" ? "" : path}`;
}

async function insertSessions(tx: Transaction, sessions: PlannedSession[], clientIds: ClientIds): Promise<SessionIds> {
  const idByPublicId = new Map<string, number>();
  for (const batch of batches(sessions)) {
    const rows = await tx
      .insert(chatSessions)
      .values(
        batch.map((session) => ({
          publicId: session.publicId,
          clientId: idOf(clientIds, session.client),
          isActive: session.isActive,
          messageCount: session.messages.length,
          startedAt: session.messages[0]?.createdAt,
          lastMessageAt: session.messages.at(-1)?.createdAt,
          channel: session.channel?.name ?? ("web" as const),
          channelUserId: session.channel?.userId ?? null,
          userIp: session.channel ? null : session.userIp,
          userAgent: session.channel ? null : session.userAgent,
          helpful: session.feedback?.helpful ?? null,
          feedbackAt: session.feedback?.at ?? null,
        })),
      )
      .returning({ id: chatSessions.id, publicId: chatSessions.publicId });
    for (const row of rows) idByPublicId.set(row.publicId, row.id);
  }
  return new Map(sessions.map((session) => [session, idOf(idByPublicId, session.publicId)]));
}

/** Inserts the messages and the images attached to them; returns the number of images. */
async function insertMessages(
  tx: Transaction,
  sessions: PlannedSession[],
  clientIds: ClientIds,
  sessionIds: SessionIds,
): Promise<number> {
  const planned = sessions.flatMap((session) =>
    session.messages.map((message) => ({
      message,
      sessionId: idOf(sessionIds, session),
      clientId: idOf(clientIds, session.client),
    })),
  );
  // A message is identified by its session and time, which are unique because times strictly increase.
  const messageKey = (sessionId: number, createdAt: Date) => `${sessionId}|${createdAt.getTime()}`;
  const idByKey = new Map<string, number>();
  for (const batch of batches(planned)) {
    const rows = await tx
      .insert(messages)
      .values(
        batch.map(({ message, sessionId, clientId }) => ({
          sessionId,
          clientId,
          userMessage: message.userMessage,
          aiResponse: message.aiResponse,
          messageType: message.messageType,
          costCents: message.costCents,
          responseMs: message.responseMs,
          createdAt: message.createdAt,
        })),
      )
      .returning({ id: messages.id, sessionId: messages.sessionId, createdAt: messages.createdAt });
    for (const row of rows) idByKey.set(messageKey(row.sessionId, row.createdAt), row.id);
  }

  const imageRows = planned.flatMap(({ message, sessionId, clientId }) =>
    Array.from({ length: message.imageCount }, (_, index) => ({
      messageId: idOf(idByKey, messageKey(sessionId, message.createdAt)),
      clientId,
      name: `photo-${index + 1}.png`,
      mime: "image/png",
      size: TINY_PNG.length,
      data: TINY_PNG,
      createdAt: message.createdAt,
    })),
  );
  for (const batch of batches(imageRows)) await tx.insert(messageImages).values(batch);
  return imageRows.length;
}

async function insertCompletedFunctions(
  tx: Transaction,
  functions: PlannedFunction[],
  clientIds: ClientIds,
  sessionIds: SessionIds,
) {
  if (functions.length === 0) return;
  await tx.insert(completedFunctions).values(
    functions.map((fn) => ({
      clientId: idOf(clientIds, fn.session.client),
      sessionId: idOf(sessionIds, fn.session),
      functionType: fn.functionType,
      clientDetails: fn.clientDetails,
      profitCents: PRICE_LIST.perCompletedFunctionCents,
      completedAt: fn.completedAt,
    })),
  );
}

async function insertPublicForms(tx: Transaction, now: Date) {
  const daysBefore = (days: number) => new Date(now.getTime() - days * DAY);
  await tx
    .insert(investmentInquiries)
    .values(INVESTMENT_INQUIRIES.map(({ daysAgo, ...inquiry }) => ({ ...inquiry, createdAt: daysBefore(daysAgo) })));
  await tx
    .insert(contactLeads)
    .values(CONTACT_LEADS.map(({ daysAgo, ...lead }) => ({ ...lead, createdAt: daysBefore(daysAgo) })));
  await tx
    .insert(newsletterSubscribers)
    .values(
      NEWSLETTER_SUBSCRIBERS.map(({ daysAgo, ...subscriber }) => ({ ...subscriber, createdAt: daysBefore(daysAgo) })),
    );
}
