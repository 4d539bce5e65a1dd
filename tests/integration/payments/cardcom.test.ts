import { and, eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "#db/connection.ts";
import { billingRecords, cardChargeAttempts, clients, paymentOrders, taxDocuments } from "#db/schema.ts";
import { generateBills } from "~/billing/billing.server.ts";
import { createCardcomClient, type CardcomClient } from "~/payments/cardcom-client.server.ts";
import { settleLowProfile, startCardPayment } from "~/payments/card-payments.server.ts";
import { cardChargeId, chargeDueRenewals, type CardRenewalConfig } from "~/payments/card-renewals.server.ts";
import { listCardOverdueClientIds } from "~/models/card-payment.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import {
  APPROVED_CARD,
  CARDCOM_STAND_IN_TERMINAL,
  DECLINED_CARD,
  startCardcomStandIn,
  type CardcomStandIn,
} from "../../support/cardcom-stand-in.ts";
import { mailTo, startMailbox, type Mailbox } from "../../support/mailbox.ts";
import { operatorCookieOn, startServer, type RunningServer } from "../../support/server.ts";

let standIn: CardcomStandIn;
let cardcom: CardcomClient;
let mailbox: Mailbox;
const mails: ParsedMail[] = [];
const timeZone = "Asia/Jerusalem";
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  [standIn, mailbox] = await Promise.all([startCardcomStandIn(), startMailbox(mails)]);
  cardcom = createCardcomClient({ ...CARDCOM_STAND_IN_TERMINAL, baseUrl: standIn.url });
});

afterAll(async () => {
  await Promise.all([standIn?.close(), mailbox?.close()]);
});

const lowProfileIdOf = (url: string) => new URL(url).pathname.split("/").at(-1)!;

