import type { Database } from "#db/connection.ts";
import type { Env } from "~/env.server.ts";
import { hasEnded, type BillingPeriod } from "~/billing/periods.ts";
import {
  findBillingRecord,
  findBillingRecordByPayToken,
  findPaymentOrder,
  insertBillingEvents,
  insertPaymentOrder,
  markBillingRecordPaid,
  recordPaymentCapture,
  updatePaymentOrderStatus,
} from "~/models/billing.server.ts";
import { findLatestCardOrderOfBill, saveClientCard } from "~/models/card-payment.server.ts";
import { logError, logInfo } from "~/server/log.server.ts";
import { queueTaxDocument } from "~/tax-documents/tax-documents.server.ts";
import {
  CardcomError,
  createCardcomClient,
  type CardcomClient,
  type LowProfileResult,
} from "./cardcom-client.server.ts";
import type { PaymentOutcome } from "./payments.server.ts";

let cached: { key: string; client: CardcomClient } | undefined;

/** The process's Cardcom client, or null when Cardcom is not configured (the card option is then not offered). */
export function cardcomClientFor(
  env: Pick<Env, "CARDCOM_TERMINAL_NUMBER" | "CARDCOM_API_NAME" | "CARDCOM_API_PASSWORD" | "CARDCOM_BASE_URL">,
): CardcomClient | null {
  if (!env.CARDCOM_TERMINAL_NUMBER || !env.CARDCOM_API_NAME) return null;
  const config = {
    terminalNumber: env.CARDCOM_TERMINAL_NUMBER,
    apiName: env.CARDCOM_API_NAME,
    apiPassword: env.CARDCOM_API_PASSWORD,
    baseUrl: env.CARDCOM_BASE_URL,
  };
  const key = JSON.stringify(config);
  if (cached?.key !== key) cached = { key, client: createCardcomClient(config) };
  return cached.client;
}

/** What we give Cardcom as `ReturnValue`, and expect back from GetLpResult: the bill the deal pays. */
export const cardPaymentReference = (billingRecordId: number) => `bill-${billingRecordId}`;

/** Cardcom's Low Profile ids are GUIDs. */
export const LOW_PROFILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A card's expiry as Cardcom's charge wants it (MMYY), from the month and year on its result. */
const expiryOf = (month: number, year: number) =>
  `${String(month).padStart(2, "0")}${String(year % 100).padStart(2, "0")}`;

/**
 * Opens a Low Profile deal for an unpaid bill (amount and currency from the record) and answers the
 * address of Cardcom's page; the payer comes back to the bill's pay page, and Cardcom calls our webhook.
 */
export async function startCardPayment(
  db: Database,
  cardcom: CardcomClient,
  {
    payToken,
    origin,
    language,
    timeZone,
    now = new Date(),
  }: { payToken: string; origin: string; language: string; timeZone: string; now?: Date },
): Promise<{ url: string } | { status: number; error: string }> {
  const record = await findBillingRecordByPayToken(db, payToken);
  if (!record) return { status: 404, error: "errors.billNotFound" };
  if (record.status === "paid") return { status: 409, error: "errors.alreadyPaid" };
  if (!hasEnded(record.billingPeriod as BillingPeriod, now, timeZone))
    return { status: 409, error: "errors.monthNotEnded" };
  const payPage = new URL(`/pay/${payToken}`, origin);
  try {
    const deal = await cardcom.createLowProfile({
      amountCents: record.totalCents,
      currency: record.currency,
      returnValue: cardPaymentReference(record.id),
      successUrl: `${payPage.href}?card=return`,
      failedUrl: `${payPage.href}?card=failed`,
      webhookUrl: new URL("/api/cardcom/webhook", origin).href,
      productName: `Alex ${record.billingPeriod}`,
      language,
    });
    await insertPaymentOrder(db, {
      provider: "cardcom",
      clientId: record.clientId,
      billingRecordId: record.id,
      providerOrderId: deal.lowProfileId,
      amountCents: record.totalCents,
      currency: record.currency,
      status: "CREATED",
      providerResponse: deal,
    });
    return { url: deal.url };
  } catch (error) {
    return cardcomFailure(error, { step: "create-low-profile", billingRecordId: record.id });
  }
}

/**
 * Settles a Low Profile deal from what Cardcom's GetLpResult says (the browser's return and the
 * webhook only tell us to ask): a charge of the bill's amount, for this bill, records the payment,
 * marks the bill paid, saves the card's token and queues the tax document, once; anything else changes
 * nothing. A deal we never opened is not looked up at all.
 */
