import type { Database } from "#db/connection.ts";
import type { ClientLanguage } from "#db/vocabulary.ts";
import { formatPeriod } from "~/billing/format-period.ts";
import { periodOf, shiftPeriod } from "~/billing/periods.ts";
import { directionOf } from "~/i18n/config.ts";
import { getI18nInstance } from "~/i18n/middleware.server.ts";
import { formatCents, formatDate } from "~/lib/format.ts";
import { sendMail, type MailSettings } from "~/mail/send-mail.server.ts";
import { insertBillingEvents, insertPaymentOrder } from "~/models/billing.server.ts";
import {
  claimCardChargeAttempt,
  finishCardChargeAttempt,
  listRenewableBills,
  markBillOverdue,
  markCardChargeMailed,
} from "~/models/card-payment.server.ts";
import { logError, logInfo } from "~/server/log.server.ts";
import { CardcomError, type CardcomClient } from "./cardcom-client.server.ts";
import { settleCardCharge } from "./card-payments.server.ts";

/** Days after the first (billing-day) charge that a declined card is tried again; after the last, the bill is overdue. */
export const CARD_RETRY_DAYS = [1, 3, 7] as const;
export const LAST_CARD_ATTEMPT = CARD_RETRY_DAYS.length + 1;
/** The job runs once a day at the same time: a retry a few minutes short of its day is still that day's. */
const DUE_SLACK_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back an unpaid bill is still charged to the card: the last three months. */
const MONTHS_CHARGED = 3;

export type CardRenewalConfig = {
  cardcom: CardcomClient;
  mail: MailSettings | undefined;
  publicUrl: string | undefined;
};

/**
 * What Cardcom knows each charge by (`ExternalUniqTranId`): the bill and the attempt. Cardcom answers
 * a repeat with the first deal's result, so an attempt resent after a lost answer is not charged twice.
 * The bill is named by its random pay token, not its serial id: two databases sharing a terminal (a
 * staging copy) number their bills alike, and one's charge must never answer for the other's.
 */
export const cardChargeId = (payToken: string, attempt: number) => `alex-${payToken.slice(0, 24)}-${attempt}`;

type RenewableBill = Awaited<ReturnType<typeof listRenewableBills>>[number];

/** The attempt a bill is due for now, or null: the first on the billing day, then 1, 3 and 7 days after it. */
function dueAttempt(bill: RenewableBill, now: Date) {
  const { attempts } = bill;
  if (attempts.some((attempt) => attempt.status === "approved")) return null;
  const last = attempts.at(-1);
  // A charge cut off before Cardcom's answer is resent under its own id: Cardcom tells what became of it.
  if (last?.status === "charging") return { number: last.attempt, resend: last.id };
  const number = attempts.length + 1;
  if (number > LAST_CARD_ATTEMPT) return null;
  if (number === 1) return { number, resend: null };
  const dueAt = attempts[0]!.createdAt.getTime() + CARD_RETRY_DAYS[number - 2]! * DAY_MS - DUE_SLACK_MS;
  return now.getTime() >= dueAt ? { number, resend: null } : null;
}

/**
 * Charges the unpaid bills of clients with a saved card to that card: each attempt is claimed (a
 * row unique per bill and attempt) before Cardcom is called. An approved charge is settled as the
 * hosted page's is (payment, bill paid, tax document); a declined one is logged, the business is
 * e-mailed in its language, and after the last retry the bill is overdue.
 */
