import { z } from "zod";
import { CREDIT_NOTE, TAX_INVOICE_RECEIPT } from "#db/vocabulary.ts";

/**
 * A small typed client for the Morning (Green Invoice) calls we make: a token for our API key, a
 * document, and a search of documents. Over fetch with zod on every answer, like our PayPal client,
 * because the tests talk to a local stand-in (tests/support/morning-stand-in.ts).
 */
export const MORNING_SANDBOX_URL = "https://sandbox.d.greeninvoice.co.il/api/v1";

/** Morning's payment types (PayPal, credit card), and its income VAT types (excluded, exempt). */
const PAYMENT_TYPE_PAYPAL = 5;
const PAYMENT_TYPE_CREDIT_CARD = 3;
const INCOME_VAT_EXCLUDED = 0;
const INCOME_VAT_EXEMPT = 2;

export type MorningConfig = { apiKeyId: string; apiKeySecret: string; baseUrl: string; timeoutMs?: number };

const tokenResponse = z.object({ token: z.string().min(1) });
const documentNumber = z.union([z.string().min(1), z.number().int()]).transform(String);
const documentUrls = z.object({ origin: z.string().optional(), he: z.string().optional(), en: z.string().optional() });
const createdDocument = z.object({ id: z.string().min(1), number: documentNumber, url: documentUrls.optional() });
const searchResponse = z.object({
  items: z.array(
    z.object({
      id: z.string().min(1),
      number: documentNumber,
      remarks: z.string().nullish(),
      url: documentUrls.optional(),
    }),
  ),
});
const errorBody = z.object({
  errorCode: z.union([z.number(), z.string()]).optional(),
  errorMessage: z.string().optional(),
});

export type MorningDocument = { id: string; number: string; pdfUrl: string | null };

/** A refusal or failure from Morning: its HTTP status (0 when no answer came) and its message. */
export class MorningError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "MorningError";
  }
}

/** What a document says: who paid, for what, how much (minor units), when and how; `reference` finds it again. */
export type DocumentRequest = {
  reference: string;
  clientName: string;
  language: "he" | "en";
  currency: string;
  /** Zero-rated (a dollar bill to a business abroad) or VAT on top of the net. */
  vatExempt: boolean;
  lines: { description: string; netMinor: number }[];
  grossMinor: number;
  paidOn: string;
  description: string;
  /** How it was paid: PayPal, or an Israeli card through Cardcom. */
  paidBy?: "paypal" | "cardcom";
};

/** A refund's credit note: the bill's lines again, and the invoice-receipt it cancels (Morning's id) when known. */
export type CreditNoteRequest = Omit<DocumentRequest, "paidBy"> & { linkedDocumentId: string | null };

const REQUEST_TIMEOUT_MS = 15_000;
const major = (minor: number) => minor / 100;

export function createMorningClient(config: MorningConfig, fetchImpl: typeof fetch = fetch) {
  let token: string | undefined;
  const base = config.baseUrl.replace(/\/+$/, "");

  async function call(path: string, body: unknown, auth: boolean): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(auth && token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs ?? REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new MorningError(0, `Morning did not answer: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed };
  }

  const failure = (path: string, status: number, body: unknown) => {
    const error = errorBody.safeParse(body);
    return new MorningError(
      status,
      error.success && error.data.errorMessage ? error.data.errorMessage : `Morning answered ${status} to ${path}`,
    );
  };

  async function authenticate() {
    const answer = await call("/account/token", { id: config.apiKeyId, secret: config.apiKeySecret }, false);
    if (answer.status !== 200) throw failure("/account/token", answer.status, answer.body);
    const parsed = tokenResponse.safeParse(answer.body);
    if (!parsed.success) throw new MorningError(answer.status, "Morning's token answer had an unexpected shape");
    token = parsed.data.token;
  }

  /** A call with our token; an expired one (401) is renewed once and the call sent again. */
  async function send<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    if (!token) await authenticate();
    let answer = await call(path, body, true);
    if (answer.status === 401) {
      await authenticate();
      answer = await call(path, body, true);
    }
    if (answer.status < 200 || answer.status >= 300) throw failure(path, answer.status, answer.body);
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) throw new MorningError(answer.status, `Morning's answer to ${path} had an unexpected shape`);
    return parsed.data;
  }

  const pdfOf = (url: z.infer<typeof documentUrls> | undefined, language: string) =>
    (language === "en" ? url?.en : url?.he) ?? url?.origin ?? null;

  /** What both documents say: who, when, in which language and currency, and the bill's lines before VAT. */
  const documentBody = (type: number, request: DocumentRequest | CreditNoteRequest) => {
    const vatType = request.vatExempt ? INCOME_VAT_EXEMPT : INCOME_VAT_EXCLUDED;
    return {
      type,
      date: request.paidOn,
      lang: request.language,
      currency: request.currency,
      description: request.description,
      remarks: request.reference,
      signed: true,
      rounding: false,
      client: { name: request.clientName, add: false },
      income: request.lines.map((line) => ({
        description: line.description,
        quantity: 1,
        price: major(line.netMinor),
        currency: request.currency,
        vatType,
      })),
    };
  };
  const issue = async (body: Record<string, unknown>, language: string): Promise<MorningDocument> => {
    const created = await send("/documents", body, createdDocument);
    return { id: created.id, number: created.number, pdfUrl: pdfOf(created.url, language) };
  };

  return {
    /** Makes a tax invoice-receipt for a payment. */
    createInvoiceReceipt: (request: DocumentRequest) =>
      issue(
        {
          ...documentBody(TAX_INVOICE_RECEIPT, request),
          payment: [
            {
              type: request.paidBy === "cardcom" ? PAYMENT_TYPE_CREDIT_CARD : PAYMENT_TYPE_PAYPAL,
              date: request.paidOn,
              price: major(request.grossMinor),
              currency: request.currency,
            },
          ],
        },
        request.language,
      ),

    /**
     * Makes a credit note for a refund, linked to the invoice-receipt it cancels (Morning's
     * `linkedDocumentIds` with `linkType` "cancel"), so Morning shows the two together. A credit
     * note has no payment lines: the money went back through the processor.
     */
    createCreditNote: (request: CreditNoteRequest) =>
      issue(
        {
          ...documentBody(CREDIT_NOTE, request),
          ...(request.linkedDocumentId ? { linkedDocumentIds: [request.linkedDocumentId], linkType: "cancel" } : {}),
        },
        request.language,
      ),

    /**
     * The document we sent with this reference, if Morning made it: Morning's search has no filter
     * for our reference, so it reads the type's documents of those days and matches the remarks.
     */
    async findByReference(
      reference: string,
      {
        fromDate,
        toDate,
        language,
        type = TAX_INVOICE_RECEIPT,
      }: { fromDate: string; toDate: string; language: string; type?: number },
    ): Promise<MorningDocument | null> {
      const found = await send(
        "/documents/search",
        { type: [type], fromDate, toDate, page: 1, pageSize: 100 },
        searchResponse,
      );
      const item = found.items.find((document) => document.remarks?.split(/\s+/).includes(reference));
      return item ? { id: item.id, number: item.number, pdfUrl: pdfOf(item.url, language) } : null;
    },
  };
}

export type MorningClient = ReturnType<typeof createMorningClient>;