export async function settleLowProfile(
  db: Database,
  cardcom: CardcomClient,
  lowProfileId: string,
  now = new Date(),
): Promise<PaymentOutcome> {
  const order = await findPaymentOrder(db, lowProfileId);
  if (order?.provider !== "cardcom" || !order.billingRecordId) return { status: 404, error: "errors.orderNotFound" };
  if (order.captureId) return { status: 200, body: { status: "COMPLETED", dealId: order.captureId } };
  let result: LowProfileResult;
  try {
    result = await cardcom.getLowProfileResult(lowProfileId);
  } catch (error) {
    return cardcomFailure(error, { step: "get-lp-result", lowProfileId });
  }
  const deal = result.TranzactionInfo;
  const charged =
    result.ResponseCode === 0 &&
    (result.LowProfileId ?? lowProfileId) === lowProfileId &&
    result.ReturnValue === cardPaymentReference(order.billingRecordId) &&
    deal?.ResponseCode === 0 &&
    Math.round(deal.Amount * 100) === order.amountCents;
  if (!charged || !deal) {
    await updatePaymentOrderStatus(db, lowProfileId, "NOT_CHARGED", result);
    return { status: 402, error: "errors.cardNotCharged", issue: String(deal?.ResponseCode ?? result.ResponseCode) };
  }
  const token = result.TokenInfo;
  const month = token?.CardMonth ?? deal.CardMonth;
  const year = token?.CardYear ?? deal.CardYear;
  const settled = await settleCardCharge(db, {
    providerOrderId: lowProfileId,
    dealId: String(deal.TranzactionId),
    // Only what a renewal needs: the token, four digits and the expiry (never a card number).
    response: { ResponseCode: result.ResponseCode, TranzactionId: deal.TranzactionId, Amount: deal.Amount },
    card:
      token && month && year
        ? { token: token.Token, lastDigits: deal.Last4CardDigitsString ?? null, expiry: expiryOf(month, year) }
        : undefined,
    now,
  });
  return { status: 200, body: { status: "COMPLETED", dealId: String(deal.TranzactionId), settled } };
}

/**
 * Records a card charge on its payment order, marks its bill paid, queues its tax document (as
 * PayPal's capture does) and saves the card, in one transaction; a deal seen before changes nothing.
 */
export async function settleCardCharge(
  db: Database,
  {
    providerOrderId,
    dealId,
    response,
    card,
    now,
  }: {
    providerOrderId: string;
    dealId: string;
    response: unknown;
    card?: { token: string; lastDigits: string | null; expiry: string };
    now: Date;
  },
) {
  return db.transaction(async (tx) => {
    const order = await recordPaymentCapture(tx, {
      providerOrderId,
      captureId: dealId,
      status: "COMPLETED",
      providerResponse: response,
      now,
    });
    if (!order?.billingRecordId || order.clientId === null) return false;
    await queueTaxDocument(tx, {
      clientId: order.clientId,
      billingRecordId: order.billingRecordId,
      paymentOrderId: order.id,
      captureId: dealId,
      provider: "cardcom",
      now,
    });
    if (card) await saveClientCard(tx, order.clientId, { ...card, now });
    const record = await markBillingRecordPaid(tx, order.billingRecordId, now);
    if (record) {
      await insertBillingEvents(tx, [
        {
          billingRecordId: record.id,
          clientId: record.clientId,
          kind: "paid_card",
          totalCents: record.totalCents,
          note: `Cardcom deal ${dealId}`,
          now,
        },
      ]);
      logInfo("payment.card_charged", { event: "payment.card_charged", billingRecordId: record.id, dealId });
    }
    return true;
  });
}

/** The bill whose pay page a payer came back to: its last Low Profile deal, settled from Cardcom's answer. */
export async function settleReturningPayer(db: Database, cardcom: CardcomClient, billingRecordId: number) {
  const record = await findBillingRecord(db, billingRecordId);
  if (!record || record.status === "paid") return null;
  const order = await findLatestCardOrderOfBill(db, billingRecordId);
  return order && !order.captureId ? settleLowProfile(db, cardcom, order.providerOrderId) : null;
}

/** Cardcom unreachable or unreadable: logged, and a 502 with a clear message. */
export function cardcomFailure(error: unknown, fields: Record<string, unknown>): { status: number; error: string } {
  if (!(error instanceof CardcomError)) throw error;
  logError(error, { event: "cardcom.error", status: error.status, ...fields });
  return { status: 502, error: "errors.cardcomFailed" };
}
