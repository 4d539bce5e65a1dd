/**
 * Many visitors on the message API at once, some of their messages sent twice with the same
 * clientMessageId (as a widget retries after a timeout), a few sent together with another message
 * of the same session, and the checks of what that must leave in the database. Used by scripts/bench-retries.ts (60 s on PostgreSQL) and by
 * tests/integration/conversations/concurrent-retries.test.ts (a few seconds, both databases).
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { selectRows, type Database } from "#db/connection.ts";
import { generateLicenseKey } from "#db/license-key.ts";
import { messageCostCents } from "#db/price-list.ts";
import { clients, trainingConfigs } from "#db/schema.ts";
import { BILLABLE_MESSAGE_TYPES, type MessageType } from "#db/vocabulary.ts";
import { computeBills } from "~/billing/billing.server.ts";
import { periodBounds, periodOf } from "~/billing/periods.ts";
import { insertKnowledgeEntries } from "~/models/knowledge-entry.server.ts";
import { FIXTURE_BUSINESSES, FIXTURE_QUESTIONS } from "../fixtures/knowledge-base.ts";

/** A visitor changes address and session after this many messages: under the per-address limit of 30 a minute. */
const MESSAGES_PER_VISITOR = 8;
/** One message in this many is sent together with another message of its session (when it has one). */
const doubleSendEvery = 20;

/** The four fixture businesses as clients, each with its own passages: returns their license keys. */
export async function prepareLoadClients(db: Database): Promise<string[]> {
  const licenses: string[] = [];
  for (const business of FIXTURE_BUSINESSES) {
    const licenseKey = generateLicenseKey();
    const [client] = await db
      .insert(clients)
      .values({
        businessName: business.businessName,
        ownerEmail: `owner@${business.websiteDomain}.example`,
        websiteDomain: `${business.websiteDomain}.example`,
        businessType: business.businessType,
        licenseKey,
        // The load is about concurrency and retries: with the default monthly ceiling a fast run stops
        // charging (messages stored at no cost) and refuses new visitors, which is another test's matter.
        monthlyUsageCeilingCents: null,
      })
      .returning({ id: clients.id });
    await db.insert(trainingConfigs).values({
      clientId: client!.id,
      businessType: business.businessType,
      greeting: "שלום! איך אפשר לעזור?",
      salesFlow: ["need identification", "solution presentation", "deal closing"],
    });
    await insertKnowledgeEntries(
      db,
      business.passages.map((passage) => ({
        clientId: client!.id,
        topic: passage.topic,
        content: passage.content,
        sourceUrl: passage.path && `https://${business.websiteDomain}.example${passage.path}`,
        origin: passage.origin,
      })),
    );
    licenses.push(licenseKey);
  }
  return licenses;
}

export type LoadOptions = {
  url: string;
  licenses: readonly string[];
  visitors: number;
  durationMs: number;
  /** The share of messages sent a second time with the same clientMessageId. */
  retryShare: number;
  /** Each run its own addresses, so two runs on one server do not share rate limits. */
  addressPrefix?: number;
};

type Sent = { status: number; ms: number; body?: { sessionId?: string; messageId?: number } };

export type LoadResult = {
  requests: number;
  retries: number;
  /** Answers by status; `network` counts requests that got no answer at all. */
  statuses: Record<string, number>;
  latencies: number[];
  elapsedMs: number;
  /** Every clientMessageId answered 200, with the message id the answers gave. */
  answered: Map<string, number>;
  /** Retries answered with another message id than the first answer gave (must stay 0). */
  mismatchedRetries: number;
};

const CONTACT_MESSAGES = ["My name is Dana Levi, my phone is 052-1234567", "אני יוסי כהן, הטלפון שלי 054-7654321"];

