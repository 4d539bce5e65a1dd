import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { openDatabase, type Database, type DatabaseHandle } from "#db/connection.ts";
import { generateLicenseKey } from "#db/license-key.ts";
import { chatSessions, chatSessionTotals, completedFunctions, messages, messageUsageDaily } from "#db/schema.ts";
import type * as schema from "#db/schema.ts";
import { insertChatSession } from "../../support/factories.ts";

const MIGRATIONS = path.resolve("db/migrations");
/** The migration that leaves the public demo out of the monitor's totals and its costs at nothing. */
const DEMO_MIGRATION = "0033_monitor_totals_leave_demo_out";

/** The migrations folder as it was before DEMO_MIGRATION: the same files, a journal that stops before it. */
function migrationsBefore(tag: string) {
  const folder = mkdtempSync(path.join(tmpdir(), "alex-migrations-"));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number; tag: string }[] };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(stop).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }));
  return folder;
}

/**
 * Rows as they were before the migration, in SQL naming only the columns of that time: the schema's
 * own inserts name every column of today, which later migrations added.
 */
async function clientBefore(db: Database, name: string, isDemo: boolean) {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const { rows } = await (db as PgliteDatabase<typeof schema>).execute<{ id: number }>(sql`
    insert into clients (business_name, owner_email, website_domain, business_type, license_key, is_demo, monthly_fee_cents)
    values (${name}, ${`owner@${slug}.example`}, ${`${slug}.example`}, 'services', ${generateLicenseKey()}, ${isDemo}, ${isDemo ? 0 : 5000})
    returning id`);
  return rows[0]!.id;
}

/** A session with `count` messages of a dollar each (its usage and totals kept by the triggers). */
async function conversation(db: Database, clientId: number, count: number) {
  const startedAt = new Date(Date.now() - 10 * 60_000);
  const { rows } = await (db as PgliteDatabase<typeof schema>).execute<{ id: number }>(sql`
    insert into chat_sessions (public_id, client_id, message_count, started_at, last_message_at)
    values (${`sess_before_${clientId}_${count}`}, ${clientId}, ${count}, ${startedAt}, ${startedAt})
    returning id`);
  const sessionId = rows[0]!.id;
  for (let index = 0; index < count; index += 1) {
    await db.execute(sql`
      insert into messages (session_id, client_id, user_message, ai_response, message_type, cost_cents, created_at)
      values (${sessionId}, ${clientId}, ${`question ${index}`}, ${`answer ${index}`}, 'conversation', 100,
        ${new Date(startedAt.getTime() + index * 1000)})`);
  }
  await db.execute(sql`
    insert into completed_functions (client_id, session_id, function_type, profit_cents)
    values (${clientId}, ${sessionId}, 'client_introduction_complete', 100)`);
}

async function totals(db: Database) {
  const [row] = await db.select().from(chatSessionTotals);
  return { sessions: Number(row!.sessions), messages: Number(row!.messages) };
}

const costOf = async (db: Database, clientId: number) => {
  const [message] = await db
    .select({ cents: sql<number>`coalesce(sum(${messages.costCents}), 0)`.mapWith(Number) })
    .from(messages)
    .where(eq(messages.clientId, clientId));
  const [usage] = await db
    .select({ cents: sql<number>`coalesce(sum(${messageUsageDaily.costCents}), 0)`.mapWith(Number) })
    .from(messageUsageDaily)
    .where(eq(messageUsageDaily.clientId, clientId));
  const [profit] = await db
    .select({ cents: sql<number>`coalesce(sum(${completedFunctions.profitCents}), 0)`.mapWith(Number) })
    .from(completedFunctions)
    .where(eq(completedFunctions.clientId, clientId));
  return { messages: message!.cents, usage: usage!.cents, profit: profit!.cents };
};

describe(`migration ${DEMO_MIGRATION}`, () => {
  let handle: DatabaseHandle;
  let db: Database;
  let earlier: string;
  let demoId: number;
  let regularId: number;

  beforeAll(async () => {
    handle = await openDatabase({ memory: true, migrate: false });
    db = handle.db;
    earlier = migrationsBefore(DEMO_MIGRATION);
    await migrate(db as PgliteDatabase<typeof schema>, { migrationsFolder: earlier });
    demoId = await clientBefore(db, "Alex AI (public demo)", true);
    regularId = await clientBefore(db, "A regular business", false);
    await conversation(db, demoId, 3);
    await conversation(db, regularId, 2);
    // Before it, the kept totals counted the demo's session, and its messages cost a dollar.
    expect(await totals(db)).toEqual({ sessions: 2, messages: 5 });
    expect(await costOf(db, demoId)).toEqual({ messages: 300, usage: 300, profit: 100 });
    await migrate(db as PgliteDatabase<typeof schema>, { migrationsFolder: MIGRATIONS });
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    if (earlier) rmSync(earlier, { recursive: true, force: true });
  });

  it("recounts the monitor's totals without the demo's sessions and makes its stored costs nothing", async () => {
    expect(await totals(db)).toEqual({ sessions: 1, messages: 2 });
    expect(await costOf(db, demoId)).toEqual({ messages: 0, usage: 0, profit: 0 });
    expect(await costOf(db, regularId)).toEqual({ messages: 200, usage: 200, profit: 100 });
  });

  it("keeps the totals without the demo: a demo session added, continued or deleted changes nothing", async () => {
    const demoSession = await insertChatSession(db, demoId, { messageCount: 1 });
    await db.update(chatSessions).set({ messageCount: 4 }).where(eq(chatSessions.id, demoSession.id));
    expect(await totals(db)).toEqual({ sessions: 1, messages: 2 });
    await db.delete(chatSessions).where(eq(chatSessions.id, demoSession.id));
    expect(await totals(db)).toEqual({ sessions: 1, messages: 2 });

    const regular = await insertChatSession(db, regularId, { messageCount: 1 });
    await db.update(chatSessions).set({ messageCount: 3 }).where(eq(chatSessions.id, regular.id));
    expect(await totals(db)).toEqual({ sessions: 2, messages: 5 });
    await db.delete(chatSessions).where(eq(chatSessions.id, regular.id));
    expect(await totals(db)).toEqual({ sessions: 1, messages: 2 });
  });
});
