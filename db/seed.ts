/**
 * The demo data: the provider's own client, a few businesses, ~200 chat sessions and their bills
 * (made by app/billing/ through DemoRules). Their words are data under db/seed-data/, their sessions
 * planned by db/seed-plan.ts; this file inserts them.
 * Every choice comes from a seeded PRNG and every time is relative to `now`, so two seeds with the
 * same `now` are identical except for license keys and public session ids, which stay truly random:
 * a well-known demo key must never be able to exist in production.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "./connection.ts";
import { PRICE_LIST } from "./price-list.ts";
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
import { CAPABILITIES, type AlexCapabilities } from "./vocabulary.ts";
import { SALES_FLOW, type DemoClient } from "./seed-content.ts";
import { DEMO_CLIENTS, PUBLIC_DEMO_CLIENT } from "./seed-data/clients.ts";
import { CONTACT_LEADS, INVESTMENT_INQUIRIES, NEWSLETTER_SUBSCRIBERS } from "./seed-data/public-forms.ts";
import {
  answerFeedback,
  createRandom,
  pickCompletedFunctions,
  placeOnMessagingChannels,
  planClient,
  planSession,
  planSessionSlots,
  type DemoCalendar,
  type PlannedClient,
  type PlannedFunction,
  type PlannedSession,
} from "./seed-plan.ts";

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
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BATCH_SIZE = 500;

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
export type DemoRules = DemoCalendar & {
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
