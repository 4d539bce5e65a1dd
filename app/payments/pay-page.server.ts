import { data, type RouterContextProvider } from "react-router";
import { computeBills } from "~/billing/billing.server.ts";
import { billDocumentsOf } from "~/billing/billing-page.server.ts";
import { periodBounds, type BillingPeriod } from "~/billing/periods.ts";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { listRefundsOfBills } from "~/models/bill-refund.server.ts";
import { findBillingRecordByPayToken } from "~/models/billing.server.ts";
import { listTaxDocumentsOfBills } from "~/models/tax-document.server.ts";
import { cardcomClientFor, settleReturningPayer } from "./card-payments.server.ts";
import { PAYPAL_SANDBOX_URL, paypalSdkUrl } from "./paypal-client.server.ts";

/** A bill's pay token: 32 random bytes as hex, the only thing the public pay page's address holds. */
export const PAY_TOKEN = /^[0-9a-f]{64}$/;

/**
 * What `/pay/{token}` shows: the bill (its amounts so far while its month runs), its tax documents
 * and refund, and the ways it may be paid now (PayPal, Cardcom's card page). Back from Cardcom, whether
 * it was paid is asked of Cardcom here. An unknown token is a 404.
 */
export async function loadPayPage(context: Readonly<RouterContextProvider>, token: string, url: URL) {
  const t = getTranslator(context);
  const env = context.get(envContext);
  const db = context.get(databaseContext);
  const cardcom = cardcomClientFor(env);
  const cardReturn = url.searchParams.get("card");
  let record = PAY_TOKEN.test(token) ? await findBillingRecordByPayToken(db, token) : undefined;
  if (!record) throw data({ title: t("pay.notFound", { ns: "payments" }) }, { status: 404 });
  // Back from Cardcom's page: whether it was paid is asked of Cardcom, never read from the address.
  let cardNotice: "failed" | "pending" | null = cardReturn === "failed" ? "failed" : null;
  if (cardReturn === "return" && cardcom && record.status !== "paid") {
    const settled = await settleReturningPayer(db, cardcom, record.id);
    record = (await findBillingRecordByPayToken(db, token)) ?? record;
    if (record.status !== "paid") cardNotice = settled && settled.status === 402 ? "failed" : "pending";
  }
  const configured = Boolean(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET);
  const period = record.billingPeriod as BillingPeriod;
  const bounds = periodBounds(period, env.TZ_DISPLAY);
  // A month in progress is not payable yet: its bill grows until the month ends.
  const now = new Date();
  const payableFrom = now >= bounds.end ? null : bounds.end;
  const payable = record.status !== "paid" && payableFrom === null;
  // Its amounts so far come from the messages, as on the billing page: a record stored earlier in the month is already behind.
  const [soFar] = payableFrom
    ? await computeBills(db, { period, timeZone: env.TZ_DISPLAY, usageUntil: now, clientId: record.clientId })
    : [];
  const amounts = soFar ?? record;
  const [documents, [refund]] =
    record.status === "paid"
      ? await Promise.all([listTaxDocumentsOfBills(db, [record.id]), listRefundsOfBills(db, [record.id])])
      : [[], []];
  const { taxDocument, creditNote } = billDocumentsOf(record.id, documents);
  // A payer is told a document is on its way; why Morning refused it is the operator's to see.
  const shown = (document: typeof taxDocument) =>
    document && {
      status: document.status === "issued" ? "issued" : "pending",
      documentNumber: document.documentNumber,
      pdfUrl: document.pdfUrl,
      lastError: null,
    };
  return {
    title: t("pay.title", { ns: "payments" }),
    token,
    bill: {
      businessName: record.businessName,
      period: record.billingPeriod,
      baseFeeCents: amounts.baseFeeCents,
      usageFeesCents: amounts.usageFeesCents,
      vatRateBasisPoints: amounts.vatRateBasisPoints,
      vatCents: amounts.vatCents,
      totalCents: amounts.totalCents,
      currency: soFar?.currency ?? record.currency,
      status: record.status,
      dueAt: bounds.dueAt,
      payableFrom,
    },
    timeZone: env.TZ_DISPLAY,
    taxDocument: shown(taxDocument),
    refunded: refund?.status === "refunded",
    creditNote: shown(creditNote),
    morningConfigured: Boolean(env.MORNING_API_KEY_ID && env.MORNING_API_KEY_SECRET),
    card: cardcom && payable ? { offered: true } : null,
    cardNotice,
    // The client id is public by PayPal's design (it is in the SDK's URL); the secret never leaves the server.
    paypal:
      configured && payable
        ? { clientId: env.PAYPAL_CLIENT_ID!, sdkUrl: paypalSdkUrl(env.PAYPAL_BASE_URL ?? PAYPAL_SANDBOX_URL) }
        : null,
  };
}
