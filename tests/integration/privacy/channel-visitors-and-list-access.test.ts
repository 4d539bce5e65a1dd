import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/connection.ts";
import { chatSessions, completedFunctions, messages } from "#db/schema.ts";
import type { Channel } from "#db/vocabulary.ts";
import { parseCsv } from "../../support/csv.ts";
import { openTestDatabase, testDrivers, type TestDriver } from "../../support/database.ts";
import { insertClient } from "../../support/factories.ts";
import { startServer, TEST_ADMIN, type RunningServer } from "../../support/server.ts";
import { visitorConversation } from "../../support/visitor.ts";

/**
 * Over HTTP, on each database: a visitor's data request finds (and erases) WhatsApp users by their
 * number as a phone and Telegram users by chat id or username; and every list that shows visitors'
 * contact details leaves one access-log row per client and operator, not one per reload.
 */

/** A messaging channel's conversation, stored as app/channels/inbound.server.ts stores one. */
async function channelConversation(
  db: Database,
  clientId: number,
  channel: Exclude<Channel, "web">,
  user: { id: string; name?: string },
) {
  const publicId = randomUUID();
  const [session] = await db
    .insert(chatSessions)
    .values({
      publicId,
      clientId,
      channel,
      channelUserId: user.id,
      channelUserName: user.name ?? null,
      userIp: `${channel}:${user.id}`,
      userAgent: channel,
      messageCount: 1,
    })
    .returning({ id: chatSessions.id });
  await db.insert(messages).values({
    sessionId: session!.id,
    clientId,
    userMessage: "Hi from the app",
    aiResponse: "Hello",
    messageType: "conversation",
    costCents: 100,
  });
  await db.insert(completedFunctions).values({
    clientId,
    sessionId: session!.id,
    functionType: "client_introduction_complete",
    clientDetails: { clientName: "Channel visitor" },
  });
  return publicId;
}

type Seeded = { clientId: number; otherClientId: number; whatsapp: string; telegram: string; foreignWhatsapp: string };

async function seed(db: Database): Promise<Seeded> {
  const client = await insertClient(db, { businessName: "Channel Bakery" });
  const other = await insertClient(db, { businessName: "Other Channel Bakery" });
  await visitorConversation(db, client.id, { clientName: "Web Dana", phone: "052-7654321" });
  return {
    clientId: client.id,
    otherClientId: other.id,
    whatsapp: await channelConversation(db, client.id, "whatsapp", { id: "972501112233" }),
    telegram: await channelConversation(db, client.id, "telegram", { id: "123456789", name: "Dana_Bakes" }),
    // The same WhatsApp number writing to another business: never found or erased from this one.
    foreignWhatsapp: await channelConversation(db, other.id, "whatsapp", { id: "972501112233" }),
  };
}

async function login(url: string) {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    body: new URLSearchParams(TEST_ADMIN),
    redirect: "manual",
  });
  return response.headers
    .getSetCookie()
    .find((value) => value.startsWith("alex_session="))!
    .split(";")[0]!;
}

