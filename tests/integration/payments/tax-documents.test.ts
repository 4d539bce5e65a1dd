import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "#db/connection.ts";
import { billingRecords, clients, paymentOrders, taxDocumentAttempts, taxDocuments } from "#db/schema.ts";
import { generateBills } from "~/billing/billing.server.ts";
import { createPayPalClient, type PayPalClient } from "~/payments/paypal-client.server.ts";
import { captureOrderForBill, createOrderForBill } from "~/payments/payments.server.ts";
import { createMorningClient } from "~/tax-documents/morning-client.server.ts";
import {
  issueDueTaxDocuments,
  queueTaxDocument,
  type TaxDocumentConfig,
} from "~/tax-documents/tax-documents.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { FAKE_PAYPAL_CREDENTIALS, startFakePayPal, type FakePayPal } from "../../support/fake-paypal.ts";
import { mailTo, startMailbox, type Mailbox } from "../../support/mailbox.ts";
import { MORNING_STAND_IN_KEY, startMorningStandIn, type MorningStandIn } from "../../support/morning-stand-in.ts";

let paypalStandIn: FakePayPal;
let paypal: PayPalClient;
let morning: MorningStandIn;
let mailbox: Mailbox;
const mails: ParsedMail[] = [];
const timeZone = "Asia/Jerusalem";

beforeAll(async () => {
  [paypalStandIn, morning, mailbox] = await Promise.all([
    startFakePayPal(),
    startMorningStandIn(),
    startMailbox(mails),
  ]);
  paypal = createPayPalClient({ ...FAKE_PAYPAL_CREDENTIALS, baseUrl: paypalStandIn.url });
});

afterAll(async () => {
  await Promise.all([paypalStandIn?.close(), morning?.close(), mailbox?.close()]);
});

/** One app server's view of the work: its own Morning client (and token), a short deadline so a held answer times out. */
const configOf = (): TaxDocumentConfig => ({
  morning: createMorningClient({
    apiKeyId: MORNING_STAND_IN_KEY.id,
    apiKeySecret: MORNING_STAND_IN_KEY.secret,
    baseUrl: morning.url,
    timeoutMs: 400,
  }),
  mail: { smtpUrl: mailbox.url, from: "Alex <billing@alex.example>" },
  timeZone,
  publicUrl: "https://alex.example",
});