describe.each(testDrivers)("paying by Israeli card through Cardcom on %s", (driver) => {
  let handle: DatabaseHandle;
  let db: Database;
  let clientId: number;
  const email = `cards-${driver}@example.com`;
  let renewal: CardRenewalConfig;

  const billOf = async (period: string) =>
    (
      await db
        .select()
        .from(billingRecords)
        .where(and(eq(billingRecords.clientId, clientId), eq(billingRecords.billingPeriod, period)))
    )[0]!;
  const clientRow = async () => (await db.select().from(clients).where(eq(clients.id, clientId)))[0]!;

  /** Opens the bill's deal and answers its Low Profile id. */
  async function openDeal(payToken: string, now: Date) {
    const started = await startCardPayment(db, cardcom, {
      payToken,
      origin: "http://alex.invalid",
      language: "he",
      timeZone,
      now,
    });
    if (!("url" in started)) throw new Error(started.error);
    return lowProfileIdOf(started.url);
  }

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
    const [client] = await db
      .insert(clients)
      .values({
        businessName: `כרטיס ${driver}`,
        ownerEmail: email,
        websiteDomain: `cards-${driver}.example`,
        businessType: "services",
        licenseKey: `alex_cards_${driver}`.padEnd(35, "0"),
        billingCurrency: "ILS",
        monthlyFeeCents: 185_00,
        language: "he",
        createdAt: new Date("2026-01-10T00:00:00Z"),
      })
      .returning();
    clientId = client!.id;
    renewal = {
      cardcom,
      mail: { smtpUrl: mailbox.url, from: "Alex <billing@alex.example>" },
      publicUrl: "https://alex.example",
    };
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("pays a shekel bill once: one payment, the bill paid, the card's token saved, a tax document queued", async () => {
    const paidAt = new Date("2026-04-02T08:00:00Z");
    await generateBills(db, { period: "2026-03", timeZone, now: paidAt });
    const bill = await billOf("2026-03");
    expect(bill).toMatchObject({ currency: "ILS", vatRateBasisPoints: 1800, totalCents: 218_30 });

    const lowProfileId = await openDeal(bill.payToken, paidAt);
    expect(standIn.deals.get(lowProfileId)).toMatchObject({ amount: 218.3, coinId: 1, returnValue: `bill-${bill.id}` });
    // Before the payer pays, Cardcom says the deal is not complete: nothing is recorded.
    expect(await settleLowProfile(db, cardcom, lowProfileId, paidAt)).toMatchObject({ status: 402 });
    expect((await billOf("2026-03")).status).toBe("pending");

    expect((await standIn.payDeal(lowProfileId, APPROVED_CARD)).status).toBe(302);
    // The return and the webhook both settle it; a repeat of either changes nothing.
    const outcomes = await Promise.all([
      settleLowProfile(db, cardcom, lowProfileId, paidAt),
      settleLowProfile(db, cardcom, lowProfileId, paidAt),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([200, 200]);
    expect(await settleLowProfile(db, cardcom, lowProfileId, paidAt)).toMatchObject({ status: 200 });

    const orders = await db.select().from(paymentOrders).where(eq(paymentOrders.billingRecordId, bill.id));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ provider: "cardcom", status: "COMPLETED", amountCents: 218_30, currency: "ILS" });
    expect((await billOf("2026-03")).status).toBe("paid");
    const client = await clientRow();
    expect(client).toMatchObject({ cardLastDigits: "0000", cardExpiry: "1230" });
    expect(client.cardToken).toMatch(/^[0-9a-f-]{36}$/);
    // Only the token and four digits: no column anywhere holds the card number.
    expect(JSON.stringify(client)).not.toContain(APPROVED_CARD);
    expect(JSON.stringify(orders)).not.toContain(APPROVED_CARD);
    const documents = await db.select().from(taxDocuments).where(eq(taxDocuments.billingRecordId, bill.id));
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({ status: "pending", reference: `alex-cardcom-${orders[0]!.captureId}` });
  });

  it("ignores a forged deal, a deal it never opened, and a declined card", async () => {
    expect(await settleLowProfile(db, cardcom, crypto.randomUUID())).toEqual({
      status: 404,
      error: "errors.orderNotFound",
    });
    const declinedAt = new Date("2026-05-03T08:00:00Z");
    await generateBills(db, { period: "2026-04", timeZone, now: declinedAt });
    const bill = await billOf("2026-04");
    const lowProfileId = await openDeal(bill.payToken, declinedAt);
    expect((await standIn.payDeal(lowProfileId, DECLINED_CARD)).headers.get("location")).toContain("card=failed");
    expect(await settleLowProfile(db, cardcom, lowProfileId, declinedAt)).toMatchObject({ status: 402 });
    expect((await billOf("2026-04")).status).toBe("pending");
    // A deal for another bill's amount cannot pay this one: GetLpResult's ReturnValue and amount must match ours.
    const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, lowProfileId));
    expect(order?.captureId).toBeNull();
    // The same month, refused at the processor: the card stays the one saved before.
    expect((await clientRow()).cardLastDigits).toBe("0000");
  });

  it("charges April's unpaid bill to the saved token on the billing day, once however often the job runs", async () => {
    const billingDay = new Date("2026-05-01T06:00:00Z");
    const bill = await billOf("2026-04");
    const chargesBefore = standIn.charges.length;
    expect(await chargeDueRenewals(db, renewal, { now: billingDay, timeZone })).toMatchObject({ charged: 1 });
    expect(await chargeDueRenewals(db, renewal, { now: new Date(billingDay.getTime() + DAY), timeZone })).toMatchObject(
      {
        charged: 0,
        declined: 0,
      },
    );
    expect(standIn.charges.slice(chargesBefore)).toEqual([
      expect.objectContaining({ amount: 218.3, coinId: 1, responseCode: 0, uniqueId: cardChargeId(bill.payToken, 1) }),
    ]);
    expect((await billOf("2026-04")).status).toBe("paid");
    const attempts = await db.select().from(cardChargeAttempts).where(eq(cardChargeAttempts.billingRecordId, bill.id));
    expect(attempts).toEqual([expect.objectContaining({ attempt: 1, status: "approved" })]);
    const documents = await db.select().from(taxDocuments).where(eq(taxDocuments.billingRecordId, bill.id));
    expect(documents).toHaveLength(1);
  });

  it("retries a declined card after 1, 3 and 7 days, e-mails each time in Hebrew, then the client is overdue", async () => {
    const billingDay = new Date("2026-06-01T06:00:00Z");
    await generateBills(db, { period: "2026-05", timeZone, now: billingDay });
    const bill = await billOf("2026-05");
    standIn.failToken((await clientRow()).cardToken!, "declined");
    const mailsBefore = mails.length;
    const run = (days: number) =>
      chargeDueRenewals(db, renewal, { now: new Date(billingDay.getTime() + days * DAY), timeZone });

    expect(await run(0)).toMatchObject({ declined: 1, overdue: 0 });
    const first = await mailTo(mails, email, { after: mailsBefore });
    expect(first.subject).toContain("נדחה");
    expect(first.text).toContain("ננסה שוב");
    expect(first.text).toContain("https://alex.example/pay/");
    // Not yet due: nothing is charged on the same day, nor before the next retry's day.
    expect(await run(0.5)).toMatchObject({ declined: 0 });
    expect(await run(1)).toMatchObject({ declined: 1 });
    expect(await run(2)).toMatchObject({ declined: 0 });
    expect(await run(3)).toMatchObject({ declined: 1 });
    expect(await listCardOverdueClientIds(db, [clientId], 4)).toEqual(new Set());
    expect(await run(7)).toMatchObject({ declined: 1, overdue: 1 });
    expect(await run(14)).toMatchObject({ declined: 0 });

    const attempts = await db.select().from(cardChargeAttempts).where(eq(cardChargeAttempts.billingRecordId, bill.id));
    expect(attempts.map((attempt) => [attempt.attempt, attempt.status, attempt.responseCode])).toEqual([
      [1, "declined", 4],
      [2, "declined", 4],
      [3, "declined", 4],
      [4, "declined", 4],
    ]);
    expect(attempts.every((attempt) => attempt.mailedAt)).toBe(true);
    expect(
      new Set(
        standIn.charges
          .filter((charge) => charge.uniqueId.startsWith(cardChargeId(bill.payToken, 0).slice(0, -1)))
          .map((charge) => charge.uniqueId),
      ).size,
    ).toBe(4);
    const toBusiness = mails.slice(mailsBefore).filter((mail) => JSON.stringify(mail.to).includes(email));
    expect(toBusiness).toHaveLength(4);
    expect(toBusiness.at(-1)!.text).toContain("הניסיון האחרון");
    expect((await billOf("2026-05")).status).toBe("overdue");
    expect(await listCardOverdueClientIds(db, [clientId], 4)).toEqual(new Set([clientId]));
  });

  it("an expired token is declined as expired", async () => {
    const billingDay = new Date("2026-07-01T06:00:00Z");
    await generateBills(db, { period: "2026-06", timeZone, now: billingDay });
    standIn.failToken((await clientRow()).cardToken!, "expired");
    expect(await chargeDueRenewals(db, { ...renewal, mail: undefined }, { now: billingDay, timeZone })).toMatchObject({
      declined: 1,
    });
    const bill = await billOf("2026-06");
    const [attempt] = await db.select().from(cardChargeAttempts).where(eq(cardChargeAttempts.billingRecordId, bill.id));
    expect(attempt).toMatchObject({ status: "declined", responseCode: 36, message: "Card expired", mailedAt: null });
  });
});

