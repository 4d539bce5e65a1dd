import type { Database } from "#db/connection.ts";
import type { PaymentProvider } from "#db/vocabulary.ts";
import type { Env } from "~/env.server.ts";
import { sendMail, type MailSettings } from "~/mail/send-mail.server.ts";
import {
  claimDueTaxDocuments,
  findDocumentOfPayment,
  findTaxDocumentSubject,
  insertTaxDocument,
  recordTaxDocumentAttempt,
  releaseTaxDocumentMail,
  type TaxDocument,
} from "~/models/tax-document.server.ts";
import { logError, logInfo } from "~/server/log.server.ts";
import { CREDIT_NOTE, TAX_INVOICE_RECEIPT } from "#db/vocabulary.ts";
import { createMorningClient, MorningError, type MorningClient } from "./morning-client.server.ts";
import { composeTaxDocumentMail } from "./tax-document-mail.server.ts";

/** Attempts before a document is given up (the operator sees it failed, and why). */
export const MAX_TAX_DOCUMENT_ATTEMPTS = 8;
/** How long a worker holds a document it took: longer than two calls to Morning and an e-mail. */
export const TAX_DOCUMENT_LOCK_MS = 2 * 60 * 1000;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 6 * 60 * 60 * 1000;

/** The wait after the `attempt`-th failure: 1 min, 4 min, 16 min, about 1 h, 4 h, then 6 h. */
export const taxDocumentRetryMs = (attempt: number) => Math.min(FIRST_RETRY_MS * 4 ** (attempt - 1), LONGEST_RETRY_MS);

/**
 * What we send Morning with each payment's document, found again by it when a call's answer was lost:
 * the payment's own id at PayPal or Cardcom, unique across every server and database that shares the Morning account.
 */
export const taxDocumentReference = (captureId: string, provider: PaymentProvider = "paypal") =>
  `alex-${provider}-${captureId}`;

/** The process's Morning client (one, so its token is reused), or null when Morning is not configured. */
let cached: { key: string; client: MorningClient } | undefined;
export function morningClientFor(env: Pick<Env, "MORNING_API_KEY_ID" | "MORNING_API_KEY_SECRET" | "MORNING_BASE_URL">) {
  if (!env.MORNING_API_KEY_ID || !env.MORNING_API_KEY_SECRET) return null;
  const config = {
    apiKeyId: env.MORNING_API_KEY_ID,
    apiKeySecret: env.MORNING_API_KEY_SECRET,
    baseUrl: env.MORNING_BASE_URL,
  };
  const key = JSON.stringify(config);
  if (cached?.key !== key) cached = { key, client: createMorningClient(config) };
  return cached.client;
}

/** Queues a captured payment's tax invoice-receipt, in the payment's own transaction; once per payment, whatever repeats. */
export function queueTaxDocument(
  db: Database,
  {
    captureId,
    provider,
    ...payment
  }: {
    clientId: number;
    billingRecordId: number;
    paymentOrderId: number;
    captureId: string;
    provider?: PaymentProvider;
    now: Date;
  },
) {
  return insertTaxDocument(db, {
    ...payment,
    documentType: TAX_INVOICE_RECEIPT,
    reference: taxDocumentReference(captureId, provider),
  });
}

/** What we send Morning with a refund's credit note: its payment's reference, marked as the refund's. */
export const creditNoteReference = (captureId: string, provider: PaymentProvider) =>
  `alex-refund-${provider}-${captureId}`;

/** Queues a refund's credit note (type 330), in the refund's own transaction; once per refund, whatever repeats. */
export function queueCreditNote(
  db: Database,
  {
    captureId,
    provider,
    ...refund
  }: {
    clientId: number;
    billingRecordId: number;
    paymentOrderId: number;
    refundId: number;
    captureId: string;
    provider: PaymentProvider;
    now: Date;
  },
) {
  return insertTaxDocument(db, {
    ...refund,
    documentType: CREDIT_NOTE,
    reference: creditNoteReference(captureId, provider),
  });
}

export type TaxDocumentConfig = {
  morning: MorningClient;
  mail: MailSettings | undefined;
  timeZone: string;
  /** The pay page's origin, for the bill's link in the e-mail. */
  publicUrl: string | undefined;
};

const dayIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Makes the document at Morning, or, when an earlier attempt may have made it (its answer lost to a
 * timeout, the worker stopped), finds it first by our reference: a payment never gets two.
 */
