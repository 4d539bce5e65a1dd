import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "#db/connection.ts";
import { leadDeliveries } from "#db/schema.ts";
import { configureCredentialsKey } from "~/checks/credentials.server.ts";
import { startDeliveryWorker } from "~/jobs/delivery-worker.server.ts";
import { admitMessage } from "~/conversations/message-admission.server.ts";
import { replyToMessage } from "~/conversations/message-service.server.ts";
import { deliverDueLeads, resendLeadDelivery, type DeliveryConfig } from "~/leads/lead-delivery.server.ts";
import { encryptWebhookSecret, webhookUrlProblem } from "~/leads/webhook.server.ts";
import { listAttemptsOfDeliveries, listClientLeadDeliveries } from "~/models/lead-delivery.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { insertClient } from "../../support/factories.ts";
import { startMailbox, type Mailbox } from "../../support/mailbox.ts";

const SECRET = "whsec_test-secret-for-the-receiver";
const TZ = "Asia/Jerusalem";

type Received = { headers: IncomingHttpHeaders; body: string; signatureValid: boolean };

/** A local webhook receiver that checks each signature as a client's would, answering the statuses it is given in turn. */
async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const timestamp = String(request.headers["x-alex-timestamp"]);
      const expected = `sha256=${createHmac("sha256", SECRET).update(`${timestamp}.${body}`).digest("hex")}`;
      const given = String(request.headers["x-alex-signature"]);
      const signatureValid =
        given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
      received.push({ headers: request.headers, body, signatureValid });
      response.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    statuses,
    url: `http://127.0.0.1:${port}/alex-hook`,
    host: `127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A webhook receiver that takes each request and never answers, noting when each arrived. */
async function startHangingReceiver() {
  const arrivedAt: number[] = [];
  const server: Server = createServer(() => arrivedAt.push(Date.now()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    arrivedAt,
    url: `http://127.0.0.1:${port}/slow-hook`,
    host: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe.each(testDrivers)("lead delivery on %s", (driver) => {
  let handle: DatabaseHandle;
  let db: Database;
  let mailbox: Mailbox;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let config: DeliveryConfig;

  beforeAll(async () => {
    configureCredentialsKey(randomBytes(32));
    handle = await openTestDatabase(driver);
    db = handle.db;
    mailbox = await startMailbox();
    receiver = await startReceiver();
    config = {
      mail: { smtpUrl: mailbox.url, from: "Alex <alex@alex.example>" },
      allowHosts: [receiver.host],
      timeZone: TZ,
    };
  });
  afterAll(async () => {
    await receiver.close();
    await mailbox.close();
    await handle.close();
  });
  beforeEach(() => {
    mailbox.received.length = 0;
    receiver.received.length = 0;
    receiver.statuses.length = 0;
  });

  async function addClient(fields: { language: "he" | "en"; webhook: boolean; name: string }) {
    return insertClient(db, {
      businessName: fields.name,
      contactEmail: `leads@${fields.name.toLowerCase().replace(/\W+/g, "-")}.example`,
      language: fields.language,
      webhookUrl: fields.webhook ? receiver.url : null,
      webhookSecretEncrypted: fields.webhook ? encryptWebhookSecret(SECRET) : null,
    });
  }

  async function say(licenseKey: string, message: string, { sessionId = null as string | null, mail = true } = {}) {
    // The visitor ticked the widget's consent: only then are their details a lead.
    const input = { license: licenseKey, sessionId, clientMessageId: randomUUID(), message, consent: true as const };
    const visitor = { ip: "203.0.113.9", userAgent: null };
    // No Origin header: a call from outside a browser, which the site check lets through.
    const origin = { header: null, self: "http://127.0.0.1" };
    const admission = await admitMessage(db, input, { timeZone: TZ, visitor, origin });
    if (admission.kind !== "admitted") throw new Error(`not admitted: ${admission.kind}`);
    return replyToMessage(db, {
      admission,
      input,
      images: [],
      visitor,
      requestLanguage: "he",
      modelSettings: undefined,
      mailEnabled: mail,
      visitorWaiting: () => true,
      timeZone: TZ,
      consentNeeded: "CONSENT NEEDED",
      onDelta: () => {},
      liveEvents: handle.events,
      receivedAt: Date.now(),
      backOfficeOrigin: "https://alex.example",
    });
  }

  it("e-mails a completed function in the client's language and posts it, signed, to the webhook", async () => {
    const client = await addClient({ language: "en", webhook: true, name: "Sunny Bakery" });
    const reply = await say(client.licenseKey, "My name is Noa and my phone is 054-111-2222");
    // Queued with the reply, sent by the worker: nothing went out during the visitor's request.
    expect(mailbox.received).toHaveLength(0);
    expect(receiver.received).toHaveLength(0);

    expect(await deliverDueLeads(db, config)).toEqual({ attempted: 2, delivered: 2 });
    const [mail] = mailbox.received;
    expect(mail?.subject).toBe("Completed in your website chat: Client introduction with Noa");
    expect(mail?.to && "text" in mail.to ? mail.to.text : "").toBe("leads@sunny-bakery.example");
    expect(mail?.from?.value).toEqual([{ name: "Alex", address: "alex@alex.example" }]);
    expect(mail?.text).toContain("Hello Sunny Bakery,");
    expect(mail?.text).toContain("Phone: 054-1112222");
    expect(mail?.text).toContain(`Conversation: ${reply.sessionId}`);
    expect(mail?.html).toContain('dir="ltr"');
    // What the visitor asked, and the way to the conversation.
    const link = `https://alex.example/admin/session/${reply.sessionId}`;
    expect(mail?.text).toContain(
      "What the visitor wrote:\nVisitor: My name is Noa and my phone is 054-111-2222\nAlex: ",
    );
    expect(mail?.text).toContain(`Open the conversation: ${link}`);
    expect(mail?.html).toContain(`<a href="${link}">Open the conversation</a>`);

    const [hook] = receiver.received;
    expect(hook?.signatureValid).toBe(true);
    expect(hook?.headers["content-type"]).toBe("application/json");
    expect(hook?.headers["x-alex-event"]).toBe("function.completed");
    expect(Math.abs(Number(hook?.headers["x-alex-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
    expect(JSON.parse(hook!.body)).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: "function.completed",
      createdAt: expect.any(String),
      client: { id: client.id, businessName: "Sunny Bakery" },
      session: { id: reply.sessionId },
      contact: { clientName: "Noa", phone: "054-1112222" },
      function: { type: "client_introduction_complete" },
      conversation: [
        { from: "visitor", text: "My name is Noa and my phone is 054-111-2222" },
        { from: "assistant", text: expect.any(String) },
      ],
      link: `https://alex.example/admin/session/${reply.sessionId}`,
    });

    // The visitor repeats themselves: no second delivery.
    await say(client.licenseKey, "My phone is 054-111-2222", { sessionId: reply.sessionId });
    expect(await deliverDueLeads(db, config)).toEqual({ attempted: 0, delivered: 0 });
  });

  it("writes a Hebrew client's lead e-mail in Hebrew, right to left", async () => {
    const client = await addClient({ language: "he", webhook: false, name: "Maafiya Shemesh" });
    await say(client.licenseKey, "אפשר לחזור אליי? 052-3334444");
    expect(await deliverDueLeads(db, config)).toEqual({ attempted: 1, delivered: 1 });
    const [mail] = mailbox.received;
    expect(mail?.subject).toBe("ליד חדש מהצ׳אט באתר: גולש/ת");
    expect(mail?.text).toContain("שלום Maafiya Shemesh,");
    expect(mail?.text).toContain("אלכס אסף פרטי קשר של גולש בצ׳אט באתר שלכם:");
    expect(mail?.text).toContain("טלפון: 052-3334444");
    expect(mail?.html).toContain('dir="rtl"');
    expect(mail?.text).toContain("מה הגולש/ת כתב/ה:\nגולש/ת: אפשר לחזור אליי? 052-3334444");
    expect(mail?.html).toContain(">לפתיחת השיחה</a>");
  });

  it("carries the last few messages, each bounded, and escapes what the visitor wrote", async () => {
    const client = await addClient({ language: "en", webhook: true, name: "Chatty <Shop> & Co" });
    const first = await say(client.licenseKey, "Hello there", { mail: true });
    for (const text of ["Do you deliver?", "<script>alert('x')</script> & more", "x".repeat(2_000)])
      await say(client.licenseKey, text, { sessionId: first.sessionId });
    await say(client.licenseKey, "Call me: 054-123-4567", { sessionId: first.sessionId });
    expect(await deliverDueLeads(db, config)).toEqual({ attempted: 2, delivered: 2 });

    const event = JSON.parse(receiver.received[0]!.body) as {
      conversation: { from: string; text: string }[];
      link: string;
    };
    expect(event.conversation).toHaveLength(6);
    expect(event.conversation.at(-2)).toEqual({ from: "visitor", text: "Call me: 054-123-4567" });
    expect(event.conversation.some((message) => message.text === "Hello there")).toBe(false);
    const long = event.conversation.find((message) => message.text.startsWith("xxx"));
    expect([...long!.text]).toHaveLength(500);
    expect(long!.text.endsWith("…")).toBe(true);
    expect(event.link).toBe(`https://alex.example/admin/session/${first.sessionId}`);

    const [mail] = mailbox.received;
    expect(mail?.html).toContain("&#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62; &#38; more");
    expect(mail?.html).not.toContain("<script>");
    expect(mail?.html).toContain("Hello Chatty &#60;Shop&#62; &#38; Co,");
    expect(mail?.text).toContain("Visitor: <script>alert('x')</script> & more");
  });

  it("keeps the lead but queues no e-mail while mail is off", async () => {
    const client = await addClient({ language: "en", webhook: false, name: "Quiet Shop" });
    await say(client.licenseKey, "Call me on 050-7654321", { mail: false });
    expect(await listClientLeadDeliveries(db, client.id, 10)).toEqual([]);
  });

  it("retries a failing receiver with backoff, logs each attempt, and resends on request", async () => {
    const client = await addClient({ language: "en", webhook: true, name: "Flaky Receiver" });
    await say(client.licenseKey, "reach me at 053-9998888", { mail: false });
    receiver.statuses.push(500);
    const start = new Date();

    expect(await deliverDueLeads(db, config, { now: start })).toEqual({ attempted: 1, delivered: 0 });
    const [pending] = await listClientLeadDeliveries(db, client.id, 10);
    expect(pending).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
    expect(pending?.nextAttemptAt?.getTime()).toBe(start.getTime() + 30_000);

    // Not due yet: nothing is sent; once due, the second attempt goes through.
    expect(await deliverDueLeads(db, config, { now: new Date(start.getTime() + 29_000) })).toEqual({
      attempted: 0,
      delivered: 0,
    });
    expect(await deliverDueLeads(db, config, { now: new Date(start.getTime() + 31_000) })).toEqual({
      attempted: 1,
      delivered: 1,
    });
    expect(receiver.received.map((hook) => hook.signatureValid)).toEqual([true, true]);
    // The same event both times: a receiver can drop the repeat by its id.
    expect(JSON.parse(receiver.received[0]!.body).id).toBe(JSON.parse(receiver.received[1]!.body).id);

    const [delivered] = await listClientLeadDeliveries(db, client.id, 10);
    expect(delivered).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 200, nextAttemptAt: null });
    const attempts = await listAttemptsOfDeliveries(db, [delivered!.id]);
    expect(
      attempts.map(({ attempt, statusCode, ok, nextAttemptAt }) => ({ attempt, statusCode, ok, nextAttemptAt })),
    ).toEqual([
      { attempt: 1, statusCode: 500, ok: false, nextAttemptAt: new Date(start.getTime() + 30_000) },
      { attempt: 2, statusCode: 200, ok: true, nextAttemptAt: null },
    ]);

    expect(await resendLeadDelivery(db, { clientId: client.id, deliveryId: delivered!.id, config })).toEqual({
      delivered: true,
    });
    expect(receiver.received).toHaveLength(3);
    // Another client's delivery id is no delivery of this client.
    const other = await addClient({ language: "en", webhook: false, name: "Someone Else" });
    expect(await resendLeadDelivery(db, { clientId: other.id, deliveryId: delivered!.id, config })).toBeUndefined();
  });

  it("sends a lead the moment it is queued, without waiting for the worker's next round", async () => {
    const client = await addClient({ language: "en", webhook: true, name: "Prompt Florist" });
    // A round a minute: only the lead's live event can make the worker look again within the test.
    const worker = startDeliveryWorker({ db, config, bus: handle.events, pollMs: 60_000 });
    try {
      // Its first round, at start, sends whatever earlier tests left due; this test counts from here.
      await new Promise((resolve) => setTimeout(resolve, 300));
      receiver.received.length = 0;
      const started = Date.now();
      await say(client.licenseKey, "My phone is 054-333-4444", { mail: false });
      await expect.poll(() => receiver.received.length, { timeout: 5_000, interval: 50 }).toBe(1);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
        type: "lead.collected",
        client: { id: client.id, businessName: "Prompt Florist" },
        contact: { phone: "054-3334444" },
      });
      // The receiver counts the request before it answers; the worker records the answer after that.
      await expect
        .poll(async () => (await listClientLeadDeliveries(db, client.id, 10))[0], { timeout: 5_000, interval: 50 })
        .toMatchObject({ status: "delivered", attempts: 1 });
    } finally {
      await worker.stop();
    }
  });

  it("sends another business's lead at once while one receiver hangs, and gives that one up at its deadline", async () => {
    const hanging = await startHangingReceiver();
    const slow = await insertClient(db, {
      businessName: "Hanging Receiver",
      contactEmail: "leads@hanging.example",
      language: "en",
      webhookUrl: hanging.url,
      webhookSecretEncrypted: encryptWebhookSecret(SECRET),
    });
    const fast = await addClient({ language: "en", webhook: true, name: "Quick Receiver" });
    const worker = startDeliveryWorker({
      db,
      config: { ...config, allowHosts: [receiver.host, hanging.host] },
      bus: handle.events,
      pollMs: 60_000,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      receiver.received.length = 0;
      await say(slow.licenseKey, "My phone is 054-555-6666", { mail: false });
      await expect.poll(() => hanging.arrivedAt.length, { timeout: 3_000, interval: 20 }).toBe(1);

      // The hanging receiver holds its own lane only: the other business's lead goes out at once.
      const started = Date.now();
      await say(fast.licenseKey, "My phone is 054-777-8888", { mail: false });
      await expect.poll(() => receiver.received.length, { timeout: 3_000, interval: 20 }).toBe(1);
      const fastMs = Date.now() - started;
      expect(fastMs).toBeLessThan(1_500);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ client: { id: fast.id } });
      expect((await listClientLeadDeliveries(db, slow.id, 10))[0]).toMatchObject({ status: "pending", attempts: 0 });

      // The hanging one fails at the attempt's deadline (5 s) and waits for its retry.
      await expect
        .poll(async () => (await listClientLeadDeliveries(db, slow.id, 10))[0], { timeout: 8_000, interval: 100 })
        .toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null });
      const heldMs = Date.now() - hanging.arrivedAt[0]!;
      expect(heldMs).toBeGreaterThanOrEqual(4_900);
      expect(heldMs).toBeLessThan(7_000);
      expect(hanging.arrivedAt).toHaveLength(1);
    } finally {
      await worker.stop();
      await hanging.close();
      // Its retry would meet the closed receiver in the later tests' rounds.
      await db
        .update(leadDeliveries)
        .set({ status: "failed", nextAttemptAt: null })
        .where(eq(leadDeliveries.clientId, slow.id));
    }
  });

  it("takes a delivery a stopped server held once its hold runs out, so a restart loses nothing", async () => {
    const client = await addClient({ language: "en", webhook: true, name: "Restarted Server" });
    await say(client.licenseKey, "054-2223333", { mail: false });
    const now = new Date();
    // A server took the delivery and died before sending it.
    await db
      .update(leadDeliveries)
      .set({ lockedUntil: new Date(now.getTime() + 60_000) })
      .where(eq(leadDeliveries.clientId, client.id));
    expect(await deliverDueLeads(db, config, { now })).toEqual({ attempted: 0, delivered: 0 });
    expect(await deliverDueLeads(db, config, { now: new Date(now.getTime() + 61_000) })).toEqual({
      attempted: 1,
      delivered: 1,
    });
  });

  it("gives up after the receiver keeps refusing, and says why", async () => {
    const client = await addClient({ language: "en", webhook: true, name: "Gone Receiver" });
    await say(client.licenseKey, "052-1212121", { mail: false });
    let now = new Date();
    for (let attempt = 1; attempt <= 8; attempt++) {
      receiver.statuses.push(503);
      await deliverDueLeads(db, config, { now });
      now = new Date(now.getTime() + 7 * 60 * 60 * 1000);
    }
    const [failed] = await listClientLeadDeliveries(db, client.id, 10);
    expect(failed).toMatchObject({ status: "failed", attempts: 8, lastStatusCode: 503, nextAttemptAt: null });
  });
});

