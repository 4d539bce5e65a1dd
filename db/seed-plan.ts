/**
 * The demo seed's plan: which client each session talks to, when, what is said and what it completes.
 * Every choice comes from a seeded PRNG and every time is relative to `now`; db/seed.ts inserts it.
 */
import { generateLicenseKey, generatePublicSessionId } from "./license-key.ts";
import { messageCostCents } from "./price-list.ts";
import { PARTY_PLANNING, type DemoClient, type FollowUpType, type Language, type Turn } from "./seed-content.ts";
import {
  FOLLOW_UP_WEIGHTS,
  GENERIC_FOLLOW_UPS,
  LOCATIONS,
  MESSAGE_COUNT_WEIGHTS,
  PARTY_TYPES,
  PHONE_PREFIXES,
  USER_AGENTS,
  VISITOR_NAMES,
} from "./seed-data/visitors.ts";
import type { ClientStatus, FunctionClientDetails, MessageType, MessagingChannel } from "./vocabulary.ts";

/** The operators' calendar (app/lib/calendar.ts in TZ_DISPLAY), so "today" and "this month" are theirs. */
export type DemoCalendar = {
  startOfDay: (instant: Date) => Date;
  startOfMonth: (instant: Date) => Date;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const COMPLETED_FUNCTION_COUNT = 25;
/** A session whose last message is older than this is over. */
const ACTIVE_WINDOW = 30 * MINUTE;
/** How long a session still going on has lasted at most. */
const LIVE_SPAN = 20 * MINUTE;

// ---------------------------------------------------------------------------------------------
// Randomness

/** mulberry32: tiny, fast and good enough to make demo data look varied. */
export function createRandom(seed: number) {
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
function dayBoundaries(now: Date, rules: DemoCalendar) {
  const utcMidnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const localMidnight = rules.startOfDay(now).getTime();
  return { todayStart: Math.max(utcMidnight, localMidnight), yesterdayEnd: Math.min(utcMidnight, localMidnight) };
}

// ---------------------------------------------------------------------------------------------
// Clients

export type PlannedClient = {
  content: DemoClient;
  licenseKey: string;
  createdAt: Date;
  /** When it stopped being active (no chats after that), or never. */
  activeUntil: number;
  cancelledAt: number | undefined;
  statusChanges: { from: ClientStatus; to: ClientStatus; at: Date }[];
};

/** `startOfMonth` is needed only by a client that joins this month or last. */
export function planClient(content: DemoClient, now: Date, rules?: Pick<DemoCalendar, "startOfMonth">): PlannedClient {
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
function joinDate(joined: DemoClient["joined"], now: Date, rules?: Pick<DemoCalendar, "startOfMonth">): Date {
  if (typeof joined === "object") return new Date(now.getTime() - joined.daysAgo * DAY);
  if (!rules) throw new Error(`A client that joins ${joined} needs the operators' calendar`);
  const thisMonth = rules.startOfMonth(now);
  if (joined === "this-month")
    return new Date(thisMonth.getTime() + Math.floor((now.getTime() - thisMonth.getTime()) / 2));
  // The 12th of last month, mid-morning: well inside it on any calendar.
  return new Date(rules.startOfMonth(new Date(thisMonth.getTime() - 1)).getTime() + 11 * DAY + 9.5 * HOUR);
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

export type PlannedSession = {
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
export function planSessionSlots(random: Random, now: Date, rules: DemoCalendar): Slot[] {
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
export function answerFeedback(random: Random, sessions: PlannedSession[]) {
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

export function planSession(random: Random, slot: Slot, plannedClients: PlannedClient[]): PlannedSession {
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
export function placeOnMessagingChannels(sessions: PlannedSession[]) {
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
  return random.weighted(MESSAGE_COUNT_WEIGHTS);
}

function makeVisitor(random: Random, language: Language): Visitor {
  const shekels = random.int(8, 60) * 1000;
  return {
    language,
    name: random.pick(VISITOR_NAMES[language]),
    phone: `${random.pick(PHONE_PREFIXES)}-${random.int(1_000_000, 9_999_999)}`,
    partyType: random.pick(PARTY_TYPES[language]),
    guests: random.int(4, 60) * 5,
    location: random.pick(LOCATIONS[language]),
    budget: `₪${shekels.toLocaleString("en-US")}`,
  };
}

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
// Completed functions

export type PlannedFunction = {
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

export function pickCompletedFunctions(random: Random, sessions: PlannedSession[]): PlannedFunction[] {
  const candidates = sessions.flatMap((session) => functionCandidate(session) ?? []);
  return random
    .shuffle(candidates)
    .slice(0, COMPLETED_FUNCTION_COUNT)
    .sort((a, b) => a.completedAt.getTime() - b.completedAt.getTime());
}
