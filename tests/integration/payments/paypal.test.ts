import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "#db/connection.ts";
import { billingRecordEvents, billingRecords, clients, paymentOrders } from "#db/schema.ts";
import { generateBills } from "~/billing/billing.server.ts";
import { createPayPalClient, PayPalError, type PayPalClient } from "~/payments/paypal-client.server.ts";
import {
  captureOrderForBill,
  createOrderForBill,
  handlePayPalWebhook,
  type PaymentOutcome,
} from "~/payments/payments.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import {
  FAKE_PAYPAL_CREDENTIALS,
  FAKE_VALID_SIGNATURE,
  startFakePayPal,
  type FakePayPal,
} from "../../support/fake-paypal.ts";

let fake: FakePayPal;
let paypal: PayPalClient;

beforeAll(async () => {
  fake = await startFakePayPal();
  paypal = createPayPalClient({ ...FAKE_PAYPAL_CREDENTIALS, baseUrl: fake.url });
});

afterAll(async () => {
  await fake?.close();
});

/** The order id a successful create answered. */
function orderIdOf(outcome: PaymentOutcome) {
  if ("error" in outcome) throw new Error(`No order: ${outcome.error}`);
  return String(outcome.body.id);
}

const inIsrael = { timeZone: "Asia/Jerusalem" };

const approve = (orderId: string) => fetch(`${fake.url}/test/approve/${orderId}`, { method: "POST" });

describe("the PayPal client against the stand-in", () => {
  it("refuses wrong credentials with PayPal's 401", async () => {
    const wrong = createPayPalClient({ clientId: "nope", clientSecret: "nope", baseUrl: fake.url });
    const error = await wrong.generateClientToken().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PayPalError);
    expect(error).toMatchObject({ status: 401, errorName: "invalid_client" });
  });

  it("answers a repeated PayPal-Request-Id with the first order, and reads 422 issues", async () => {
    const request = {
      amountCents: 5_300,
      currency: "USD",
      referenceId: "bill-x",
      description: "x",
      requestId: "same-request",
    };
    const first = await paypal.createOrder(request);
    const again = await paypal.createOrder(request);
    expect(again.id).toBe(first.id);
    const notApproved = await paypal.captureOrder(first.id, "capture-1").catch((caught: unknown) => caught);
    expect(notApproved).toMatchObject({ status: 422, issue: "ORDER_NOT_APPROVED" });
  });
});

