import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, selectRows, type Database, type DatabaseHandle } from "#db/connection.ts";
import { messages, sessionReservations } from "#db/schema.ts";
import type { VisitorMessage } from "~/conversations/message-schema.ts";
import { admitMessage } from "~/conversations/message-admission.server.ts";
import { replyToMessage } from "~/conversations/message-service.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { insertChatSession, insertClient } from "../../support/factories.ts";
import { startOpenAiStandIn, type OpenAiStandIn } from "../../support/openai-stand-in.ts";
import { inspectEmbeddedDatabase, startServer, type RunningServer } from "../../support/server.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
/** The embedded database behind one server; PostgreSQL behind two, each sent half of the messages. */
const setups = serverUrl
  ? ([
      ["embedded", 1],
      ["postgres", 2],
    ] as const)
  : ([["embedded", 1]] as const);

const AT_ONCE = 30;
/** A model that takes two seconds to write its reply: every admission happens while others' turns are under way. */
const SLOW_REPLY = { kind: "reply" as const, chunks: ["Thanks", " for", " writing", "."], delayMs: 500 };

type Clients = { oneVisitor: string; oneAddress: string; nearCeiling: string; ids: Record<string, number> };

type Answer = { status: number; body: { error?: string; cost?: number } };

/**
 * A POST on a connection of its own: the next batch would otherwise reuse connections that sat idle
 * through this batch's slow replies, which the server may be closing just then (a reset, not an answer).
 */
function postOnNewConnection(url: string, headers: Record<string, string>, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method: "POST", headers, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (piece: string) => (text += piece));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Answer["body"] }));
      response.on("error", reject);
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

/** Three clients, one per limit; the third's month already at $22 of its $25 ceiling. */
async function prepareClients(db: Database): Promise<Clients> {
  const oneVisitor = await insertClient(db, { businessName: "Visitor Limit" });
  const oneAddress = await insertClient(db, { businessName: "Address Limit", sessionsPerAddressPerHour: 10 });
  const nearCeiling = await insertClient(db, { businessName: "Near Ceiling", monthlyUsageCeilingCents: 25_00 });
  const earlier = await insertChatSession(db, nearCeiling.id, { userIp: "198.51.100.1", messageCount: 22 });
  await db.insert(messages).values(
    Array.from({ length: 22 }, (_, index) => ({
      sessionId: earlier.id,
      clientId: nearCeiling.id,
      userMessage: `question ${index}`,
      aiResponse: "answer",
      messageType: "solution" as const,
      costCents: 1_00,
    })),
  );
  return {
    oneVisitor: oneVisitor.licenseKey,
    oneAddress: oneAddress.licenseKey,
    nearCeiling: nearCeiling.licenseKey,
    ids: { oneVisitor: oneVisitor.id, oneAddress: oneAddress.id, nearCeiling: nearCeiling.id },
  };
}

/**
 * 30 first messages sent at once while the model takes seconds to answer: the hourly limits and the
 * monthly ceiling hold however many are admitted together, on any number of app servers, because each
 * new session is reserved as it is admitted (docs/decisions/040-new-session-reservations.md).
 */
