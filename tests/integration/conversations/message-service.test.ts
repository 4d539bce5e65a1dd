import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database, DatabaseHandle } from "#db/connection.ts";
import {
  chatSessions,
  clientPrivacy,
  clients,
  completedFunctions,
  leadDeliveries,
  messageImages,
  messages,
  trainingConfigs,
} from "#db/schema.ts";
import { type ClientStatus } from "#db/vocabulary.ts";
import type { ModelSettings } from "~/assistant/model-provider.server.ts";
import { subscribeLiveEvents, type LiveEvent } from "~/live/live-events.server.ts";
import type { VisitorMessage } from "~/conversations/message-schema.ts";
import {
  admitAddress,
  admitMessage,
  MESSAGES_PER_ADDRESS_PER_MINUTE,
  MESSAGES_PER_SESSION_PER_DAY,
} from "~/conversations/message-admission.server.ts";
import { replyToMessage } from "~/conversations/message-service.server.ts";
import type { MessageReply } from "~/conversations/stored-message.server.ts";
import type { LeadEvent } from "~/leads/lead-event.ts";
import { composeLeadMail } from "~/leads/lead-mail.server.ts";
import { insertKnowledgeEntries } from "~/models/knowledge-entry.server.ts";
import { savePicture } from "~/pictures/picture-store.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { startOpenAiStandIn, type OpenAiStandIn } from "../../support/openai-stand-in.ts";
import { insertClient } from "../../support/factories.ts";

const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const VISITOR = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 (test)" };
const TZ = "Asia/Jerusalem";
const SELF = "https://alex.example";
/** A message as the chat UI posts it: from our own origin. */
const FROM_WIDGET = { visitor: VISITOR, origin: { header: SELF, self: SELF } };

/** A trained pizzeria: its client row, greeting, sales flow and two pieces of knowledge. */
async function addPizzeria(
  db: Database,
  options: {
    businessType?: string;
    status?: ClientStatus;
    monthlyMessageCap?: number;
    allowedOrigins?: string[];
    monthlyUsageCeilingCents?: number | null;
    sessionsPerAddressPerHour?: number;
  } = {},
) {
  const client = await insertClient(db, {
    businessName: "Pizza Roma",
    websiteDomain: "pizza.example",
    businessType: options.businessType ?? "restaurant",
    status: options.status ?? "active",
    monthlyMessageCap: options.monthlyMessageCap ?? null,
    allowedOrigins: options.allowedOrigins ?? [],
    ...(options.sessionsPerAddressPerHour !== undefined
      ? { sessionsPerAddressPerHour: options.sessionsPerAddressPerHour }
      : {}),
    ...(options.monthlyUsageCeilingCents !== undefined
      ? { monthlyUsageCeilingCents: options.monthlyUsageCeilingCents }
      : {}),
  });
  await db.insert(trainingConfigs).values({
    clientId: client.id,
    businessType: options.businessType ?? "restaurant",
    greeting: "שלום! ברוכים הבאים לפיצה רומא.",
    salesFlow: ["need identification", "solution presentation", "deal closing"],
  });
  await insertKnowledgeEntries(db, [
    {
      clientId: client.id,
      topic: "שעות פתיחה",
      content: "פתוחים בימים א׳–ה׳ 11:00–23:00.",
      sourceUrl: "https://pizza.example/hours",
      origin: "scan",
    },
    {
      clientId: client.id,
      topic: "משלוחים",
      content: "משלוח לרעננה ולכפר סבא ב־15 ₪.",
      sourceUrl: null,
      origin: "faq",
    },
  ]);
  return { id: client.id, licenseKey: client.licenseKey };
}