describe.each(testDrivers)("tax documents for shekel bills on %s", (driver) => {
  let handle: DatabaseHandle & { url?: string };
  let db: Database;
  let clientId: number;
  /** The first server's config, whose Morning token outlives one test: Morning may expire it meanwhile. */
  let firstServer: TaxDocumentConfig;
  const email = `shekel-${driver}@example.com`;
  // Both drivers share the stand-in and number their payments from 1: each its own business's documents.
  const businessName = `מספרת שקל ${driver}`;

  /** Generates a month's bill, pays it through the PayPal stand-in, and answers its payment order's id. */
  async function payMonth(period: string, paidAt: Date) {
    await generateBills(db, { period: period as "2026-03", timeZone, now: paidAt });
    const [record] = await db.select().from(billingRecords).where(eq(billingRecords.billingPeriod, period));
    const created = await createOrderForBill(db, paypal, { token: record!.payToken }, { timeZone, now: paidAt });
    if ("error" in created) throw new Error(created.error);
    const orderId = String(created.body.id);
    await fetch(`${paypalStandIn.url}/test/approve/${orderId}`, { method: "POST" });
    expect(await captureOrderForBill(db, paypal, orderId, paidAt)).toMatchObject({ status: 200 });
    const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, orderId));
    return { record: record!, order: order! };
  }

  const documentOf = async (paymentOrderId: number) =>
    (await db.select().from(taxDocuments).where(eq(taxDocuments.paymentOrderId, paymentOrderId)))[0]!;
  const madeFor = async (paymentOrderId: number) => {
    const { reference } = await documentOf(paymentOrderId);
    return morning.documents.filter((document) => document.remarks === reference);
  };

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
    const [client] = await db
      .insert(clients)
      .values({
        businessName,
        ownerEmail: email,
        websiteDomain: `shekel-${driver}.example`,
        businessType: "services",
        licenseKey: `alex_shekel_${driver}`.padEnd(35, "0"),
        billingCurrency: "ILS",
        monthlyFeeCents: 185_00,
        language: "he",
        createdAt: new Date("2026-01-10T00:00:00Z"),
      })
      .returning();
    clientId = client!.id;
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("bills in shekels with 18% VAT and asks PayPal for shekels", async () => {
    const { record, order } = await payMonth("2026-03", new Date("2026-04-02T08:00:00Z"));
    expect(record).toMatchObject({
      currency: "ILS",
      baseFeeCents: 185_00,
      usageFeesCents: 0,
      netCents: 185_00,
      vatRateBasisPoints: 1800,
      vatCents: 33_30,
      totalCents: 218_30,
    });
    expect(paypalStandIn.orders.get(order.providerOrderId)?.purchase_units[0]?.amount).toEqual({
      currency_code: "ILS",
      value: "218.30",
    });
    // The capture queued the payment's tax document; queuing it again changes nothing.
    await queueTaxDocument(db, {
      clientId,
      billingRecordId: record.id,
      paymentOrderId: order.id,
      captureId: order.captureId!,
      now: new Date(),
    });
    expect(await db.select().from(taxDocuments).where(eq(taxDocuments.paymentOrderId, order.id))).toHaveLength(1);
  });

  it("issues one document when the call times out after Morning made it, found again by its reference", async () => {
    const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.clientId, clientId));
    const config = (firstServer = configOf());
    morning.answerNextDocumentAfter(1_500);
    const now = new Date();
    await issueDueTaxDocuments(db, config, { now });
    expect(await documentOf(order!.id)).toMatchObject({ status: "pending", attempts: 1, documentNumber: null });
    expect(await madeFor(order!.id)).toHaveLength(1);

    // Not due yet: a round now leaves it alone.
    await issueDueTaxDocuments(db, config, { now: new Date(now.getTime() + 1_000) });
    expect((await documentOf(order!.id)).attempts).toBe(1);

    await issueDueTaxDocuments(db, config, { now: new Date(now.getTime() + 5 * 60_000) });
    const made = await madeFor(order!.id);
    expect(made).toHaveLength(1);
    const document = await documentOf(order!.id);
    expect(document).toMatchObject({ status: "issued", attempts: 2, documentNumber: String(made[0]!.number) });
    expect(document.pdfUrl).toMatch(/\/documents\/.+\/download$/);
    expect(made[0]).toMatchObject({ type: 320, currency: "ILS", lang: "he", amount: 218.3 });
    const log = await db.select().from(taxDocumentAttempts).where(eq(taxDocumentAttempts.taxDocumentId, document.id));
    expect(log.map((attempt) => [attempt.attempt, attempt.ok, attempt.statusCode])).toEqual([
      [1, false, null],
      [2, true, 201],
    ]);

    // The business gets it by e-mail, in Hebrew, with its number.
    const mail = await mailTo(mails, email);
    expect(mail.subject).toBe(`חשבונית מס / קבלה ${made[0]!.number} לחשבון Alex שלך`);
    expect(mail.text).toContain("מע״מ (18%)");
    expect(mail.text).toContain(document.pdfUrl!);
    expect((await documentOf(order!.id)).mailedAt).not.toBeNull();
  });

  it("issues one document when two servers run the job at once, after Morning let the token expire", async () => {
    const { order } = await payMonth("2026-04", new Date("2026-05-03T08:00:00Z"));
    morning.expireTokens();
    const second: DatabaseHandle = handle.url ? await openDatabase({ url: handle.url }) : handle;
    try {
      const now = new Date();
      await Promise.all([
        issueDueTaxDocuments(db, firstServer, { now }),
        issueDueTaxDocuments(second.db, configOf(), { now }),
      ]);
    } finally {
      if (second !== handle) await second.close();
    }
    expect(await madeFor(order.id)).toHaveLength(1);
    expect(await documentOf(order.id)).toMatchObject({ status: "issued", attempts: 1 });
    // The expired token was refused, then renewed, and the call sent again.
    expect(morning.calls).toContain("POST /documents 401");
  });

  it("retries a refused call with backoff and keeps every attempt in the log", async () => {
    const { order } = await payMonth("2026-05", new Date("2026-06-02T08:00:00Z"));
    morning.failNextDocuments(1);
    const now = new Date();
    await issueDueTaxDocuments(db, configOf(), { now });
    const failed = await documentOf(order.id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed.lastError).toBe("Internal error");
    const [refused] = await db
      .select()
      .from(taxDocumentAttempts)
      .where(eq(taxDocumentAttempts.taxDocumentId, failed.id));
    expect(refused).toMatchObject({ ok: false, statusCode: 500 });
    expect(failed.nextAttemptAt!.getTime()).toBe(now.getTime() + 60_000);
    await issueDueTaxDocuments(db, configOf(), { now: new Date(now.getTime() + 60_000) });
    expect(await documentOf(order.id)).toMatchObject({ status: "issued", attempts: 2, lastError: null });
    expect(await madeFor(order.id)).toHaveLength(1);
  });
});