describe.each(testDrivers)("paying a bill through PayPal on %s", (driver) => {
  let handle: DatabaseHandle;
  let db: Database;
  let token: string;
  let recordId: number;

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
    await db.insert(clients).values({
      businessName: "Payer",
      ownerEmail: "payer@example.com",
      websiteDomain: "payer.example",
      businessType: "services",
      licenseKey: "alex_payer0000000000000000000000000",
      createdAt: new Date("2026-01-10T00:00:00Z"),
    });
    await generateBills(db, { period: "2026-03", timeZone: "Asia/Jerusalem", now: new Date("2026-04-02T00:00:00Z") });
    const [record] = await db.select().from(billingRecords);
    token = record!.payToken;
    recordId = record!.id;
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("takes the amount from the record: a different amount, currency or intent is refused", async () => {
    expect(await createOrderForBill(db, paypal, { token, amount: "49.00" }, inIsrael)).toEqual({
      status: 400,
      error: "errors.amountMismatch",
    });
    expect(await createOrderForBill(db, paypal, { token, amount: 50, currency: "ILS" }, inIsrael)).toEqual({
      status: 400,
      error: "errors.currencyMismatch",
    });
    expect(await createOrderForBill(db, paypal, { token, intent: "AUTHORIZE" }, inIsrael)).toEqual({
      status: 400,
      error: "errors.intentMismatch",
    });
    expect(await createOrderForBill(db, paypal, { token: "0".repeat(64) }, inIsrael)).toEqual({
      status: 404,
      error: "errors.billNotFound",
    });
    // March's bill grows until March ends: on its last evening in Israel it cannot be paid yet; at midnight it can.
    const ordersBefore = fake.orders.size;
    const lastEvening = { ...inIsrael, now: new Date("2026-03-31T20:59:59Z") };
    expect(await createOrderForBill(db, paypal, { token }, lastEvening)).toEqual({
      status: 409,
      error: "errors.monthNotEnded",
    });
    expect(fake.orders.size).toBe(ordersBefore);
  });

  it("does not mark a declined payment paid, then captures once however often it is retried", async () => {
    const created = await createOrderForBill(
      db,
      paypal,
      { token, amount: "50.00", currency: "USD", intent: "CAPTURE" },
      inIsrael,
    );
    expect(created, JSON.stringify(created)).toMatchObject({ status: 201, body: { status: "CREATED" } });
    const orderId = orderIdOf(created);
    expect(fake.orders.get(orderId)?.purchase_units[0]?.amount).toEqual({ currency_code: "USD", value: "50.00" });

    expect(await captureOrderForBill(db, paypal, orderId)).toMatchObject({ status: 422, error: "errors.notApproved" });
    await approve(orderId);
    fake.declineNextCapture();
    expect(await captureOrderForBill(db, paypal, orderId)).toMatchObject({ status: 422, issue: "INSTRUMENT_DECLINED" });
    expect((await db.select().from(billingRecords).where(eq(billingRecords.id, recordId)))[0]?.status).toBe("pending");

    // The buyer picks another way to pay: the same order is captured now. It takes a new PayPal-Request-Id:
    // the stand-in, like PayPal, answers a repeated one with its earlier refusal.
    const retryId = orderId;
    const capturesBefore = fake.captures();
    const results = await Promise.all([
      captureOrderForBill(db, paypal, retryId),
      captureOrderForBill(db, paypal, retryId),
    ]);
    expect(results.map((result) => result.status)).toEqual([200, 200]);
    expect(await captureOrderForBill(db, paypal, retryId)).toMatchObject({
      status: 200,
      body: { status: "COMPLETED" },
    });
    expect(fake.captures() - capturesBefore).toBe(1);

    const [record] = await db.select().from(billingRecords).where(eq(billingRecords.id, recordId));
    expect(record).toMatchObject({ status: "paid" });
    const paidEvents = (await db.select().from(billingRecordEvents)).filter((event) => event.kind === "paid_paypal");
    expect(paidEvents).toHaveLength(1);
    const captured = (await db.select().from(paymentOrders)).filter((order) => order.captureId);
    expect(captured).toHaveLength(1);

    expect(await createOrderForBill(db, paypal, { token }, inIsrael)).toEqual({
      status: 409,
      error: "errors.alreadyPaid",
    });
  });

  it("marks a bill paid from a verified webhook once, and ignores an unverified one", async () => {
    await db.update(billingRecords).set({ status: "pending", paidAt: null }).where(eq(billingRecords.id, recordId));
    const created = await createOrderForBill(db, paypal, { token }, inIsrael);
    const orderId = orderIdOf(created);
    const event = {
      id: "WH-1",
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource: { id: "CAPWEBHOOK1", status: "COMPLETED", supplementary_data: { related_ids: { order_id: orderId } } },
    };
    const headers = (signature: string) =>
      new Headers({ "paypal-transmission-sig": signature, "paypal-transmission-id": "t-1" });
    expect(await handlePayPalWebhook(db, paypal, { webhookId: "WH-ID", headers: headers("forged"), event })).toEqual({
      status: 400,
      error: "errors.badSignature",
    });
    expect((await db.select().from(billingRecords).where(eq(billingRecords.id, recordId)))[0]?.status).toBe("pending");

    for (let delivery = 0; delivery < 2; delivery++) {
      expect(
        await handlePayPalWebhook(db, paypal, { webhookId: "WH-ID", headers: headers(FAKE_VALID_SIGNATURE), event }),
      ).toMatchObject({ status: 200 });
    }
    expect((await db.select().from(billingRecords).where(eq(billingRecords.id, recordId)))[0]?.status).toBe("paid");
    const fromWebhook = (await db.select().from(billingRecordEvents)).filter((row) => row.note.includes("CAPWEBHOOK1"));
    expect(fromWebhook).toHaveLength(1);
  });
});