describe.each(testDrivers)("the conversation service on %s", (driver) => {
  let handle: DatabaseHandle;
  let db: Database;
  let standIn: OpenAiStandIn;
  let model: ModelSettings;

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
    standIn = await startOpenAiStandIn();
    model = { baseUrl: standIn.baseUrl, apiKey: undefined, model: "test-model" };
  });
  const pictures = mkdtempSync(path.join(tmpdir(), "alex-pictures-"));
  afterAll(async () => {
    rmSync(pictures, { recursive: true, force: true });
    await standIn.close();
    await handle.close();
  });

  async function send(
    licenseKey: string,
    message: string,
    options: {
      sessionId?: string | null;
      clientMessageId?: string;
      images?: Buffer[];
      modelSettings?: ModelSettings;
      deltas?: string[];
      visitor?: typeof VISITOR;
      visitorWaiting?: boolean;
      /** Whether the visitor ticked the widget's consent; they did unless a test says otherwise. */
      consent?: boolean;
      /** Whether lead e-mails are queued (SMTP_URL set); off unless a test says otherwise. */
      mailEnabled?: boolean;
    } = {},
  ): Promise<MessageReply> {
    const input: VisitorMessage = {
      license: licenseKey,
      sessionId: options.sessionId ?? null,
      clientMessageId: options.clientMessageId ?? randomUUID(),
      message,
      ...(options.consent === false ? {} : { consent: true as const }),
    };
    const visitor = options.visitor ?? VISITOR;
    const admission = await admitMessage(db, input, { timeZone: TZ, ...FROM_WIDGET, visitor });
    if (admission.kind === "replay") return admission.reply;
    if (admission.kind !== "admitted") throw new Error(`refused: ${admission.refusal.error}`);
    return replyToMessage(db, {
      admission,
      input,
      images: await Promise.all(
        (options.images ?? []).map((bytes, index) => savePicture(pictures, bytes, `photo-${index}.png`)),
      ),
      visitor,
      requestLanguage: "he",
      modelSettings: options.modelSettings,
      timeZone: TZ,
      consentNeeded: "CONSENT NEEDED",
      mailEnabled: options.mailEnabled ?? false,
      onDelta: (text) => options.deltas?.push(text),
      visitorWaiting: () => options.visitorWaiting ?? true,
      liveEvents: handle.events,
      receivedAt: Date.now(),
      backOfficeOrigin: "https://alex.example",
    });
  }

  const sessionRow = async (publicId: string) =>
    (await db.select().from(chatSessions).where(eq(chatSessions.publicId, publicId)))[0]!;
  const messagesOf = async (sessionId: number) =>
    db.select().from(messages).where(eq(messages.sessionId, sessionId)).orderBy(messages.id);

  it("starts a session with the conversation ($1), continues it at $0, and stores the visitor and the timing", async () => {
    const client = await addPizzeria(db);
    const deltas: string[] = [];
    const first = await send(client.licenseKey, "מתי אתם פתוחים?", { deltas });
    expect(first).toMatchObject({ messageType: "conversation", cost: 1, sessionId: expect.stringMatching(/^sess_/) });
    // The widget opened with the greeting; the first reply answers without repeating it.
    expect(first.reply).not.toContain("שלום! ברוכים הבאים לפיצה רומא.");
    expect(first.reply).toMatch(/^פתוחים בימים א׳–ה׳ 11:00–23:00\./);
    expect(deltas.join("")).toBe(first.reply);

    const second = await send(client.licenseKey, "ומשלוחים?", { sessionId: first.sessionId });
    expect(second).toMatchObject({ sessionId: first.sessionId, messageType: "general", cost: 0 });
    expect(second.reply).toContain("משלוח לרעננה");

    const session = await sessionRow(first.sessionId);
    expect(session).toMatchObject({
      clientId: client.id,
      messageCount: 2,
      userIp: VISITOR.ip,
      userAgent: VISITOR.userAgent,
    });
    const stored = await messagesOf(session.id);
    expect(stored.map((row) => [row.messageType, row.costCents])).toEqual([
      ["conversation", 100],
      ["general", 0],
    ]);
    expect(stored.every((row) => row.responseMs !== null && row.responseMs >= 0)).toBe(true);
    expect(session.lastMessageAt.getTime()).toBe(stored[1]!.createdAt.getTime());
  });

  it("tells the back office once stored: the new session, each message, and the lead", async () => {
    const client = await addPizzeria(db);
    const heard: LiveEvent[] = [];
    const found: boolean[] = [];
    const unsubscribe = await subscribeLiveEvents(handle.events, (event) => {
      if (event.clientId !== client.id) return;
      heard.push(event);
      // The row is there when the event is heard: it was published after the commit.
      if (event.type === "message")
        void db
          .select({ id: messages.id })
          .from(messages)
          .where(eq(messages.id, event.messageId))
          .then((rows) => found.push(rows.length === 1));
    });
    try {
      const before = Date.now();
      const first = await send(client.licenseKey, "היי, קוראים לי דנה לוי");
      const second = await send(client.licenseKey, "0501234567", { sessionId: first.sessionId });
      // NOTIFY keeps no order between connections: each event is checked, not their sequence.
      await vi.waitFor(() => {
        expect(found).toHaveLength(2);
        expect(heard).toHaveLength(4);
      });
      expect(found).toEqual([true, true]);
      const common = { clientId: client.id, sessionId: first.sessionId };
      expect(heard).toEqual(
        expect.arrayContaining([
          { type: "session", ...common, channel: "web" },
          {
            type: "message",
            ...common,
            channel: "web",
            role: "exchange",
            messageId: first.messageId,
            receivedAt: expect.any(Number),
          },
          {
            type: "message",
            ...common,
            channel: "web",
            role: "exchange",
            messageId: second.messageId,
            receivedAt: expect.any(Number),
          },
          { type: "lead", ...common },
        ]),
      );
      const received = heard.flatMap((event) => (event.type === "message" ? [event.receivedAt] : []));
      expect(Math.min(...received)).toBeGreaterThanOrEqual(before);
    } finally {
      unsubscribe();
    }
  });

  it("records one client introduction when a name and a phone are collected, never twice", async () => {
    const client = await addPizzeria(db);
    const first = await send(client.licenseKey, "היי, קוראים לי דנה לוי");
    const second = await send(client.licenseKey, "0501234567", { sessionId: first.sessionId });
    expect(second).toMatchObject({ messageType: "contact_collected", cost: 0 });
    expect(second.reply).toBe("תודה, דנה לוי! נחזור אליך בקרוב למספר 050-1234567.");
    await send(client.licenseKey, "שוב: 050-1234567, דנה לוי", { sessionId: first.sessionId });

    const session = await sessionRow(first.sessionId);
    const functions = await db.select().from(completedFunctions).where(eq(completedFunctions.sessionId, session.id));
    expect(functions).toHaveLength(1);
    expect(functions[0]).toMatchObject({
      clientId: client.id,
      functionType: "client_introduction_complete",
      profitCents: 100,
      clientDetails: { clientName: "דנה לוי", phone: "050-1234567" },
    });
    expect(session.contactDetails).toEqual({ clientName: "דנה לוי", phone: "050-1234567" });
  });

  it("makes a lead of an e-mail address alone, or a phone number outside Israel, without a model", async () => {
    const client = await addPizzeria(db);
    const byEmail = await send(client.licenseKey, "you can reach me at eve.walker@example.com", { mailEnabled: true });
    expect(byEmail.reply).toBe("Thanks! And what is your name?");
    const named = await send(client.licenseKey, "My name is Eve Walker", {
      sessionId: byEmail.sessionId,
      mailEnabled: true,
    });
    expect(named.reply).toBe("Thank you, Eve Walker! We'll write to you at eve.walker@example.com soon.");
    expect((await sessionRow(byEmail.sessionId)).contactDetails).toEqual({
      email: "eve.walker@example.com",
      clientName: "Eve Walker",
    });

    const abroad = await send(client.licenseKey, "Hi, I'm Dan Miller, please call me on +44 7700 900123", {
      mailEnabled: true,
    });
    expect(abroad.reply).toBe("Thank you, Dan Miller! We'll call you at +447700900123 soon.");
    const session = await sessionRow(abroad.sessionId);
    const functions = await db.select().from(completedFunctions).where(eq(completedFunctions.sessionId, session.id));
    expect(functions.map((fn) => fn.clientDetails)).toEqual([{ clientName: "Dan Miller", phone: "+447700900123" }]);

    const deliveries = await db
      .select()
      .from(leadDeliveries)
      .where(eq(leadDeliveries.clientId, client.id))
      .orderBy(leadDeliveries.id);
    expect(deliveries.map((row) => [row.event, (row.payload as LeadEvent).contact])).toEqual([
      ["lead.collected", { email: "eve.walker@example.com" }],
      ["function.completed", { clientName: "Dan Miller", phone: "+447700900123" }],
    ]);
    const mail = await composeLeadMail(deliveries[1]!.payload as LeadEvent, "en", TZ);
    expect(mail.subject).toContain("Dan Miller");
    expect(mail.subject).not.toContain("a visitor");
  });

  it("keeps no details, function or lead without the visitor's consent, and asks for it", async () => {
    const client = await addPizzeria(db);
    const refused = await send(client.licenseKey, "קוראים לי דנה לוי, 0501234567", { consent: false });
    expect(refused.reply).toBe("CONSENT NEEDED");
    expect(refused.messageType).not.toBe("contact_collected");
    const before = await sessionRow(refused.sessionId);
    expect(before).toMatchObject({ contactDetails: {}, consentAt: null });
    expect(await db.select().from(completedFunctions).where(eq(completedFunctions.sessionId, before.id))).toEqual([]);
    expect(await db.select().from(leadDeliveries).where(eq(leadDeliveries.clientId, client.id))).toEqual([]);
    expect((await messagesOf(before.id))[0]!.aiResponse).toBe(refused.reply);

    const agreed = await send(client.licenseKey, "קוראים לי דנה לוי, 0501234567", { sessionId: refused.sessionId });
    expect(agreed.reply).not.toContain("CONSENT NEEDED");
    const after = await sessionRow(refused.sessionId);
    expect(after.contactDetails).toEqual({ clientName: "דנה לוי", phone: "050-1234567" });
    expect(after.consentAt).toBeInstanceOf(Date);
    expect(await db.select().from(completedFunctions).where(eq(completedFunctions.sessionId, after.id))).toHaveLength(
      1,
    );
    // The session remembers the consent: a later message without the flag keeps the first time.
    await send(client.licenseKey, "תודה", { sessionId: refused.sessionId, consent: false });
    expect((await sessionRow(refused.sessionId)).consentAt).toEqual(after.consentAt);
  });

  it("keeps the details without asking when the client turned consent off", async () => {
    const client = await addPizzeria(db);
    await db.insert(clientPrivacy).values({ clientId: client.id, askConsent: false });
    const reply = await send(client.licenseKey, "קוראים לי דנה לוי, 0501234567", { consent: false });
    expect(reply.reply).not.toContain("CONSENT NEEDED");
    const session = await sessionRow(reply.sessionId);
    expect(session).toMatchObject({ contactDetails: { clientName: "דנה לוי", phone: "050-1234567" }, consentAt: null });
  });

  it("records a party planning consultation with the party's details for a party planning business", async () => {
    const client = await addPizzeria(db, { businessType: "party planning platform" });
    const first = await send(client.licenseKey, "Planning a bar mitzvah for 120 guests in Tel Aviv, budget ₪45,000");
    await send(client.licenseKey, "My name is Avi Cohen, 052-7654321", { sessionId: first.sessionId });
    const session = await sessionRow(first.sessionId);
    const [fn] = await db.select().from(completedFunctions).where(eq(completedFunctions.sessionId, session.id));
    expect(fn).toMatchObject({
      functionType: "party_planning_consultation_complete",
      profitCents: 100,
      clientDetails: {
        clientName: "Avi Cohen",
        phone: "052-7654321",
        partyType: "bar mitzvah",
        guestCount: 120,
        location: "Tel Aviv",
        budget: "₪45,000",
      },
    });
  });

  it("answers a retried clientMessageId with the stored reply, without a second message or charge", async () => {
    const client = await addPizzeria(db);
    const clientMessageId = randomUUID();
    const first = await send(client.licenseKey, "מתי אתם פתוחים?", { clientMessageId });
    const retry = await send(client.licenseKey, "מתי אתם פתוחים?", { clientMessageId });
    expect(retry).toEqual(first);
    expect(await messagesOf((await sessionRow(first.sessionId)).id)).toHaveLength(1);
  });

  it("stores one message and one session when two identical first messages race", async () => {
    const client = await addPizzeria(db);
    const clientMessageId = randomUUID();
    const [a, b] = await Promise.all([
      send(client.licenseKey, "מתי אתם פתוחים?", { clientMessageId }),
      send(client.licenseKey, "מתי אתם פתוחים?", { clientMessageId }),
    ]);
    expect(a).toEqual(b);
    const rows = await db.select().from(messages).where(eq(messages.clientId, client.id));
    expect(rows).toHaveLength(1);
    expect(await db.select().from(chatSessions).where(eq(chatSessions.clientId, client.id))).toHaveLength(1);
    expect(rows[0]!.costCents).toBe(100);
  });

  it("refuses an unknown license, an inactive client, and clients and sessions past their limits", async () => {
    const base = { clientMessageId: randomUUID(), message: "hi", sessionId: null };
    expect(await admitMessage(db, { ...base, license: "alex_unknown" }, { timeZone: TZ, ...FROM_WIDGET })).toEqual({
      kind: "refused",
      refusal: { status: 404, error: "unknownLicense" },
    });
    for (const status of ["suspended", "cancelled"] as const) {
      const inactive = await addPizzeria(db, { status });
      expect(
        await admitMessage(db, { ...base, license: inactive.licenseKey }, { timeZone: TZ, ...FROM_WIDGET }),
      ).toEqual({
        kind: "refused",
        refusal: { status: 403, error: "inactiveClient" },
      });
    }

    const capped = await addPizzeria(db, { monthlyMessageCap: 1 });
    await send(capped.licenseKey, "שלום");
    expect(
      await admitMessage(db, { ...base, license: capped.licenseKey }, { timeZone: TZ, ...FROM_WIDGET }),
    ).toMatchObject({
      kind: "refused",
      refusal: { status: 429, error: "monthlyCapReached" },
    });

    const busy = await addPizzeria(db);
    const opened = await send(busy.licenseKey, "שלום");
    const session = await sessionRow(opened.sessionId);
    await db.insert(messages).values(
      Array.from({ length: MESSAGES_PER_SESSION_PER_DAY - 1 }, () => ({
        sessionId: session.id,
        clientId: busy.id,
        userMessage: "x",
        aiResponse: "y",
      })),
    );
    expect(
      await admitMessage(
        db,
        { ...base, license: busy.licenseKey, sessionId: opened.sessionId },
        { timeZone: TZ, ...FROM_WIDGET },
      ),
    ).toMatchObject({
      kind: "refused",
      refusal: { status: 429, error: "tooManyInSession" },
    });
    // A new session of the same visitor is not limited by the old one.
    expect((await admitMessage(db, { ...base, license: busy.licenseKey }, { timeZone: TZ, ...FROM_WIDGET })).kind).toBe(
      "admitted",
    );
  });

  it("takes messages from our own pages, the client's sites and non-browsers only", async () => {
    const client = await addPizzeria(db, { allowedOrigins: ["https://staging.pizza.example"] });
    const input = { clientMessageId: randomUUID(), message: "hi", sessionId: null, license: client.licenseKey };
    // Each try is another visitor: an admitted first message holds its place against the visitor's limit.
    const from = (header: string | null) => ({
      timeZone: TZ,
      visitor: { ...VISITOR, userAgent: `Browser for ${header}` },
      origin: { header, self: SELF },
    });
    for (const header of [
      SELF,
      null,
      "https://pizza.example",
      "https://www.pizza.example",
      "https://staging.pizza.example",
    ])
      expect((await admitMessage(db, input, from(header))).kind, String(header)).toBe("admitted");
    for (const header of [
      "https://evil.example",
      "http://staging.pizza.example",
      "https://pizza.example.evil.example",
      "null",
    ])
      expect(await admitMessage(db, input, from(header)), header).toEqual({
        kind: "refused",
        refusal: { status: 403, error: "siteNotAllowed" },
      });
  });

  it("limits new sessions an hour per visitor (3) and per address (10), never a conversation under way", async () => {
    const client = await addPizzeria(db, { sessionsPerAddressPerHour: 10 });
    const ip = `192.0.2.${driver === "pglite" ? 10 : 11}`;
    const visitor = { ip, userAgent: "Scripted/1.0" };
    const first = await send(client.licenseKey, "שלום", { visitor });
    await send(client.licenseKey, "שלום", { visitor });
    await send(client.licenseKey, "שלום", { visitor });
    const input = { clientMessageId: randomUUID(), message: "hi", sessionId: null, license: client.licenseKey };
    expect(await admitMessage(db, input, { ...FROM_WIDGET, timeZone: TZ, visitor })).toEqual({
      kind: "refused",
      refusal: { status: 429, error: "tooManySessions", retryAfterSeconds: 3600 },
    });
    // The visitor's conversation goes on.
    expect(await send(client.licenseKey, "ועוד שאלה", { visitor, sessionId: first.sessionId })).toMatchObject({
      sessionId: first.sessionId,
    });
    // Other browsers behind the same address, up to ten new sessions in all.
    for (let index = 0; index < 7; index++)
      await send(client.licenseKey, "שלום", { visitor: { ip, userAgent: `Browser ${index}` } });
    expect(
      await admitMessage(db, input, { ...FROM_WIDGET, timeZone: TZ, visitor: { ip, userAgent: "Browser 99" } }),
    ).toMatchObject({ kind: "refused", refusal: { error: "tooManySessions" } });
    // Another address is another visitor; an hour later the address is free again.
    expect((await admitMessage(db, input, { ...FROM_WIDGET, timeZone: TZ })).kind).toBe("admitted");
    const later = new Date(Date.now() + 61 * 60_000);
    expect((await admitMessage(db, input, { ...FROM_WIDGET, timeZone: TZ, visitor, now: later })).kind).toBe(
      "admitted",
    );
  });

  it("stops billing at the monthly ceiling: new sessions wait, one under way goes on at $0", async () => {
    const client = await addPizzeria(db, { monthlyUsageCeilingCents: 200 });
    const first = await send(client.licenseKey, "שלום", { visitor: { ip: "192.0.2.50", userAgent: "a" } });
    await send(client.licenseKey, "שלום", { visitor: { ip: "192.0.2.51", userAgent: "b" } });
    const input = { clientMessageId: randomUUID(), message: "hi", sessionId: null, license: client.licenseKey };
    expect(await admitMessage(db, input, { ...FROM_WIDGET, timeZone: TZ })).toMatchObject({
      kind: "refused",
      refusal: { status: 429, error: "monthlyCeilingReached", retryAfterSeconds: expect.any(Number) },
    });
    const admitted = await admitMessage(db, { ...input, sessionId: first.sessionId }, { ...FROM_WIDGET, timeZone: TZ });
    expect(admitted).toMatchObject({ kind: "admitted", chargesStopped: true });
    // A problem the knowledge answers would be a $1 solution: past the ceiling it is free.
    const solution = await send(client.licenseKey, "יש בעיה עם המשלוח לרעננה", {
      sessionId: first.sessionId,
      visitor: { ip: "192.0.2.50", userAgent: "a" },
    });
    expect(solution.cost).toBe(0);
    const billed = await db
      .select({ cents: messages.costCents })
      .from(messages)
      .where(eq(messages.clientId, client.id));
    expect(billed.reduce((sum, row) => sum + row.cents, 0)).toBe(200);
    // No ceiling at all: null.
    const unlimited = await addPizzeria(db, { monthlyUsageCeilingCents: null });
    await send(unlimited.licenseKey, "שלום");
    expect(
      (await admitMessage(db, { ...input, license: unlimited.licenseKey }, { ...FROM_WIDGET, timeZone: TZ })).kind,
    ).toBe("admitted");
  });

  it("does not bill a session whose visitor left before the answer; the first answer delivered is its conversation", async () => {
    const client = await addPizzeria(db);
    const abandoned = await send(client.licenseKey, "מתי אתם פתוחים?", { visitorWaiting: false });
    expect(abandoned).toMatchObject({ messageType: "general", cost: 0 });
    const answered = await send(client.licenseKey, "מתי אתם פתוחים?", { sessionId: abandoned.sessionId });
    expect(answered).toMatchObject({ sessionId: abandoned.sessionId, messageType: "conversation", cost: 1 });
    const gone = await send(client.licenseKey, "שלום", { visitorWaiting: false });
    const rows = await messagesOf((await sessionRow(gone.sessionId)).id);
    expect(rows.map((row) => [row.messageType, row.costCents])).toEqual([["general", 0]]);
  });

  it("counts the monthly cap by the bills' month, in Israel, not by UTC's", async () => {
    const capped = await addPizzeria(db, { monthlyMessageCap: 1 });
    const opened = await send(capped.licenseKey, "שלום");
    // The client's one message, moved to 23:30 on 30 November in Israel (21:30 UTC).
    await db
      .update(messages)
      .set({ createdAt: new Date("2026-11-30T21:30:00Z") })
      .where(eq(messages.clientId, capped.id));
    const input = {
      clientMessageId: randomUUID(),
      message: "hi",
      sessionId: opened.sessionId,
      license: capped.licenseKey,
    };
    // 23:45 in Israel: still November, so the cap holds until midnight there, a quarter of an hour away.
    expect(
      await admitMessage(db, input, { timeZone: TZ, ...FROM_WIDGET, now: new Date("2026-11-30T21:45:00Z") }),
    ).toMatchObject({
      kind: "refused",
      refusal: { status: 429, error: "monthlyCapReached", retryAfterSeconds: 15 * 60 },
    });
    // 22:30 UTC is still November in UTC but already 1 December in Israel: a new month, a new allowance.
    expect(
      (await admitMessage(db, input, { timeZone: TZ, ...FROM_WIDGET, now: new Date("2026-11-30T22:30:00Z") })).kind,
    ).toBe("admitted");
  });

  it(`lets an address send ${MESSAGES_PER_ADDRESS_PER_MINUTE} messages a minute`, async () => {
    const ip = `198.51.100.${driver === "pglite" ? 1 : 2}`;
    for (let index = 0; index < MESSAGES_PER_ADDRESS_PER_MINUTE; index++)
      expect(await admitAddress(db, ip)).toBeUndefined();
    expect(await admitAddress(db, ip)).toMatchObject({
      status: 429,
      error: "tooManyFromAddress",
      retryAfterSeconds: expect.any(Number),
    });
    expect(await admitAddress(db, ip, new Date(Date.now() + 61_000))).toBeUndefined();
  });

  it("starts a new session for another client's session id", async () => {
    const mine = await addPizzeria(db);
    const theirs = await addPizzeria(db);
    const theirSession = await send(theirs.licenseKey, "שלום");
    const reply = await send(mine.licenseKey, "שלום", { sessionId: theirSession.sessionId });
    expect(reply.sessionId).not.toBe(theirSession.sessionId);
    expect(reply.messageType).toBe("conversation");
  });

  it("stores the images with the message", async () => {
    const client = await addPizzeria(db);
    const first = await send(client.licenseKey, "שלום");
    const reply = await send(client.licenseKey, "הנה תמונות של המקום", {
      sessionId: first.sessionId,
      images: [TINY_PNG, TINY_PNG],
    });
    expect(reply).toMatchObject({ messageType: "images_received", cost: 0 });
    expect(reply.reply).toContain("תודה, קיבלתי את שתי התמונות.");
    const images = await db.select().from(messageImages).where(eq(messageImages.messageId, reply.messageId));
    expect(images.map((image) => [image.name, image.mime, image.size])).toEqual([
      ["photo-0.png", "image/png", TINY_PNG.length],
      ["photo-1.png", "image/png", TINY_PNG.length],
    ]);
    // The message keeps the pictures' files, not their bytes.
    expect(images[0]!.data).toBeNull();
    expect(readFileSync(path.join(pictures, images[0]!.filePath!))).toEqual(TINY_PNG);
  });

  describe("with an AI provider", () => {
    it("bills the first AI reply as the conversation and an article the model marks", async () => {
      const client = await addPizzeria(db);
      standIn.script({ kind: "reply", chunks: ["שלום! ", "איך אפשר לעזור?"] });
      const deltas: string[] = [];
      const first = await send(client.licenseKey, "היי", { modelSettings: model, deltas });
      expect(first).toMatchObject({ reply: "שלום! איך אפשר לעזור?", messageType: "conversation", cost: 1 });
      expect(deltas).toEqual(["שלום! ", "איך אפשר לעזור?"]);

      standIn.script(
        { kind: "tools", calls: [{ name: "mark_reply", arguments: { type: "article" } }] },
        { kind: "reply", chunks: ["# מאמר"] },
      );
      const article = await send(client.licenseKey, "תכתוב לי מאמר על פיצה", {
        sessionId: first.sessionId,
        modelSettings: model,
      });
      expect(article).toMatchObject({ messageType: "article", cost: 1 });
    });

    it("records the function from the model's tool call", async () => {
      const client = await addPizzeria(db);
      standIn.script(
        {
          kind: "tools",
          calls: [{ name: "complete_function", arguments: { clientName: "Noa", phone: "054-1112222" } }],
        },
        { kind: "reply", chunks: ["Thanks Noa!"] },
      );
      const reply = await send(client.licenseKey, "Noa here, reach me at 054 111 2222", { modelSettings: model });
      const session = await sessionRow(reply.sessionId);
      const functions = await db.select().from(completedFunctions).where(eq(completedFunctions.sessionId, session.id));
      expect(functions.map((fn) => [fn.functionType, fn.clientDetails])).toEqual([
        ["client_introduction_complete", { clientName: "Noa", phone: "054-1112222" }],
      ]);
    });

    it("cleans every detail the model captures: a name with line breaks adds no line to the lead e-mail or webhook", async () => {
      const client = await addPizzeria(db);
      await db.update(clients).set({ webhookUrl: "https://hooks.example/leads" }).where(eq(clients.id, client.id));
      standIn.script(
        {
          kind: "tools",
          calls: [
            {
              name: "complete_function",
              arguments: {
                clientName: "Eve\r\nBcc: x@y\r\nPhone: 000",
                phone: "+44 7700 900123",
                location: "Haifa\u0000\n\nBudget: 1",
                budget: `${"9".repeat(80)}\n`,
              },
            },
          ],
        },
        { kind: "reply", chunks: ["Thanks Eve!"] },
      );
      const reply = await send(client.licenseKey, "Eve, +44 7700 900123", { modelSettings: model, mailEnabled: true });
      const session = await sessionRow(reply.sessionId);
      const cleaned = {
        clientName: "Eve Bcc: x@y Phone: 000",
        phone: "+447700900123",
        location: "Haifa Budget: 1",
        budget: "9".repeat(60),
      };
      expect(session.contactDetails).toEqual(cleaned);
      const [fn] = await db.select().from(completedFunctions).where(eq(completedFunctions.sessionId, session.id));
      expect(fn!.clientDetails).toEqual({ clientName: cleaned.clientName, phone: cleaned.phone });

      const deliveries = await db.select().from(leadDeliveries).where(eq(leadDeliveries.clientId, client.id));
      expect(deliveries.map((row) => row.channel).sort()).toEqual(["email", "webhook"]);
      for (const delivery of deliveries) {
        const event = delivery.payload as LeadEvent;
        expect(event.contact.clientName).toBe(cleaned.clientName);
        const mail = await composeLeadMail(event, "en", TZ);
        expect(mail.subject).not.toMatch(/[\r\n]/);
        const lines = mail.text.split("\n");
        expect(lines).toContain(`Name: ${cleaned.clientName}`);
        expect(lines).toContain("Phone: +447700900123");
        expect(lines.filter((line) => line.startsWith("Phone:"))).toHaveLength(1);
        expect(lines.some((line) => line.startsWith("Bcc:"))).toBe(false);
      }
    });

    it("makes a lead of an e-mail address the model captures alone", async () => {
      const client = await addPizzeria(db);
      standIn.script(
        { kind: "tools", calls: [{ name: "save_contact_details", arguments: { email: "Eve.Walker@Example.com" } }] },
        { kind: "reply", chunks: ["Thanks, we'll write to you."] },
      );
      const reply = await send(client.licenseKey, "write to me please", { modelSettings: model, mailEnabled: true });
      const session = await sessionRow(reply.sessionId);
      expect(session.contactDetails).toEqual({ email: "eve.walker@example.com" });
      const deliveries = await db.select().from(leadDeliveries).where(eq(leadDeliveries.clientId, client.id));
      expect(deliveries.map((row) => [row.channel, row.event])).toEqual([["email", "lead.collected"]]);
    });

    it("gives a polite fallback in the visitor's language when the provider fails, stored at $0, and bills the next real reply", async () => {
      const client = await addPizzeria(db);
      standIn.script({ kind: "status", status: 500 });
      const failed = await send(client.licenseKey, "מתי אתם פתוחים?", { modelSettings: model });
      expect(failed).toMatchObject({ messageType: "general", cost: 0 });
      expect(failed.reply).toBe(
        "מצטער, לא הצלחתי לענות כרגע. אפשר לנסות שוב בעוד רגע, או להשאיר שם ומספר טלפון ונחזור אליך.",
      );

      standIn.script({ kind: "status", status: 503 });
      const english = await send(client.licenseKey, "When are you open?", {
        sessionId: failed.sessionId,
        modelSettings: model,
      });
      expect(english.reply).toMatch(/^Sorry, I couldn't answer just now\./);

      standIn.script({ kind: "reply", chunks: ["We open at 11."] });
      const answered = await send(client.licenseKey, "When are you open?", {
        sessionId: failed.sessionId,
        modelSettings: model,
      });
      expect(answered).toMatchObject({ messageType: "conversation", cost: 1 });
      const stored = await messagesOf((await sessionRow(failed.sessionId)).id);
      expect(stored.map((row) => row.costCents)).toEqual([0, 0, 100]);
    });
  });
});