async function issue(db: Database, document: TaxDocument, config: TaxDocumentConfig, now: Date) {
  const subject = await findTaxDocumentSubject(db, document.paymentOrderId);
  if (!subject) throw new MorningError(0, "The payment or its bill is gone");
  const paidOn = dayIn(subject.capturedAt ?? document.createdAt, config.timeZone);
  if (document.attempts > 0) {
    const found = await config.morning.findByReference(document.reference, {
      fromDate: dayIn(new Date(document.createdAt.getTime() - DAY_MS), config.timeZone),
      toDate: dayIn(new Date(now.getTime() + DAY_MS), config.timeZone),
      language: subject.language,
      type: document.documentType,
    });
    if (found) return { document: found, subject };
  }
  const request = {
    reference: document.reference,
    clientName: subject.businessName,
    language: subject.language,
    currency: subject.currency,
    vatExempt: subject.vatRateBasisPoints === 0,
    lines: [
      { description: `Alex ${subject.billingPeriod}: monthly fee`, netMinor: subject.baseFeeCents },
      ...(subject.usageFeesCents > 0
        ? [{ description: `Alex ${subject.billingPeriod}: usage`, netMinor: subject.usageFeesCents }]
        : []),
    ],
    grossMinor: subject.totalCents,
    paidOn,
    description: `Alex ${subject.billingPeriod}`,
  };
  if (document.documentType === CREDIT_NOTE) {
    // Linked to the payment's invoice-receipt: one still on its way is waited for, one that failed is not.
    const invoice = await findDocumentOfPayment(db, document.paymentOrderId, TAX_INVOICE_RECEIPT);
    if (invoice?.status === "pending") throw new MorningError(0, "The invoice-receipt it cancels is not issued yet");
    const made = await config.morning.createCreditNote({
      ...request,
      paidOn: dayIn(document.createdAt, config.timeZone),
      linkedDocumentId: invoice?.morningId ?? null,
    });
    return { document: made, subject };
  }
  const made = await config.morning.createInvoiceReceipt({ ...request, paidBy: subject.provider });
  return { document: made, subject };
}

/** One document: issued (then e-mailed), or its failure logged and retried with backoff until the last attempt. */
async function work(db: Database, document: TaxDocument, config: TaxDocumentConfig, now: Date) {
  if (document.status === "pending") {
    const number = document.attempts + 1;
    try {
      const { document: made } = await issue(db, document, config, now);
      await recordTaxDocumentAttempt(
        db,
        document,
        number,
        {
          ok: true,
          statusCode: 201,
          error: null,
          changes: {
            status: "issued",
            morningId: made.id,
            documentNumber: made.number,
            pdfUrl: made.pdfUrl,
            issuedAt: now,
            lastError: null,
            nextAttemptAt: config.mail ? now : null,
          },
        },
        now,
      );
      logInfo("tax_document.issued", { event: "tax_document.issued", taxDocumentId: document.id, number: made.number });
      Object.assign(document, { status: "issued", documentNumber: made.number, pdfUrl: made.pdfUrl });
    } catch (error) {
      if (!(error instanceof MorningError)) throw error;
      const retry = number < MAX_TAX_DOCUMENT_ATTEMPTS;
      await recordTaxDocumentAttempt(
        db,
        document,
        number,
        {
          ok: false,
          statusCode: error.status || null,
          error: error.message.slice(0, 300),
          changes: {
            status: retry ? "pending" : "failed",
            nextAttemptAt: retry ? new Date(now.getTime() + taxDocumentRetryMs(number)) : null,
            lastError: error.message.slice(0, 300),
          },
        },
        now,
      );
      logError(error, {
        event: "tax_document.failed",
        taxDocumentId: document.id,
        attempt: number,
        status: error.status,
      });
      return;
    }
  }
  await mailDocument(db, document, config, now);
}

/** E-mails an issued document to the business in its language; a refused e-mail is tried again later. */
async function mailDocument(db: Database, document: TaxDocument, config: TaxDocumentConfig, now: Date) {
  if (!config.mail)
    return releaseTaxDocumentMail(db, document.id, { mailedAt: null, nextAttemptAt: null, lastError: null });
  const subject = await findTaxDocumentSubject(db, document.paymentOrderId);
  if (!subject)
    return releaseTaxDocumentMail(db, document.id, { mailedAt: null, nextAttemptAt: null, lastError: null });
  const mail = await composeTaxDocumentMail(
    {
      ...subject,
      documentNumber: document.documentNumber ?? "",
      pdfUrl: document.pdfUrl,
      creditNote: document.documentType === CREDIT_NOTE,
    },
    { publicUrl: config.publicUrl },
  );
  const sent = await sendMail(config.mail, { to: subject.email, ...mail });
  await releaseTaxDocumentMail(db, document.id, {
    mailedAt: sent.ok ? now : null,
    nextAttemptAt: sent.ok ? null : new Date(now.getTime() + taxDocumentRetryMs(1)),
    lastError: sent.ok ? null : `E-mail: ${sent.error ?? "refused"}`,
  });
}

/** One round: every due document this worker could take, one after another. Safe to run on several servers at once. */
export async function issueDueTaxDocuments(
  db: Database,
  config: TaxDocumentConfig,
  { now = new Date(), limit = 20 }: { now?: Date; limit?: number } = {},
) {
  const claimed = await claimDueTaxDocuments(db, {
    now,
    lockedUntil: new Date(now.getTime() + TAX_DOCUMENT_LOCK_MS),
    limit,
  });
  for (const document of claimed) await work(db, document, config, now);
  return { attempted: claimed.length };
}