describe("webhook addresses", () => {
  it("refuses this machine and private networks unless the host is allowed", async () => {
    expect(await webhookUrlProblem("http://10.1.2.3/hook", [])).toBe("webhookPrivate");
    expect(await webhookUrlProblem("http://127.0.0.1:8080/hook", [])).toBe("webhookPrivate");
    expect(await webhookUrlProblem("http://[::1]/hook", [])).toBe("webhookPrivate");
    expect(await webhookUrlProblem("http://localhost:9/hook", [])).toBe("webhookPrivate");
    expect(await webhookUrlProblem("http://169.254.169.254/latest", [])).toBe("webhookPrivate");
    expect(await webhookUrlProblem("ftp://93.184.215.14/hook", [])).toBe("webhookInvalid");
    expect(await webhookUrlProblem("https://user:secret@93.184.215.14/hook", [])).toBe("webhookInvalid");
    expect(await webhookUrlProblem("https://hooks.invalid/alex", [])).toBe("webhookHostUnknown");
    expect(await webhookUrlProblem("https://93.184.215.14/hook", [])).toBeUndefined();
    expect(await webhookUrlProblem("http://127.0.0.1:8080/hook", ["127.0.0.1:8080"])).toBeUndefined();
    expect(await webhookUrlProblem("http://127.0.0.1:8080/hook", ["127.0.0.1"])).toBeUndefined();
  });
});