describe("the pay page and Cardcom's webhook over HTTP", () => {
  let server: RunningServer;
  let standInForServer: CardcomStandIn;
  let payToken = "";

  beforeAll(async () => {
    standInForServer = await startCardcomStandIn();
    server = await startServer(
      {
        CARDCOM_TERMINAL_NUMBER: String(CARDCOM_STAND_IN_TERMINAL.terminalNumber),
        CARDCOM_API_NAME: CARDCOM_STAND_IN_TERMINAL.apiName,
        CARDCOM_BASE_URL: standInForServer.url,
      },
      {
        prepareDatabase: async (db) => {
          const [client] = await db
            .insert(clients)
            .values({
              businessName: "מספרת הכרטיס",
              ownerEmail: "http-cards@example.com",
              websiteDomain: "http-cards.example",
              businessType: "services",
              licenseKey: "alex_httpcards".padEnd(35, "0"),
              billingCurrency: "ILS",
              monthlyFeeCents: 185_00,
              createdAt: new Date("2025-01-10T00:00:00Z"),
            })
            .returning();
          await generateBills(db, { period: "2025-03", timeZone, now: new Date("2025-04-02T00:00:00Z") });
          const [bill] = await db.select().from(billingRecords).where(eq(billingRecords.clientId, client!.id));
          payToken = bill!.payToken;
          // Another client whose saved card was declined to the last retry, and one still being retried.
          for (const [name, lastAttempt] of [
            ["Declined To The End", 4],
            ["Still Retrying", 2],
          ] as const) {
            const [declined] = await db
              .insert(clients)
              .values({
                businessName: name,
                ownerEmail: "declined@example.com",
                websiteDomain: `${lastAttempt}.declined.example`,
                businessType: "services",
                licenseKey: `alex_declined${lastAttempt}`.padEnd(35, "0"),
                cardToken: crypto.randomUUID(),
                cardLastDigits: "4242",
                cardExpiry: "1230",
                createdAt: new Date("2025-01-10T00:00:00Z"),
              })
              .returning();
            await generateBills(db, {
              period: "2025-03",
              timeZone,
              now: new Date("2025-04-02T00:00:00Z"),
              clientId: declined!.id,
            });
            const [declinedBill] = await db
              .select()
              .from(billingRecords)
              .where(eq(billingRecords.clientId, declined!.id));
            await db.insert(cardChargeAttempts).values(
              Array.from({ length: lastAttempt }, (_, index) => ({
                billingRecordId: declinedBill!.id,
                clientId: declined!.id,
                attempt: index + 1,
                status: "declined" as const,
                amountCents: declinedBill!.totalCents,
                currency: declinedBill!.currency,
                responseCode: 4,
              })),
            );
          }
        },
      },
    );
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await standInForServer?.close();
  });

  const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(new URL(path, server.url), { method: "POST", body, headers, redirect: "manual" });

  it("refuses bad input with a clear 4xx in Hebrew and English, writing nothing", async () => {
    for (const [language, text] of [
      ["he", "פעולה לא מוכרת."],
      ["en", "Unknown action."],
    ] as const) {
      const refused = await post(`/pay/${payToken}?lng=${language}`, new URLSearchParams({ intent: "steal" }));
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(text);
    }
    const unknown = await post(`/pay/${"a".repeat(64)}?lng=en`, new URLSearchParams({ intent: "card" }));
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("This bill does not exist.");
    for (const [language, text] of [
      ["he", "ההודעה חייבת לציין עסקת Low Profile."],
      ["en", "The notification must name a Low Profile deal."],
    ] as const) {
      const webhook = await post(`/api/cardcom/webhook?lng=${language}`, JSON.stringify({ LowProfileId: "<script>" }), {
        "Content-Type": "application/json",
      });
      expect(webhook.status).toBe(400);
      expect(((await webhook.json()) as { error: string }).error).toBe(text);
    }
    expect(standInForServer.deals.size).toBe(0);
  });

  it("shows the operator which clients' cards were declined to the last retry", async () => {
    const cookie = await operatorCookieOn(server);
    for (const [language, badge] of [
      ["en", "Card declined: overdue"],
      ["he", "הכרטיס נדחה: בפיגור"],
    ] as const) {
      const page = await fetch(new URL(`/admin/clients?lng=${language}`, server.url), { headers: { Cookie: cookie } });
      // Each client's row, as the table renders it (the page's data follows the markup).
      const markup = (await page.text()).split("<script")[0]!;
      const rowOf = (name: string) => markup.split("<tr").find((row) => row.includes(`>${name}<`)) ?? "";
      expect(rowOf("Declined To The End")).toContain(badge);
      expect(rowOf("Still Retrying")).not.toContain(badge);
      expect(rowOf("Still Retrying")).toContain("Still Retrying");
    }
  });

  it("sends the payer to Cardcom, settles from the webhook, and ignores forged and replayed calls", async () => {
    const started = await post(`/pay/${payToken}?lng=en`, new URLSearchParams({ intent: "card" }));
    expect(started.status).toBe(302);
    const location = started.headers.get("location")!;
    expect(location.startsWith(`${standInForServer.url}/pay/`)).toBe(true);
    const lowProfileId = lowProfileIdOf(location);

    // A forged notification of an open deal: Cardcom says it is not paid, so nothing is.
    const forged = await post("/api/cardcom/webhook", JSON.stringify({ LowProfileId: lowProfileId, ResponseCode: 0 }), {
      "Content-Type": "application/json",
    });
    expect(forged.status).toBe(402);
    const stranger = await post("/api/cardcom/webhook", JSON.stringify({ LowProfileId: crypto.randomUUID() }), {
      "Content-Type": "application/json",
    });
    expect(await stranger.json()).toEqual({ received: true, known: false });
    const before = await fetch(new URL(`/pay/${payToken}?lng=en`, server.url));
    expect(await before.text()).toContain("Pay by Israeli card");

    const paid = await standInForServer.payDeal(lowProfileId);
    expect(paid.headers.get("location")).toBe(`${server.url}/pay/${payToken}?card=return`);
    expect(standInForServer.webhooks).toEqual([{ lowProfileId, status: 200 }]);
    const replayed = await post("/api/cardcom/webhook", `lowprofilecode=${lowProfileId}`, {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(replayed.status).toBe(200);

    const page = await fetch(new URL(`/pay/${payToken}?card=return&lng=en`, server.url));
    const html = await page.text();
    expect(html).toContain("This bill is paid. Thank you!");
    expect(html).not.toContain("Pay by Israeli card");
  });
});