describe.each(testDrivers)("channel visitors and logged lists over HTTP, on %s", (driver: TestDriver) => {
  let server: RunningServer;
  let closeDatabase: (() => Promise<void>) | undefined;
  let seeded: Seeded;
  let cookie: string;

  beforeAll(async () => {
    if (driver === "pglite") {
      server = await startServer({}, { prepareDatabase: async (db) => void (seeded = await seed(db)) });
    } else {
      const database = await openTestDatabase("postgres");
      closeDatabase = database.close;
      seeded = await seed(database.db);
      server = await startServer({
        DATABASE_URL: database.url!,
        SESSION_SECRET: "a-channel-visitors-session-secret-0123456789",
        CREDENTIALS_KEY: "cd".repeat(32),
      });
    }
    cookie = `${await login(server.url)}; lng=en`;
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    await closeDatabase?.();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers: { Cookie: cookie, ...headers }, redirect: "manual" });
  const exported = async (clientId: number, kind: string, q: string) => {
    const response = await get(`/admin/clients/${clientId}/visitor-data/export?${new URLSearchParams({ kind, q })}`);
    expect(response.status).toBe(200);
    return (await response.json()) as {
      counts: { sessions: number; messages: number; functions: number };
      sessions: { publicId: string; channel: string; channelUserId: string | null; userIp: string }[];
    };
  };
  /** The client's access log as its CSV gives it: [time, operator, action, session, address] rows. */
  const accessRows = async (clientId: number) => {
    const response = await get(`/admin/clients/${clientId}/access-log-export?lng=en`);
    return parseCsv((await response.text()).replace(/^\uFEFF/, "")).slice(1);
  };
  const eventually = async (check: () => Promise<boolean>) => {
    for (let tries = 0; tries < 50; tries++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("The access log never showed the row.");
  };

  it("finds a WhatsApp visitor by their number written as any phone, on this client only", async () => {
    for (const q of ["0501112233", "972501112233", "+972-50-111-2233", "050 111 2233"]) {
      const found = await exported(seeded.clientId, "phone", q);
      expect(
        found.sessions.map((session) => session.publicId),
        q,
      ).toEqual([seeded.whatsapp]);
      expect(found.sessions[0]).toMatchObject({ channel: "whatsapp", userIp: "whatsapp:972501112233" });
      expect(found.counts).toMatchObject({ sessions: 1, messages: 1, functions: 1 });
    }
    const page = await get(`/admin/clients/${seeded.clientId}?tab=privacy&kind=phone&q=%2B972-50-111-2233`);
    expect(await page.text()).toContain("Sessions: 1, messages: 1");
    // Another number, or the web visitor's phone, finds only its own.
    expect((await exported(seeded.clientId, "phone", "0501112234")).counts.sessions).toBe(0);
    expect((await exported(seeded.clientId, "phone", "052-7654321")).counts.sessions).toBe(1);
  });

  it("finds a Telegram visitor by chat id or username (with or without @, in any case), not by phone", async () => {
    for (const q of ["123456789", "dana_bakes", "@Dana_Bakes", "DANA_BAKES"]) {
      const found = await exported(seeded.clientId, "telegram", q);
      expect(
        found.sessions.map((session) => session.publicId),
        q,
      ).toEqual([seeded.telegram]);
    }
    expect((await exported(seeded.clientId, "telegram", "12345678")).counts.sessions).toBe(0);
    expect((await exported(seeded.clientId, "phone", "123456789")).counts.sessions).toBe(0);
    // A username no one here has finds no one.
    expect((await exported(seeded.clientId, "telegram", "other_user")).counts.sessions).toBe(0);
  });

  it("erases the WhatsApp and Telegram conversations with their numbers, and nothing of another client", async () => {
    const erase = (kind: string, q: string) =>
      fetch(`${server.url}/admin/clients/${seeded.clientId}?tab=privacy`, {
        method: "POST",
        body: new URLSearchParams({ intent: "erase-visitor", kind, q, confirmed: "yes" }),
        headers: { Cookie: cookie },
        redirect: "manual",
      });
    expect((await erase("phone", "+972 50 111 2233")).status).toBe(302);
    expect((await erase("telegram", "@dana_bakes")).status).toBe(302);
    expect((await exported(seeded.clientId, "phone", "0501112233")).counts.sessions).toBe(0);
    expect((await exported(seeded.clientId, "telegram", "123456789")).counts.sessions).toBe(0);
    expect((await get(`/admin/session/${seeded.whatsapp}`)).status).toBe(404);
    expect((await get(`/admin/session/${seeded.telegram}`)).status).toBe(404);
    // The monitor no longer lists the number anywhere for this client.
    const list = await get(`/api/admin/chat-sessions?period=all&clientId=${seeded.clientId}`);
    expect(await list.text()).not.toContain("972501112233");
    // The other business's conversation with the same number stays.
    const foreign = await exported(seeded.otherClientId, "phone", "0501112233");
    expect(foreign.sessions.map((session) => session.publicId)).toEqual([seeded.foreignWhatsapp]);
  });

  it("logs each list of visitors' contact details once per client for a while, however often it is read", async () => {
    const client = seeded.otherClientId;
    const reads = [
      "/api/completed-functions",
      "/api/admin/sessions?period=all",
      "/api/admin/chat-sessions?period=all",
      "/admin/chat-sessions?period=all",
      "/admin/completed-functions",
    ];
    // Six reloads of each, as a live page makes during a take-over.
    for (let round = 0; round < 6; round++) for (const path of reads) expect((await get(path)).status, path).toBe(200);
    const expected = ["Viewed completed functions", "Viewed the conversations list"];
    await eventually(async () => {
      const actions = (await accessRows(client)).map((row) => row[2]);
      return expected.every((action) => actions.includes(action));
    });
    const actions = (await accessRows(client)).map((row) => row[2]);
    for (const action of expected)
      expect(
        actions.filter((shown) => shown === action),
        action,
      ).toHaveLength(1);
  });

  it("logs a session page once for its live reloads, and the exports each time", async () => {
    const session = seeded.foreignWhatsapp;
    for (let reload = 0; reload < 6; reload++) expect((await get(`/admin/session/${session}`)).status).toBe(200);
    for (let download = 0; download < 2; download++) {
      const csv = await get(`/api/admin/export-session/${seeded.otherClientId}/${session}?format=csv`);
      expect(csv.status).toBe(200);
      await csv.text();
    }
    await eventually(
      async () =>
        (await accessRows(seeded.otherClientId)).filter((row) => row[2] === "Exported a conversation").length === 2,
    );
    const rows = (await accessRows(seeded.otherClientId)).filter((row) => row[3] === session);
    expect(rows.filter((row) => row[2] === "Viewed a conversation")).toHaveLength(1);
    expect(rows.filter((row) => row[2] === "Exported a conversation")).toHaveLength(2);
  });
});