/** Drives POST /api/wordpress/messages with `visitors` concurrent visitors until `durationMs` has passed. */
export async function driveMessages(options: LoadOptions): Promise<LoadResult> {
  const result: LoadResult = {
    requests: 0,
    retries: 0,
    statuses: {},
    latencies: [],
    elapsedMs: 0,
    answered: new Map(),
    mismatchedRetries: 0,
  };
  const questions = FIXTURE_QUESTIONS.map((question) => question.question);
  const prefix = options.addressPrefix ?? 0;
  const started = performance.now();
  const until = started + options.durationMs;
  let nextAddress = 0;
  let messageCount = 0;
  const retryEvery = Math.max(1, Math.round(1 / options.retryShare));

  async function send(body: Record<string, unknown>, address: string): Promise<Sent> {
    const sentAt = performance.now();
    result.requests++;
    try {
      const response = await fetch(`${options.url}/api/wordpress/messages`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
        body: JSON.stringify(body),
      });
      const parsed = (await response.json().catch(() => undefined)) as Sent["body"];
      const ms = performance.now() - sentAt;
      result.latencies.push(ms);
      result.statuses[response.status] = (result.statuses[response.status] ?? 0) + 1;
      return { status: response.status, ms, body: parsed };
    } catch {
      result.statuses.network = (result.statuses.network ?? 0) + 1;
      return { status: 0, ms: performance.now() - sentAt };
    }
  }

  function record(clientMessageId: string, answer: Sent) {
    if (answer.status !== 200 || answer.body?.messageId === undefined) return;
    const first = result.answered.get(clientMessageId);
    if (first === undefined) result.answered.set(clientMessageId, answer.body.messageId);
    else if (first !== answer.body.messageId) result.mismatchedRetries++;
  }

  async function visitor(seat: number) {
    for (let round = 0; performance.now() < until; round++) {
      const n = nextAddress++;
      const address = `10.${prefix & 255}.${(n >> 8) & 255}.${n & 255}`;
      const license = options.licenses[(seat + round) % options.licenses.length]!;
      let sessionId: string | undefined;
      for (let turn = 0; turn < MESSAGES_PER_VISITOR && performance.now() < until; turn++) {
        const message =
          turn === MESSAGES_PER_VISITOR - 2 && round % 3 === 0
            ? CONTACT_MESSAGES[round % CONTACT_MESSAGES.length]!
            : questions[(seat * 7 + round * 3 + turn) % questions.length]!;
        const body = { license, sessionId, clientMessageId: randomUUID(), message };
        // Every n-th message of the run, so the share holds however few messages a short run sends.
        const retried = ++messageCount % retryEvery === 0;
        let answers: Sent[];
        if (!retried && sessionId !== undefined && messageCount % doubleSendEvery === 1) {
          // Two different messages of one session at once (a visitor who sends twice quickly).
          const second = { ...body, clientMessageId: randomUUID() };
          const [one, two] = await Promise.all([send(body, address), send(second, address)]);
          record(second.clientMessageId, two);
          answers = [one];
        } else if (!retried) {
          answers = [await send(body, address)];
        } else {
          result.retries++;
          // Half the retries race the first request (a timeout that fired too early), half follow its answer.
          if (Math.random() < 0.5) {
            const first = send(body, address);
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 30));
            answers = await Promise.all([first, send(body, address)]);
          } else {
            answers = [await send(body, address)];
            answers.push(await send(body, address));
          }
        }
        for (const answer of answers) record(body.clientMessageId, answer);
        sessionId = answers.find((answer) => answer.body?.sessionId)?.body?.sessionId ?? sessionId;
      }
    }
  }

  await Promise.all(Array.from({ length: options.visitors }, (_, seat) => visitor(seat)));
  result.elapsedMs = performance.now() - started;
  return result;
}

export function percentile(values: readonly number[], share: number) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)]!;
}

export type Invariants = {
  messages: number;
  sessions: number;
  /** clientMessageIds stored more than once (the unique index forbids it; must stay 0). */
  duplicateIds: number;
  /** clientMessageIds answered 200 that have no message, or whose message is not the one answered. */
  answeredButMissing: number;
  /** Sessions whose message_count is not the number of their messages. */
  sessionCounterMismatches: number;
  /** Sessions charged a conversation more than once. */
  doubleConversations: number;
  /** Messages whose cost is not their type's price. */
  mispricedMessages: number;
  /** message_usage_daily and message_stats_hourly rows that disagree with the messages they sum. */
  dailyUsageMismatches: number;
  hourlyStatsMismatches: number;
  /** 1 when chat_session_totals is not the sessions' count and the sum of their message counts. */
  sessionTotalsMismatch: number;
  /** Cents the period's bills charge for usage, and what the billable messages of the period cost. */
  billedUsageCents: number;
  billableMessageCents: number;
};

const countOf = async (db: Database, query: ReturnType<typeof sql>) =>
  Number((await selectRows<{ n: number }>(db, query))[0]?.n ?? 0);