export async function chargeDueRenewals(
  db: Database,
  config: CardRenewalConfig,
  { now, timeZone }: { now: Date; timeZone: string },
) {
  const current = periodOf(now, timeZone);
  const periods = Array.from({ length: MONTHS_CHARGED }, (_, index) => shiftPeriod(current, -(index + 1)));
  const counts = { charged: 0, declined: 0, overdue: 0, unreachable: 0 };
  for (const bill of await listRenewableBills(db, periods)) {
    const due = dueAttempt(bill, now);
    if (!due || !bill.cardToken || !bill.cardExpiry) continue;
    const attemptId =
      due.resend ??
      (
        await claimCardChargeAttempt(db, {
          billingRecordId: bill.id,
          clientId: bill.clientId,
          attempt: due.number,
          amountCents: bill.totalCents,
          currency: bill.currency,
          now,
        })
      )?.id;
    if (attemptId === undefined) continue;
    const chargeId = cardChargeId(bill.payToken, due.number);
    let charge;
    try {
      charge = await config.cardcom.chargeToken({
        token: bill.cardToken,
        expiry: bill.cardExpiry,
        amountCents: bill.totalCents,
        currency: bill.currency,
        uniqueId: chargeId,
      });
    } catch (error) {
      if (!(error instanceof CardcomError)) throw error;
      logError(error, { event: "cardcom.renewal_unreachable", billingRecordId: bill.id, attempt: due.number });
      counts.unreachable += 1;
      continue;
    }
    if (charge.ResponseCode === 0 && charge.TranzactionId) {
      const dealId = String(charge.TranzactionId);
      await insertPaymentOrder(db, {
        provider: "cardcom",
        clientId: bill.clientId,
        billingRecordId: bill.id,
        providerOrderId: chargeId,
        amountCents: bill.totalCents,
        currency: bill.currency,
        status: "CREATED",
        providerResponse: null,
      });
      await settleCardCharge(db, { providerOrderId: chargeId, dealId, response: charge, now });
      await finishCardChargeAttempt(db, attemptId, {
        status: "approved",
        dealId,
        responseCode: 0,
        message: charge.Description ?? null,
      });
      counts.charged += 1;
      continue;
    }
    const reason = charge.Description ?? String(charge.ResponseCode);
    await finishCardChargeAttempt(db, attemptId, {
      status: "declined",
      dealId: null,
      responseCode: charge.ResponseCode,
      message: reason,
    });
    const last = due.number >= LAST_CARD_ATTEMPT;
    await insertBillingEvents(db, [
      {
        billingRecordId: bill.id,
        clientId: bill.clientId,
        kind: "card_declined",
        totalCents: bill.totalCents,
        note: `Attempt ${due.number}: ${reason}`,
        now,
      },
    ]);
    counts.declined += 1;
    if (last && (await markBillOverdue(db, bill.id, now))) {
      await insertBillingEvents(db, [
        {
          billingRecordId: bill.id,
          clientId: bill.clientId,
          kind: "overdue",
          totalCents: bill.totalCents,
          note: "Card declined on the last retry",
          now,
        },
      ]);
      counts.overdue += 1;
    }
    logInfo("payment.card_declined", {
      event: "payment.card_declined",
      billingRecordId: bill.id,
      attempt: due.number,
      responseCode: charge.ResponseCode,
    });
    if (!config.mail) continue;
    const retryOn = last ? null : new Date(now.getTime() + CARD_RETRY_DAYS[due.number - 1]! * DAY_MS);
    const mail = await composeDeclinedCardMail(
      { ...bill, reason, retryOn, last },
      { publicUrl: config.publicUrl, timeZone },
    );
    const sent = await sendMail(config.mail, { to: bill.email, ...mail });
    if (sent.ok) await markCardChargeMailed(db, attemptId, now);
    else logError(new Error(sent.error ?? "mail refused"), { event: "cardcom.decline_mail_failed", attemptId });
  }
  return counts;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The business's e-mail about a declined charge, in its language: what was tried, when the next try is, and the pay link. */
export async function composeDeclinedCardMail(
  subject: {
    businessName: string;
    language: ClientLanguage;
    billingPeriod: string;
    totalCents: number;
    currency: string;
    cardLastDigits: string | null;
    payToken: string;
    reason: string;
    retryOn: Date | null;
    last: boolean;
  },
  { publicUrl, timeZone }: { publicUrl: string | undefined; timeZone: string },
) {
  const { language } = subject;
  const t = (await getI18nInstance(language)).getFixedT(language, "billing");
  const period = formatPeriod(subject.billingPeriod, language);
  const link = publicUrl ? new URL(`/pay/${subject.payToken}`, publicUrl).href : "";
  const lines = [
    t("cardMail.hello", { business: subject.businessName }),
    t("cardMail.declined", {
      amount: formatCents(subject.totalCents, language, subject.currency),
      period,
      digits: subject.cardLastDigits ?? "····",
      reason: subject.reason,
    }),
    subject.retryOn
      ? t("cardMail.retry", { date: formatDate(subject.retryOn, language, timeZone) })
      : t("cardMail.last", { link }),
    ...(subject.retryOn && link ? [t("cardMail.payLink", { link })] : []),
  ];
  const text = [...lines, "", t("cardMail.footer")].join("\n");
  const html = `<!doctype html><html lang="${language}" dir="${directionOf(language)}"><body style="font-family:sans-serif">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<p style="color:#666">${escapeHtml(t("cardMail.footer"))}</p></body></html>`;
  return { subject: t("cardMail.subject", { period }), text, html };
}