describe.each(setups)("30 first messages at once on the %s database (%i app servers)", (database, serverCount) => {
  const name = `alex_new_sessions_${process.pid}_${Date.now()}`;
  let admin: postgres.Sql | undefined;
  let url: string | undefined;
  let standIn: OpenAiStandIn;
  let servers: RunningServer[] = [];
  let clients: Clients;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    const common = { SEED_DEMO: "false", AI_BASE_URL: standIn.baseUrl, AI_MODEL: "test-model" };
    if (database === "postgres") {
      admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      const address = new URL(serverUrl!);
      address.pathname = `/${name}`;
      url = address.toString();
      const handle = await openDatabase({ url });
      clients = await prepareClients(handle.db);
      await handle.close();
      const shared = {
        ...common,
        DATABASE_URL: url,
        SESSION_SECRET: "a-new-session-limits-session-secret-0123456789",
        CREDENTIALS_KEY: "cd".repeat(32),
      };
      for (let index = 0; index < serverCount; index++) servers.push(await startServer(shared));
    } else {
      servers = [
        await startServer(common, {
          prepareDatabase: async (db) => {
            clients = await prepareClients(db);
          },
        }),
      ];
    }
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await standIn?.close();
    await admin?.unsafe(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  async function inspect<T>(read: (db: Database) => Promise<T>): Promise<T> {
    if (url) {
      const handle = await openDatabase({ url, migrate: false });
      try {
        return await read(handle.db);
      } finally {
        await handle.close();
      }
    }
    await servers[0]!.stop({ keepData: true });
    return inspectEmbeddedDatabase(servers[0]!.dataDir, read);
  }

  /** Sends the messages together, alternating between the servers; answers the statuses and the error texts. */
  async function sendAtOnce(license: string, visitorOf: (index: number) => { address: string; browser: string }) {
    standIn.script(...Array.from({ length: AT_ONCE * 2 }, () => SLOW_REPLY));
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, async (_, index) => {
        const { address, browser } = visitorOf(index);
        return postOnNewConnection(
          `${servers[index % servers.length]!.url}/api/wordpress/messages?lng=en`,
          {
            "Content-Type": "application/json",
            "Accept-Language": "en",
            "X-Forwarded-For": address,
            "User-Agent": browser,
          },
          JSON.stringify({ license, clientMessageId: randomUUID(), message: "Hello, are you open today?" }),
        );
      }),
    );
    const count = (status: number) => answers.filter((answer) => answer.status === status).length;
    return { answered: count(200), refused: answers.filter((answer) => answer.status === 429), all: answers };
  }

  const counts = (clientId: number) => async (db: Database) => {
    const [row] = await selectRows<{ sessions: number; cents: number; reserved: number }>(
      db,
      sql`select (select count(*) from chat_sessions where client_id = ${clientId}) as sessions,
                 (select coalesce(sum(cost_cents), 0) from messages where client_id = ${clientId}) as cents,
                 (select count(*) from session_reservations where client_id = ${clientId}) as reserved`,
    );
    return { sessions: Number(row!.sessions), cents: Number(row!.cents), reserved: Number(row!.reserved) };
  };

  it("admits 3 sessions of one visitor, 10 of one address and $3 up to a $25 ceiling", async () => {
    const oneVisitor = await sendAtOnce(clients.oneVisitor, () => ({ address: "203.0.113.20", browser: "Phone/1.0" }));
    const oneAddress = await sendAtOnce(clients.oneAddress, (index) => ({
      address: "203.0.113.21",
      browser: `Phone/${index}`,
    }));
    const nearCeiling = await sendAtOnce(clients.nearCeiling, (index) => ({
      address: `203.0.113.${100 + index}`,
      browser: "Phone/1.0",
    }));
    console.log(
      `new sessions at once (${database}, ${serverCount} servers): one visitor ${oneVisitor.answered}/${AT_ONCE}, ` +
        `one address ${oneAddress.answered}/${AT_ONCE}, near the ceiling ${nearCeiling.answered}/${AT_ONCE}`,
    );
    expect([oneVisitor.answered, oneVisitor.refused.length]).toEqual([3, 27]);
    expect([oneAddress.answered, oneAddress.refused.length]).toEqual([10, 20]);
    expect([nearCeiling.answered, nearCeiling.refused.length]).toEqual([3, 27]);
    expect(new Set(oneVisitor.refused.map((answer) => answer.body.error))).toEqual(
      new Set(["Too many new conversations from here in the last hour. Please try again later."]),
    );
    expect(nearCeiling.all.filter((answer) => answer.status === 200).map((answer) => answer.body.cost)).toEqual([
      1, 1, 1,
    ]);

    const stored = await inspect(async (db) => ({
      oneVisitor: await counts(clients.ids.oneVisitor!)(db),
      oneAddress: await counts(clients.ids.oneAddress!)(db),
      nearCeiling: await counts(clients.ids.nearCeiling!)(db),
    }));
    expect(stored).toEqual({
      oneVisitor: { sessions: 3, cents: 3_00, reserved: 0 },
      oneAddress: { sessions: 10, cents: 10_00, reserved: 0 },
      // The earlier session and its $22, then three conversations: the month stops at the ceiling.
      nearCeiling: { sessions: 4, cents: 25_00, reserved: 0 },
    });
  }, 120_000);
});

/** What a new session's reservation becomes when its turn ends without storing it. */
describe.each(testDrivers)("a new session's reservation on %s", (driver) => {
  let handle: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
  });
  afterAll(() => handle.close());

  const visitor = { ip: "203.0.113.40", userAgent: "Phone/2.0" };
  const origin = { header: null, self: "https://alex.example" };
  const input = (license: string): VisitorMessage => ({
    license,
    sessionId: null,
    clientMessageId: randomUUID(),
    message: "Hello",
  });
  const reserved = async (clientId: number) =>
    (await db.select().from(sessionReservations).where(eq(sessionReservations.clientId, clientId))).length;

  it("is given back when the turn fails, so the visitor's limit is not spent on it", async () => {
    const client = await insertClient(db, { sessionsPerVisitorPerHour: 1 });
    const message = input(client.licenseKey);
    const admission = await admitMessage(db, message, { timeZone: "Asia/Jerusalem", visitor, origin });
    if (admission.kind !== "admitted") throw new Error(`not admitted: ${admission.kind}`);
    expect(await reserved(client.id)).toBe(1);
    // Held: the same visitor's second first message waits for the first one's turn to end.
    expect(await admitMessage(db, input(client.licenseKey), { timeZone: "Asia/Jerusalem", visitor, origin })).toEqual({
      kind: "refused",
      refusal: { status: 429, error: "tooManySessions", retryAfterSeconds: 3600 },
    });
    const failing = replyToMessage(db, {
      admission,
      input: message,
      images: [],
      visitor,
      requestLanguage: "en",
      modelSettings: undefined,
      timeZone: "Asia/Jerusalem",
      consentNeeded: "",
      mailEnabled: false,
      onDelta: () => {},
      // Asked inside the storing transaction: the turn fails there, and nothing of it is stored.
      visitorWaiting: () => {
        throw new Error("the connection to the visitor broke");
      },
      liveEvents: handle.events,
      receivedAt: Date.now(),
      backOfficeOrigin: "https://alex.example",
    });
    await expect(failing).rejects.toThrow("the connection to the visitor broke");
    expect(await reserved(client.id)).toBe(0);
    expect(
      (await admitMessage(db, input(client.licenseKey), { timeZone: "Asia/Jerusalem", visitor, origin })).kind,
    ).toBe("admitted");
  });

  it("stops counting once older than any turn: a server that stopped mid-turn holds no place for long", async () => {
    const client = await insertClient(db, { sessionsPerVisitorPerHour: 1 });
    const options = { timeZone: "Asia/Jerusalem", visitor, origin };
    expect((await admitMessage(db, input(client.licenseKey), options)).kind).toBe("admitted");
    expect((await admitMessage(db, input(client.licenseKey), options)).kind).toBe("refused");
    const later = new Date(Date.now() + 11 * 60_000);
    expect((await admitMessage(db, input(client.licenseKey), { ...options, now: later })).kind).toBe("admitted");
    // The stale one was forgotten; the new one holds its place.
    expect(await reserved(client.id)).toBe(1);
  });
});
