import { and, eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "#db/connection.ts";
import { billingRecordEvents, billingRecords, billRefunds, clients, paymentOrders, taxDocuments } from "#db/schema.ts";
import { generateBills } from "~/billing/billing.server.ts";
import { createCardcomClient, type CardcomClient } from "~/payments/cardcom-client.server.ts";
import { settleLowProfile, startCardPayment } from "~/payments/card-payments.server.ts";
import { createPayPalClient, type PayPalClient } from "~/payments/paypal-client.server.ts";
import { captureOrderForBill, createOrderForBill } from "~/payments/payments.server.ts";
import { refundBill } from "~/payments/refunds.server.ts";
import { createMorningClient } from "~/tax-documents/morning-client.server.ts";
import { issueDueTaxDocuments, type TaxDocumentConfig } from "~/tax-documents/tax-documents.server.ts";
import { listPaymentsReceived } from "~/models/tax-document.server.ts";
import {
  CARDCOM_STAND_IN_API_PASSWORD,
  CARDCOM_STAND_IN_TERMINAL,
  startCardcomStandIn,
  type CardcomStandIn,
} from "../../support/cardcom-stand-in.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { insertPerson, PERSON_PASSWORD } from "../../support/factories.ts";
import { FAKE_PAYPAL_CREDENTIALS, startFakePayPal, type FakePayPal } from "../../support/fake-paypal.ts";
import { startMailbox, type Mailbox } from "../../support/mailbox.ts";
import { MORNING_STAND_IN_KEY, startMorningStandIn, type MorningStandIn } from "../../support/morning-stand-in.ts";
import { operatorCookieOn, sessionCookieOn, startServer, type RunningServer } from "../../support/server.ts";

let paypalStandIn: FakePayPal;
let cardcomStandIn: CardcomStandIn;
let morning: MorningStandIn;
let mailbox: Mailbox;
let paypal: PayPalClient;
let cardcom: CardcomClient;
const mails: ParsedMail[] = [];
const timeZone = "Asia/Jerusalem";

beforeAll(async () => {
  [paypalStandIn, cardcomStandIn, morning, mailbox] = await Promise.all([
    startFakePayPal(),
    startCardcomStandIn(),
    startMorningStandIn(),
    startMailbox(mails),
  ]);
  paypal = createPayPalClient({ ...FAKE_PAYPAL_CREDENTIALS, baseUrl: paypalStandIn.url });
  cardcom = createCardcomClient({
    ...CARDCOM_STAND_IN_TERMINAL,
    apiPassword: CARDCOM_STAND_IN_API_PASSWORD,
    baseUrl: cardcomStandIn.url,
  });
});

afterAll(async () => {
  await Promise.all([paypalStandIn?.close(), cardcomStandIn?.close(), morning?.close(), mailbox?.close()]);
});

const morningConfig = (): TaxDocumentConfig => ({
  morning: createMorningClient({
    apiKeyId: MORNING_STAND_IN_KEY.id,
    apiKeySecret: MORNING_STAND_IN_KEY.secret,
    baseUrl: morning.url,
  }),
  mail: { smtpUrl: mailbox.url, from: "Alex <billing@alex.example>" },
  timeZone,
  publicUrl: "https://alex.example",
});

/** The mail to this address whose subject holds `about`, once it arrives (the worker sends it after issuing). */
async function mailAbout(address: string, about: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = mails.find(
      (each) => JSON.stringify(each.to ?? "").includes(address) && (each.subject ?? "").includes(about),
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} about ${about}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Pays a bill through the PayPal stand-in as a payer would; answers the capture's id. */
async function payByPayPal(db: Database, payToken: string, now: Date) {
  const created = await createOrderForBill(db, paypal, { token: payToken }, { timeZone, now });
  if ("error" in created) throw new Error(created.error);
  const orderId = String(created.body.id);
  await fetch(`${paypalStandIn.url}/test/approve/${orderId}`, { method: "POST" });
  const captured = await captureOrderForBill(db, paypal, orderId, now);
  if ("error" in captured) throw new Error(captured.error);
  return String(captured.body.captureId);
}

/** Pays a bill on the Cardcom stand-in's page; answers the deal's id. */
async function payByCard(db: Database, payToken: string, now: Date) {
  const started = await startCardPayment(db, cardcom, {
    payToken,
    origin: "http://alex.invalid",
    language: "en",
    timeZone,
    now,
  });
  if (!("url" in started)) throw new Error(started.error);
  const lowProfileId = new URL(started.url).pathname.split("/").at(-1)!;
  await cardcomStandIn.payDeal(lowProfileId);
  await settleLowProfile(db, cardcom, lowProfileId, now);
  return String(cardcomStandIn.deals.get(lowProfileId)!.tranzactionId);
}

describe.each(testDrivers)("refunding a paid bill on %s", (driver) => {
  let handle: DatabaseHandle;
  let db: Database;
  const processors = () => ({ paypal, cardcom });

  async function billOf(clientId: number, period: string) {
    const [bill] = await db
      .select()
      .from(billingRecords)
      .where(and(eq(billingRecords.clientId, clientId), eq(billingRecords.billingPeriod, period)));
    return bill!;
  }

  async function clientWithBill(name: string, language: "he" | "en", currency: "ILS" | "USD", period: string) {
    const [client] = await db
      .insert(clients)
      .values({
        businessName: `${name} ${driver}`,
        ownerEmail: `${name.toLowerCase().replace(/\W+/g, "-")}-${driver}@example.com`,
        websiteDomain: `${name.toLowerCase().replace(/\W+/g, "-")}-${driver}.example`,
        businessType: "services",
        licenseKey: `alex_refund_${name}_${driver}`.replace(/\W+/g, "_").padEnd(35, "0").slice(0, 35),
        billingCurrency: currency,
        monthlyFeeCents: currency === "ILS" ? 185_00 : 50_00,
        language,
        createdAt: new Date("2026-01-10T00:00:00Z"),
      })
      .returning();
    await generateBills(db, {
      period: period as "2026-03",
      timeZone,
      now: new Date("2026-04-02T08:00:00Z"),
      clientId: client!.id,
    });
    return { client: client!, bill: await billOf(client!.id, period) };
  }

  const documentsOf = (billingRecordId: number) =>
    db.select().from(taxDocuments).where(eq(taxDocuments.billingRecordId, billingRecordId));

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("refunds a PayPal payment once, then issues one credit note linked to the invoice and mails it in Hebrew", async () => {
    const { client, bill } = await clientWithBill("Refund PayPal", "he", "ILS", "2026-03");
    const paidAt = new Date("2026-04-02T08:00:00Z");
    const captureId = await payByPayPal(db, bill.payToken, paidAt);
    await issueDueTaxDocuments(db, morningConfig(), { now: paidAt });
    const [invoice] = await documentsOf(bill.id);
    expect(invoice).toMatchObject({ documentType: 320, status: "issued" });

    const refundedAt = new Date("2026-04-05T09:00:00Z");
    const outcome = await refundBill(db, processors(), {
      recordId: bill.id,
      reason: "Closed the business",
      operatorId: null,
      now: refundedAt,
    });
    expect(outcome).toMatchObject({ ok: true, refund: { status: "refunded", provider: "paypal" } });
    expect(paypalStandIn.refunds.filter((refund) => refund.captureId === captureId)).toEqual([
      expect.objectContaining({ amount: { currency_code: "ILS", value: "218.30" } }),
    ]);
    const [refund] = await db.select().from(billRefunds).where(eq(billRefunds.billingRecordId, bill.id));
    expect(refund).toMatchObject({
      status: "refunded",
      amountCents: 218_30,
      currency: "ILS",
      reason: "Closed the business",
    });
    expect(refund!.providerRefundId).toMatch(/^REF/);
    const events = await db.select().from(billingRecordEvents).where(eq(billingRecordEvents.billingRecordId, bill.id));
    expect(events.map((event) => event.kind)).toContain("refunded");

    // Twice more (a second click, and a second worker round): no second refund, no second credit note.
    expect(
      await refundBill(db, processors(), { recordId: bill.id, reason: "", operatorId: null, now: refundedAt }),
    ).toMatchObject({ ok: false, status: 409, error: "refund.alreadyRefunded" });
    await issueDueTaxDocuments(db, morningConfig(), { now: refundedAt });
    await issueDueTaxDocuments(db, morningConfig(), { now: new Date(refundedAt.getTime() + 60_000) });
    expect(paypalStandIn.refunds.filter((refund) => refund.captureId === captureId)).toHaveLength(1);

    const documents = await documentsOf(bill.id);
    const creditNote = documents.find((document) => document.documentType === 330);
    expect(documents).toHaveLength(2);
    expect(creditNote).toMatchObject({
      status: "issued",
      refundId: refund!.id,
      reference: `alex-refund-paypal-${captureId}`,
    });
    const atMorning = morning.documents.filter((document) => document.remarks === creditNote!.reference);
    expect(atMorning).toHaveLength(1);
    expect(atMorning[0]).toMatchObject({
      type: 330,
      number: Number(creditNote!.documentNumber),
      currency: "ILS",
      linkedDocumentIds: [invoice!.morningId],
      linkType: "cancel",
      amount: 185,
    });

    // The accountant's file keeps the payment, and says when it was refunded and by which credit note.
    const received = await listPaymentsReceived(db, {
      start: new Date("2026-04-01T00:00:00Z"),
      end: new Date("2026-05-01T00:00:00Z"),
    });
    expect(received.find((row) => row.billingRecordId === bill.id)).toMatchObject({
      documentNumber: invoice!.documentNumber,
      refundedAt,
      creditNoteNumber: creditNote!.documentNumber,
    });

    const mail = await mailAbout(client.ownerEmail, "זיכוי");
    expect(mail.subject).toBe(`חשבונית זיכוי ${creditNote!.documentNumber} לחשבון Alex שלך`);
    expect(mail.text).toContain("החזרנו את התשלום");
    expect(mail.text).toContain(creditNote!.pdfUrl!);
  });

  it("refunds a Cardcom deal in full and mails the credit note in English", async () => {
    const { client, bill } = await clientWithBill("Refund Card", "en", "USD", "2026-03");
    const paidAt = new Date("2026-04-03T08:00:00Z");
    const dealId = await payByCard(db, bill.payToken, paidAt);
    const outcome = await refundBill(db, processors(), {
      recordId: bill.id,
      reason: "",
      operatorId: null,
      now: new Date("2026-04-06T08:00:00Z"),
    });
    expect(outcome).toMatchObject({ ok: true, refund: { provider: "cardcom", status: "refunded" } });
    const refunded = cardcomStandIn.refunds.filter((refund) => refund.tranzactionId === Number(dealId));
    expect(refunded).toHaveLength(1);
    expect(outcome.ok && outcome.refund.providerRefundId).toBe(String(refunded[0]!.newTranzactionId));

    await issueDueTaxDocuments(db, morningConfig(), { now: new Date("2026-04-06T08:00:00Z") });
    const creditNote = (await documentsOf(bill.id)).find((document) => document.documentType === 330);
    expect(creditNote).toMatchObject({ status: "issued", reference: `alex-refund-cardcom-${dealId}` });
    const mail = await mailAbout(client.ownerEmail, "Credit note");
    expect(mail.subject).toBe(`Credit note ${creditNote!.documentNumber} for your Alex bill`);
    expect(mail.text).toContain("Total refunded: $50");
  });

  it("lets one of two simultaneous refunds through: the other is refused before the processor", async () => {
    const { bill } = await clientWithBill("Refund Twice", "en", "USD", "2026-03");
    const captureId = await payByPayPal(db, bill.payToken, new Date("2026-04-02T10:00:00Z"));
    const outcomes = await Promise.all(
      [1, 2].map(() => refundBill(db, processors(), { recordId: bill.id, reason: "", operatorId: null })),
    );
    expect(outcomes.map((outcome) => (outcome.ok ? 200 : outcome.status)).sort()).toEqual([200, 409]);
    expect(paypalStandIn.refunds.filter((refund) => refund.captureId === captureId)).toHaveLength(1);
    expect(await db.select().from(billRefunds).where(eq(billRefunds.billingRecordId, bill.id))).toHaveLength(1);
  });

  it("leaves the bill paid and nothing written when the processor refuses, in its own words", async () => {
    const { bill } = await clientWithBill("Refund Refused", "he", "ILS", "2026-03");
    await payByPayPal(db, bill.payToken, new Date("2026-04-02T11:00:00Z"));
    paypalStandIn.refuseNextRefund();
    const refusedByPayPal = await refundBill(db, processors(), { recordId: bill.id, reason: "", operatorId: null });
    expect(refusedByPayPal).toEqual({
      ok: false,
      status: 422,
      error: "refund.refused",
      detail: "You are over the time limit to perform a refund on this capture.",
    });

    const { bill: cardBill } = await clientWithBill("Refund Card Refused", "en", "ILS", "2026-03");
    await payByCard(db, cardBill.payToken, new Date("2026-04-02T12:00:00Z"));
    cardcomStandIn.refuseNextRefund();
    expect(await refundBill(db, processors(), { recordId: cardBill.id, reason: "", operatorId: null })).toEqual({
      ok: false,
      status: 422,
      error: "refund.refused",
      detail: "Refund not allowed for this terminal (30)",
    });

    for (const refused of [bill, cardBill]) {
      expect((await billOf(refused.clientId, "2026-03")).status).toBe("paid");
      expect(await db.select().from(billRefunds).where(eq(billRefunds.billingRecordId, refused.id))).toEqual([]);
      expect((await documentsOf(refused.id)).map((document) => document.documentType)).toEqual([320]);
    }
    // Refused once, it can be refunded later.
    expect(await refundBill(db, processors(), { recordId: bill.id, reason: "", operatorId: null })).toMatchObject({
      ok: true,
    });
  });

  it("refuses a bill that was not paid online, and one that does not exist", async () => {
    const { bill } = await clientWithBill("Refund Unpaid", "en", "USD", "2026-03");
    expect(await refundBill(db, processors(), { recordId: bill.id, reason: "", operatorId: null })).toMatchObject({
      ok: false,
      status: 409,
      error: "refund.notRefundable",
    });
    expect(await refundBill(db, processors(), { recordId: 2_000_000, reason: "", operatorId: null })).toMatchObject({
      ok: false,
      status: 404,
    });
    const orders = await db.select().from(paymentOrders).where(eq(paymentOrders.billingRecordId, bill.id));
    expect(orders).toEqual([]);
  });
});

describe("the Refund action on /admin/billing over HTTP", () => {
  let server: RunningServer;
  let paidBill = { id: 0, period: "", payToken: "" };
  const agent = "agent@refunds.example";

  beforeAll(async () => {
    server = await startServer(
      {
        PAYPAL_CLIENT_ID: FAKE_PAYPAL_CREDENTIALS.clientId,
        PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_CREDENTIALS.clientSecret,
        PAYPAL_BASE_URL: paypalStandIn.url,
      },
      {
        prepareDatabase: async (db) => {
          const [client] = await db
            .insert(clients)
            .values({
              businessName: "Refunds Over HTTP",
              ownerEmail: "http-refunds@example.com",
              websiteDomain: "http-refunds.example",
              businessType: "services",
              licenseKey: "alex_httprefunds".padEnd(35, "0"),
              billingCurrency: "USD",
              monthlyFeeCents: 50_00,
              language: "en",
              createdAt: new Date("2025-01-10T00:00:00Z"),
            })
            .returning();
          const now = new Date("2025-04-02T00:00:00Z");
          await generateBills(db, { period: "2025-03", timeZone, now, clientId: client!.id });
          const [bill] = await db.select().from(billingRecords).where(eq(billingRecords.clientId, client!.id));
          await payByPayPal(db, bill!.payToken, now);
          paidBill = { id: bill!.id, period: bill!.billingPeriod, payToken: bill!.payToken };
          await insertPerson(db, { email: agent, role: "agent" });
        },
      },
    );
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  const refund = (cookie: string, fields: Record<string, string>, language = "en") =>
    fetch(new URL(`/admin/billing?period=${paidBill.period}&lng=${language}`, server.url), {
      method: "POST",
      body: new URLSearchParams({ intent: "refund", ...fields }),
      headers: { Cookie: cookie, Origin: server.url },
      redirect: "manual",
    });

  it("refuses an agent, and bad input in Hebrew and English, refunding nothing", async () => {
    const before = paypalStandIn.refunds.length;
    const agentCookie = await sessionCookieOn(server, { username: agent, password: PERSON_PASSWORD });
    const byAgent = await refund(agentCookie, { recordId: String(paidBill.id), confirmed: "yes" });
    // The guard sends a person without the permission to the back-office's "not allowed" page.
    expect(byAgent.status).toBe(302);
    expect(byAgent.headers.get("location")).toBe("/admin/forbidden");

    const cookie = await operatorCookieOn(server);
    for (const [language, text] of [
      ["en", "The reason is too long (200 characters at most)."],
      ["he", "הסיבה ארוכה מדי (עד 200 תווים)."],
    ] as const) {
      const long = await refund(
        cookie,
        { recordId: String(paidBill.id), reason: "x".repeat(201), confirmed: "yes" },
        language,
      );
      expect(long.status).toBe(400);
      expect(await long.text()).toContain(text);
    }
    for (const [language, text] of [
      ["en", "The request was not understood."],
      ["he", "הבקשה לא הובנה."],
    ] as const) {
      const bad = await refund(cookie, { recordId: "abc", confirmed: "yes" }, language);
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain(text);
    }
    expect(paypalStandIn.refunds.length).toBe(before);
  });

  it("asks first, then refunds; the page shows Refunded, and a second click is refused in the operator's language", async () => {
    const cookie = await operatorCookieOn(server);
    const before = paypalStandIn.refunds.length;
    const asked = await refund(cookie, { recordId: String(paidBill.id), reason: "Duplicate payment" });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("$50 goes back in full through PayPal");
    expect(paypalStandIn.refunds.length).toBe(before);

    const done = await refund(cookie, { recordId: String(paidBill.id), reason: "Duplicate payment", confirmed: "yes" });
    expect(done.status).toBe(302);
    expect(paypalStandIn.refunds.length).toBe(before + 1);
    const page = await fetch(new URL(`/admin/billing?period=${paidBill.period}&lng=en`, server.url), {
      headers: { Cookie: cookie },
    });
    const html = await page.text();
    expect(html).toContain("Refunded");
    expect(html).toContain("No credit note is made: Morning is not set up");
    // The paid total still counts the bill, and says how much of it went back.
    expect(html).toMatch(/\$50(\.00)? of it refunded \(1 bill\)/);
    const hebrew = await fetch(new URL(`/admin/billing?period=${paidBill.period}&lng=he`, server.url), {
      headers: { Cookie: cookie },
    });
    expect(await hebrew.text()).toMatch(/מזה [^<]{0,12}50[^<]{0,12} הוחזרו \(חשבון אחד\)/u);
    // The business's pay page says so too, in its language.
    const payPage = await (await fetch(new URL(`/pay/${paidBill.payToken}?lng=he`, server.url))).text();
    expect(payPage).toContain("הוחזר");
    expect(payPage).toContain("לא מופקת חשבונית זיכוי: Morning אינו מוגדר");
    expect(payPage).toContain("החשבון שולם, והתשלום הוחזר לכם במלואו.");
    expect(payPage).not.toContain("החשבון שולם. תודה!");

    for (const [language, text] of [
      ["en", "This bill is already refunded (or its refund is under way): nothing was sent again."],
      ["he", "התשלום על החשבון הזה כבר הוחזר (או שההחזר בדרך): לא נשלח דבר שוב."],
    ] as const) {
      const again = await refund(cookie, { recordId: String(paidBill.id), confirmed: "yes" }, language);
      expect(again.status).toBe(409);
      expect(await again.text()).toContain(text);
    }
    expect(paypalStandIn.refunds.length).toBe(before + 1);
  });
});
