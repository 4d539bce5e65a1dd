import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#db/connection.ts";
import {
  brokenInvariants,
  checkMessageInvariants,
  driveMessages,
  percentile,
  prepareLoadClients,
} from "../../support/message-load.ts";
import { inspectEmbeddedDatabase, startServer, type RunningServer } from "../../support/server.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
const databases = serverUrl ? (["embedded", "postgres"] as const) : (["embedded"] as const);

/**
 * The message API under concurrent visitors, a third of their messages retried with the same
 * clientMessageId (half racing the first request, half after its answer): one message per id, the
 * session counters, the rollups and the bill agree with the messages. `npm run bench` runs the same
 * for 60 s on PostgreSQL (scripts/bench-retries.ts).
 */
describe.each(databases)("concurrent retried messages on the %s database", (database) => {
  const name = `alex_retries_${process.pid}_${Date.now()}`;
  let admin: postgres.Sql | undefined;
  let url: string | undefined;
  let server: RunningServer;
  let licenses: string[] = [];

  beforeAll(async () => {
    const common = { SEED_DEMO: "false", AI_BASE_URL: "", AI_MODEL: "" };
    if (database === "postgres") {
      admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      const address = new URL(serverUrl!);
      address.pathname = `/${name}`;
      url = address.toString();
      const handle = await openDatabase({ url });
      licenses = await prepareLoadClients(handle.db);
      await handle.close();
      server = await startServer({
        ...common,
        DATABASE_URL: url,
        SESSION_SECRET: "a-concurrent-retries-session-secret-0123456789",
        CREDENTIALS_KEY: "ef".repeat(32),
      });
    } else {
      server = await startServer(common, {
        prepareDatabase: async (db) => {
          licenses = await prepareLoadClients(db);
        },
      });
    }
  });

  afterAll(async () => {
    await server?.stop();
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
    await server.stop({ keepData: true });
    return inspectEmbeddedDatabase(server.dataDir, read);
  }

  it("stores each message once and keeps counters, rollups and the bill equal to the messages", async () => {
    const load = await driveMessages({ url: server.url, licenses, visitors: 12, durationMs: 4000, retryShare: 0.3 });
    console.log(
      `concurrent retries (${database}): ${load.requests} requests (${load.retries} retried ids) in ` +
        `${Math.round(load.elapsedMs)} ms, p95 ${Math.round(percentile(load.latencies, 0.95))} ms, statuses ${JSON.stringify(load.statuses)}`,
    );
    // At least one message per visitor, every third of them retried.
    expect(load.retries).toBeGreaterThanOrEqual(4);
    expect(Object.keys(load.statuses)).toEqual(["200"]);
    expect(load.mismatchedRetries).toBe(0);

    const found = await inspect((db) => checkMessageInvariants(db, load.answered));
    expect(brokenInvariants(found)).toEqual([]);
    // The embedded server's folder holds the demo data too: its messages are counted with ours.
    expect(found.messages).toBeGreaterThanOrEqual(load.answered.size);
    expect(found.billableMessageCents).toBeGreaterThan(0);
  }, 120_000);
});
