import { z } from "zod";

/**
 * A small typed client for the four Cardcom API v11 calls we make (docs/decisions/048-cardcom-low-profile.md):
 * opening a Low Profile deal (Cardcom's hosted payment page, which charges the card and makes a token),
 * reading its result server-side, charging a saved token, and refunding a deal. Over fetch, every answer checked by zod.
 * Cardcom answers HTTP 200 with `ResponseCode` 0 for success and another code (with `Description`) otherwise.
 */
export type CardcomConfig = {
  terminalNumber: number;
  apiName: string;
  apiPassword?: string;
  baseUrl: string;
  timeoutMs?: number;
};

/** Cardcom's currency ids (`ISOCoinId`). */
const COIN_IDS: Record<string, number> = { ILS: 1, USD: 2 };

/** The code Cardcom answers a repeated `ExternalUniqTranId` with when not asked for the first deal's answer. */
export const DUPLICATE_TRANSACTION = 608;

const answer = z.object({ ResponseCode: z.number().int(), Description: z.string().nullish() });
const createResponse = answer.extend({ LowProfileId: z.string().nullish(), Url: z.string().nullish() });
const lpResultResponse = answer.extend({
  LowProfileId: z.string().nullish(),
  ReturnValue: z.string().nullish(),
  TranzactionId: z.number().int().nullish(),
  TokenInfo: z
    .object({
      Token: z.string().min(1),
      TokenExDate: z.string().nullish(),
      CardYear: z.number().int().nullish(),
      CardMonth: z.number().int().nullish(),
    })
    .nullish(),
  TranzactionInfo: z
    .object({
      ResponseCode: z.number().int(),
      Description: z.string().nullish(),
      TranzactionId: z.number().int(),
      Amount: z.number(),
      CoinId: z.number().int().nullish(),
      Last4CardDigitsString: z.string().nullish(),
      Last4CardDigits: z.number().int().nullish(),
      CardMonth: z.number().int().nullish(),
      CardYear: z.number().int().nullish(),
    })
    .nullish(),
});
export type LowProfileResult = z.infer<typeof lpResultResponse>;
const transactionResponse = answer.extend({
  TranzactionId: z.number().int().nullish(),
  Amount: z.number().nullish(),
  Last4CardDigitsString: z.string().nullish(),
});
export type TokenCharge = z.infer<typeof transactionResponse>;

const refundResponse = answer.extend({ NewTranzactionId: z.number().int().nullish() });
export type DealRefund = z.infer<typeof refundResponse>;

/** Cardcom could not be reached, or answered something we cannot read; a refusal is an answer, not this. */
export class CardcomError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "CardcomError";
  }
}

const major = (minor: number) => Math.round(minor) / 100;

export type CardcomClient = ReturnType<typeof createCardcomClient>;

export function createCardcomClient(config: CardcomConfig) {
  const credentials = { TerminalNumber: config.terminalNumber, ApiName: config.apiName };

  async function post<T>(path: string, body: Record<string, unknown>, schema: z.ZodType<T>): Promise<T> {
    let response: Response;
    try {
      response = await fetch(new URL(`/api/v11/${path}`, config.baseUrl), {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ ...credentials, ...body }),
        signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
      });
    } catch (error) {
      throw new CardcomError(0, `Cardcom ${path} unreachable: ${error instanceof Error ? error.message : error}`);
    }
    if (!response.ok) throw new CardcomError(response.status, `Cardcom ${path} answered HTTP ${response.status}`);
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new CardcomError(response.status, `Cardcom ${path} answered an unexpected body`);
    return parsed.data;
  }

  return {
    /** Opens a hosted payment page that charges the amount and saves the card as a token. */
    async createLowProfile(request: {
      amountCents: number;
      currency: string;
      returnValue: string;
      successUrl: string;
      failedUrl: string;
      webhookUrl: string;
      productName: string;
      language: string;
    }) {
      const created = await post(
        "LowProfile/Create",
        {
          Operation: "ChargeAndCreateToken",
          ReturnValue: request.returnValue,
          Amount: major(request.amountCents),
          ISOCoinId: COIN_IDS[request.currency] ?? COIN_IDS.ILS,
          SuccessRedirectUrl: request.successUrl,
          FailedRedirectUrl: request.failedUrl,
          CancelRedirectUrl: request.failedUrl,
          WebHookUrl: request.webhookUrl,
          ProductName: request.productName,
          Language: request.language === "en" ? "en" : "he",
        },
        createResponse,
      );
      if (created.ResponseCode !== 0 || !created.LowProfileId || !created.Url)
        throw new CardcomError(200, `Cardcom refused the deal: ${created.ResponseCode} ${created.Description ?? ""}`);
      return { lowProfileId: created.LowProfileId, url: created.Url };
    },

    /** What happened on the hosted page, from Cardcom itself (never from the browser or the webhook's body). */
    getLowProfileResult: (lowProfileId: string) =>
      post("LowProfile/GetLpResult", { LowProfileId: lowProfileId }, lpResultResponse),

    /**
     * Charges a saved token. `uniqueId` is Cardcom's `ExternalUniqTranId`: Cardcom refuses a second deal
     * with the same id, and answers it with the first deal's result, so a retry after a lost answer
     * never charges twice.
     */
    chargeToken: (request: {
      token: string;
      expiry: string;
      amountCents: number;
      currency: string;
      uniqueId: string;
    }) =>
      post(
        "Transactions/Transaction",
        {
          Amount: major(request.amountCents),
          Token: request.token,
          CardExpirationMMYY: request.expiry,
          ISOCoinId: COIN_IDS[request.currency] ?? COIN_IDS.ILS,
          NumOfPayments: 1,
          ExternalUniqTranId: request.uniqueId,
          ExternalUniqUniqTranIdResponse: true,
          ...(config.apiPassword ? { Advanced: { ApiPassword: config.apiPassword } } : {}),
        },
        transactionResponse,
      ),

    /**
     * Refunds a deal in full (`Transactions/RefundByTransactionId` without `PartialSum`); Cardcom
     * wants the API password for refunds. A refusal is an answer (`ResponseCode` and `Description`).
     */
    refundDeal: (dealId: string) =>
      post(
        "Transactions/RefundByTransactionId",
        {
          TransactionId: Number(dealId),
          CancelOnly: false,
          AllowMultipleRefunds: false,
          ...(config.apiPassword ? { ApiPassword: config.apiPassword } : {}),
        },
        refundResponse,
      ),
  };
}