/** What must hold after any number of concurrent and retried messages. */
export async function checkMessageInvariants(
  db: Database,
  answered: ReadonlyMap<string, number>,
  timeZone = "Asia/Jerusalem",
): Promise<Invariants> {
  const stored = await selectRows<{ id: number; client_message_id: string }>(
    db,
    sql`select id, client_message_id from messages where client_message_id is not null`,
  );
  const byClientMessageId = new Map(stored.map((row) => [row.client_message_id, Number(row.id)]));
  let answeredButMissing = 0;
  for (const [clientMessageId, messageId] of answered)
    if (byClientMessageId.get(clientMessageId) !== messageId) answeredButMissing++;

  const byType = await selectRows<{ message_type: MessageType; n: number; cents: number }>(
    db,
    sql`select message_type, count(*) as n, sum(cost_cents) as cents from messages
        where created_at >= ${periodBounds(periodOf(new Date(), timeZone), timeZone).start.toISOString()}::timestamptz
        group by message_type`,
  );
  const bills = await computeBills(db, { period: periodOf(new Date(), timeZone), timeZone });
  return {
    messages: await countOf(db, sql`select count(*) as n from messages`),
    sessions: await countOf(db, sql`select count(*) as n from chat_sessions`),
    duplicateIds: await countOf(
      db,
      sql`select count(*) as n from (select 1 from messages where client_message_id is not null
          group by client_id, client_message_id having count(*) > 1) as twice`,
    ),
    answeredButMissing,
    sessionCounterMismatches: await countOf(
      db,
      sql`select count(*) as n from chat_sessions as s
          where s.message_count <> (select count(*) from messages as m where m.session_id = s.id)`,
    ),
    doubleConversations: await countOf(
      db,
      sql`select count(*) as n from (select 1 from messages where message_type = 'conversation'
          group by session_id having count(*) > 1) as twice`,
    ),
    mispricedMessages: (
      await selectRows<{ message_type: MessageType; cost_cents: number; n: number }>(
        db,
        sql`select message_type, cost_cents, count(*) as n from messages group by 1, 2`,
      )
    )
      .filter((row) => Number(row.cost_cents) !== messageCostCents(row.message_type))
      .reduce((sum, row) => sum + Number(row.n), 0),
    dailyUsageMismatches: await countOf(
      db,
      sql`select count(*) as n from
            (select client_id, (created_at at time zone 'UTC')::date as day, count(*) as messages,
                    sum(cost_cents) as cost_cents from messages group by 1, 2) as m
          full join message_usage_daily as u using (client_id, day)
          where coalesce(m.messages, 0) <> coalesce(u.messages, 0) or coalesce(m.cost_cents, 0) <> coalesce(u.cost_cents, 0)`,
    ),
    hourlyStatsMismatches: await countOf(
      db,
      sql`select count(*) as n from
            (select date_trunc('hour', created_at) as hour, message_type, count(*) as messages,
                    sum(cost_cents) as cost_cents from messages group by 1, 2) as m
          full join message_stats_hourly as h using (hour, message_type)
          where coalesce(m.messages, 0) <> coalesce(h.messages, 0) or coalesce(m.cost_cents, 0) <> coalesce(h.cost_cents, 0)`,
    ),
    sessionTotalsMismatch: await countOf(
      db,
      sql`select count(*) as n from chat_session_totals as t
          where (t.sessions, t.messages) <> (select count(*), coalesce(sum(message_count), 0) from chat_sessions)`,
    ),
    billedUsageCents: bills.reduce((sum, bill) => sum + bill.usageFeesCents, 0),
    billableMessageCents: byType
      .filter((row) => (BILLABLE_MESSAGE_TYPES as readonly MessageType[]).includes(row.message_type))
      .reduce((sum, row) => sum + Number(row.n) * messageCostCents(row.message_type), 0),
  };
}

/** The invariants that must be zero, or equal, with what is wrong named; empty when all hold. */
export function brokenInvariants(found: Invariants): string[] {
  const broken: string[] = [];
  for (const key of [
    "duplicateIds",
    "answeredButMissing",
    "sessionCounterMismatches",
    "doubleConversations",
    "mispricedMessages",
    "dailyUsageMismatches",
    "hourlyStatsMismatches",
    "sessionTotalsMismatch",
  ] as const)
    if (found[key] !== 0) broken.push(`${key}: ${found[key]}`);
  if (found.billedUsageCents !== found.billableMessageCents)
    broken.push(`billed ${found.billedUsageCents} cents for ${found.billableMessageCents} cents of billable messages`);
  return broken;
}
