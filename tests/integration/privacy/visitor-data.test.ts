import { createHash, randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/connection.ts";
import {
  chatSessions,
  completedFunctions,
  leadDeliveries,
  messageStatsHourly,
  messageUsageDaily,
  operators,
  privacyRequests,
} from "#db/schema.ts";
import { configureCredentialsKey } from "~/checks/credentials.server.ts";
import { findVisitorData, listPrivacyRequests } from "~/models/visitor-data.server.ts";
import { eraseVisitor, exportVisitorData, visitorQueryOf } from "~/privacy/visitor-data.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { insertClient } from "../../support/factories.ts";
import { visitorConversation } from "../../support/visitor.ts";

describe.each(testDrivers)("a visitor's data, on %s", (driver) => {
  let handle: DatabaseHandle;
  let operatorId: number;

  beforeAll(async () => {
    configureCredentialsKey(randomBytes(32));
    handle = await openTestDatabase(driver);
    const [operator] = await handle.db
      .insert(operators)
      .values({ username: `privacy-${randomUUID()}`, passwordHash: "x" })
      .returning();
    operatorId = operator!.id;
  });
  afterAll(() => handle.close());

  const rollups = async (clientId: number) => ({
    usage: await handle.db
      .select({ messages: sql<number>`sum(${messageUsageDaily.messages})::int` })
      .from(messageUsageDaily)
      .where(eq(messageUsageDaily.clientId, clientId)),
    stats: await handle.db
      .select({ messages: sql<number>`sum(${messageStatsHourly.messages})::int` })
      .from(messageStatsHourly),
  });

  it("finds one visitor by phone in any format, by e-mail and by session id, within one client only", async () => {
    const client = await insertClient(handle.db, { businessName: "Find" });
    const other = await insertClient(handle.db, { businessName: "Other" });
    const dana = await visitorConversation(handle.db, client.id, { clientName: "Dana", phone: "050-1234567" });
    await visitorConversation(handle.db, client.id, {
      clientName: "Dana",
      phone: "+972 50 123 4567",
      email: "Dana@Mail.example",
    });
    await visitorConversation(handle.db, client.id, { clientName: "Avi", phone: "052-7654321" });
    const foreign = await visitorConversation(handle.db, other.id, { clientName: "Dana", phone: "050-1234567" });

    const byPhone = await findVisitorData(handle.db, client.id, visitorQueryOf("phone", "0501234567"));
    expect(byPhone.counts).toEqual({ sessions: 2, messages: 4, images: 2, functions: 2, deliveries: 2 });
    expect(byPhone.sessions[0]).toMatchObject({ userIp: "203.0.113.9", userAgent: "Test browser" });
    expect(byPhone.sessions[0]!.messages[0]!.images).toEqual([{ name: "cake.png", mime: "image/png", size: 3 }]);

    const byEmail = await findVisitorData(handle.db, client.id, visitorQueryOf("email", " dana@mail.EXAMPLE "));
    expect(byEmail.counts.sessions).toBe(1);
    const bySession = await findVisitorData(handle.db, client.id, visitorQueryOf("session", dana.publicId));
    expect(bySession.counts).toEqual({ sessions: 1, messages: 2, images: 1, functions: 1, deliveries: 1 });
    expect((await findVisitorData(handle.db, client.id, visitorQueryOf("session", foreign.publicId))).counts).toEqual({
      sessions: 0,
      messages: 0,
      images: 0,
      functions: 0,
      deliveries: 0,
    });
  });

  it("finds the session whose phone is only in its completed function or its lead delivery", async () => {
    const client = await insertClient(handle.db, { businessName: "Linked" });
    const viaFunction = await visitorConversation(handle.db, client.id, { clientName: "Lea", phone: "053-5556677" });
    await handle.db.update(chatSessions).set({ contactDetails: {} }).where(eq(chatSessions.id, viaFunction.id));
    await handle.db.delete(leadDeliveries).where(eq(leadDeliveries.clientId, client.id));
    const viaDelivery = await visitorConversation(handle.db, client.id, { clientName: "Lea", phone: "053-5556677" });
    await handle.db.update(chatSessions).set({ contactDetails: {} }).where(eq(chatSessions.id, viaDelivery.id));
    await handle.db
      .update(completedFunctions)
      .set({ clientDetails: {} })
      .where(eq(completedFunctions.sessionId, viaDelivery.id));
    const found = await findVisitorData(handle.db, client.id, visitorQueryOf("phone", "0535556677"));
    expect(found.sessions.map((session) => session.publicId).sort()).toEqual(
      [viaFunction.publicId, viaDelivery.publicId].sort(),
    );
    expect(found.counts).toMatchObject({ sessions: 2, functions: 2, deliveries: 1 });
  });

  it("exports with an audit row that holds a masked value and a hash, not the data", async () => {
    const client = await insertClient(handle.db, { businessName: "Export" });
    await visitorConversation(handle.db, client.id, { clientName: "Noa", phone: "054-1112233" });
    const exported = await exportVisitorData(handle.db, {
      clientId: client.id,
      operatorId,
      query: visitorQueryOf("phone", "054 111 2233"),
      now: new Date(),
    });
    expect(exported.sessions[0]!.contactDetails).toEqual({ clientName: "Noa", phone: "054-1112233" });
    const [row] = await handle.db.select().from(privacyRequests).where(eq(privacyRequests.clientId, client.id));
    expect(row).toMatchObject({ action: "export", searchKind: "phone", searchMasked: "•••233", operatorId });
    expect(row!.searchHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain("1112233");
    expect(row!.counts).toMatchObject({ sessions: 1, messages: 2 });
  });

  it("keys the audit hash: the same visitor matches, but hashing candidate numbers finds nothing", async () => {
    const client = await insertClient(handle.db, { businessName: "Keyed hash" });
    await visitorConversation(handle.db, client.id, { clientName: "Tal", phone: "053-4445566" });
    const query = visitorQueryOf("phone", "053 444 5566");
    const exportAgain = () => exportVisitorData(handle.db, { clientId: client.id, operatorId, query, now: new Date() });
    await exportAgain();
    await exportAgain();
    configureCredentialsKey(randomBytes(32));
    await exportAgain();

    const hashes = (
      await handle.db
        .select({ hash: privacyRequests.searchHash })
        .from(privacyRequests)
        .where(eq(privacyRequests.clientId, client.id))
        .orderBy(privacyRequests.id)
    ).map((row) => row.hash);
    expect(hashes[0]).toBe(hashes[1]);
    // Another key (another installation) gives another hash, and the plain hash of the value matches none.
    expect(hashes[2]).not.toBe(hashes[0]);
    const plain = createHash("sha256").update(`phone:${query.value}`).digest("hex");
    expect(hashes).not.toContain(plain);
  });

  it("erases the visitor's sessions, details and deliveries, keeps the others, the functions and the counts", async () => {
    const client = await insertClient(handle.db, { businessName: "Erase" });
    const other = await insertClient(handle.db, { businessName: "Erase other" });
    const gone = await visitorConversation(handle.db, client.id, { clientName: "Dana", phone: "050-9998877" });
    const kept = await visitorConversation(handle.db, client.id, { clientName: "Avi", phone: "052-7654321" });
    const foreign = await visitorConversation(handle.db, other.id, { clientName: "Dana", phone: "050-9998877" });
    const before = await rollups(client.id);

    const counts = await eraseVisitor(handle.db, {
      clientId: client.id,
      operatorId,
      query: visitorQueryOf("phone", "+972-50-999-8877"),
    });
    expect(counts).toEqual({ sessions: 1, messages: 2, images: 1, functions: 1, deliveries: 1 });

    const sessions = (await handle.db.select({ id: chatSessions.id }).from(chatSessions)).map((row) => row.id);
    expect(sessions).not.toContain(gone.id);
    expect(sessions).toEqual(expect.arrayContaining([kept.id, foreign.id]));
    const functions = await handle.db
      .select()
      .from(completedFunctions)
      .where(eq(completedFunctions.clientId, client.id));
    expect(functions.map((row) => row.clientDetails)).toEqual(
      expect.arrayContaining([{}, { clientName: "Avi", phone: "052-7654321" }]),
    );
    const deliveries = await handle.db.select().from(leadDeliveries).where(eq(leadDeliveries.clientId, client.id));
    expect(deliveries.map((row) => row.dedupeKey)).toEqual([`session:${kept.id}:lead.collected`]);
    expect(await rollups(client.id)).toEqual(before);

    const [audit] = await listPrivacyRequests(handle.db, client.id, 5);
    expect(audit).toMatchObject({ action: "erase", searchKind: "phone", searchMasked: "•••877" });
    expect(
      (await eraseVisitor(handle.db, { clientId: client.id, operatorId, query: visitorQueryOf("phone", "0509998877") }))
        .sessions,
    ).toBe(0);
  });
});
