import { randomInt, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Cardcom's API v11 and its hosted payment page (docs/decisions/048-cardcom-low-profile.md),
 * answering as Cardcom does: HTTP 200 with `ResponseCode` 0 for success, another code and a `Description` otherwise.
 * - POST /api/v11/LowProfile/Create → `{ ResponseCode, LowProfileId, Url }`; wrong terminal or API name → code 5
 * - GET /pay/{LowProfileId} → the hosted page: a plain form for the card (the only place a card number lives);
 *   its POST charges the card, saves a token, calls the deal's WebHookUrl, and redirects to the success or
 *   failed address (a declined card)
 * - POST /api/v11/LowProfile/GetLpResult `{ LowProfileId }` → the deal's result with TokenInfo and
 *   TranzactionInfo; an unknown id → code 3; a deal not yet paid → code 1000 (not completed)
 * - POST /api/v11/Transactions/Transaction with a Token → a charge; a repeated `ExternalUniqTranId` answers
 *   the first charge's result when `ExternalUniqUniqTranIdResponse` is true, else code 608
 * - POST /api/v11/Transactions/RefundByTransactionId `{ TransactionId, ApiPassword }` (no `PartialSum`: in
 *   full) → `{ ResponseCode: 0, NewTranzactionId }`; no API password → code 5; an unknown deal → code 3; a
 *   refunded one → code 31; `refuseNextRefund` → code 30 with Cardcom's words
 * Declined card numbers (on the page or behind a token) answer code 4; an expired token code 36.
 */
export const CARDCOM_STAND_IN_TERMINAL = { terminalNumber: 1000, apiName: "alex-test-api" };
/** The API password Cardcom wants with a refund. */
export const CARDCOM_STAND_IN_API_PASSWORD = "alex-test-password";
/** Cards the page takes: this one is approved, the other declined. */
export const APPROVED_CARD = "4580000000000000";
export const DECLINED_CARD = "4000000000000002";
const DECLINED = 4;
const EXPIRED = 36;

type Deal = {
  id: string;
  amount: number;
  coinId: number;
  returnValue: string;
  successUrl: string;
  failedUrl: string;
  webhookUrl: string;
  language: string;
  status: "open" | "approved" | "declined";
  tranzactionId?: number;
  token?: string;
  last4?: string;
  month?: number;
  year?: number;
};

type SavedCard = { number: string; month: number; year: number };

export type StandInCharge = {
  token: string;
  amount: number;
  coinId: number;
  uniqueId: string;
  responseCode: number;
  tranzactionId: number | null;
};

export type CardcomStandIn = {
  url: string;
  deals: Map<string, Deal>;
  charges: StandInCharge[];
  /** Every webhook call the stand-in made, and the status our server answered. */
  webhooks: { lowProfileId: string; status: number }[];
  /** From now on the card behind this token is declined (or, `expired`, past its date). */
  failToken: (token: string, how: "declined" | "expired") => void;
  /** Pays a deal as a payer would on the page, without a browser. */
  payDeal: (lowProfileId: string, card?: string) => Promise<Response>;
  /** The refunds Cardcom made: the deal refunded and the refund's own deal. */
  refunds: { tranzactionId: number; newTranzactionId: number }[];
  refuseNextRefund: () => void;
  close: () => Promise<void>;
};

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

async function readText(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function hostedPage(deal: Deal) {
  const he = deal.language === "he";
  const words = he
    ? { title: "תשלום מאובטח", card: "מספר כרטיס", month: "חודש תוקף", year: "שנת תוקף", cvv: "CVV", pay: "לתשלום" }
    : {
        title: "Secure payment",
        card: "Card number",
        month: "Expiry month",
        year: "Expiry year",
        cvv: "CVV",
        pay: "Pay",
      };
  const currency = deal.coinId === 2 ? "$" : "₪";
  return `<!doctype html><html lang="${he ? "he" : "en"}" dir="${he ? "rtl" : "ltr"}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Cardcom stand-in</title>
<style>body{font-family:sans-serif;max-width:24rem;margin:2rem auto;padding:0 1rem}label{display:block;margin-top:1rem}
input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}button{margin-top:1.5rem;width:100%;padding:.75rem;font-size:1rem;background:#0b5;color:#fff;border:0;border-radius:.5rem}</style></head>
<body><h1>${words.title}</h1><p>Cardcom · <bdi>${currency}${deal.amount.toFixed(2)}</bdi></p>
<form method="post"><label>${words.card}<input name="cardNumber" inputmode="numeric" autocomplete="cc-number" required></label>
<label>${words.month}<input name="month" inputmode="numeric" required></label>
<label>${words.year}<input name="year" inputmode="numeric" required></label>
<label>${words.cvv}<input name="cvv" inputmode="numeric" required></label>
<button type="submit">${escapeHtml(words.pay)}</button></form></body></html>`;
}

export async function startCardcomStandIn({ port = 0 }: { port?: number } = {}): Promise<CardcomStandIn> {
  const deals = new Map<string, Deal>();
  const cards = new Map<string, SavedCard>();
  const failing = new Map<string, "declined" | "expired">();
  const charges: StandInCharge[] = [];
  const byUniqueId = new Map<string, Record<string, unknown>>();
  const webhooks: { lowProfileId: string; status: number }[] = [];
  // Cardcom's deal numbers never repeat: each stand-in starts at its own, so specs that start one after
  // another against one server (tests/e2e/israeli-cards.spec.ts, refunds.spec.ts) never record a deal twice.
  let nextTranzaction = randomInt(50_000, 2_000_000_000);
  const refunds: CardcomStandIn["refunds"] = [];
  let refuseNextRefund = false;
  let base = "";

  const lpResult = (deal: Deal) => ({
    ResponseCode: 0,
    Description: "OK",
    LowProfileId: deal.id,
    ReturnValue: deal.returnValue,
    TranzactionId: deal.tranzactionId ?? 0,
    TokenInfo: deal.token
      ? {
          Token: deal.token,
          TokenExDate: `20${deal.year}${String(deal.month).padStart(2, "0")}01`,
          CardYear: 2000 + deal.year!,
          CardMonth: deal.month,
        }
      : null,
    TranzactionInfo:
      deal.status === "open"
        ? null
        : {
            ResponseCode: deal.status === "approved" ? 0 : DECLINED,
            Description: deal.status === "approved" ? "Approved" : "Declined",
            TranzactionId: deal.tranzactionId ?? 0,
            Amount: deal.amount,
            CoinId: deal.coinId,
            Last4CardDigitsString: deal.last4 ?? null,
            CardMonth: deal.month ?? null,
            CardYear: deal.year ? 2000 + deal.year : null,
          },
  });

  async function payDeal(deal: Deal, form: URLSearchParams) {
    const number = (form.get("cardNumber") ?? "").replace(/\D/g, "");
    const month = Number(form.get("month"));
    const year = Number(form.get("year")) % 100;
    if (number.length < 12 || !(month >= 1 && month <= 12) || !year) return null;
    if (number === DECLINED_CARD) {
      deal.status = "declined";
      return deal.failedUrl;
    }
    deal.status = "approved";
    deal.tranzactionId = nextTranzaction++;
    deal.token = randomUUID();
    deal.last4 = number.slice(-4);
    deal.month = month;
    deal.year = year;
    cards.set(deal.token, { number, month, year });
    // Cardcom notifies the merchant's server, then sends the payer back.
    try {
      const answer = await fetch(deal.webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(lpResult(deal)),
      });
      webhooks.push({ lowProfileId: deal.id, status: answer.status });
      await answer.arrayBuffer();
    } catch {
      webhooks.push({ lowProfileId: deal.id, status: 0 });
    }
    return deal.successUrl;
  }

  const authorized = (body: Record<string, unknown>) =>
    body.TerminalNumber === CARDCOM_STAND_IN_TERMINAL.terminalNumber &&
    body.ApiName === CARDCOM_STAND_IN_TERMINAL.apiName;

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const page = /^\/pay\/([0-9a-f-]{36})$/.exec(url.pathname);
    if (page) {
      const deal = deals.get(page[1]!);
      if (!deal) return send(response, 404, { error: "no such deal" });
      if (request.method === "GET") {
        response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        return response.end(hostedPage(deal));
      }
      const next = deal.status === "open" ? await payDeal(deal, new URLSearchParams(await readText(request))) : null;
      if (!next) return send(response, 400, { error: "card details missing or deal already paid" });
      response.writeHead(302, { Location: next });
      return response.end();
    }
    if (request.method !== "POST") return send(response, 405, { error: "POST only" });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readText(request)) as Record<string, unknown>;
    } catch {
      return send(response, 200, { ResponseCode: 1, Description: "Bad JSON" });
    }
    if (!authorized(body)) return send(response, 200, { ResponseCode: 5, Description: "Invalid terminal or API name" });

    switch (url.pathname) {
      case "/api/v11/LowProfile/Create": {
        const id = randomUUID();
        if (typeof body.Amount !== "number" || body.Amount <= 0)
          return send(response, 200, { ResponseCode: 1, Description: "Amount is required" });
        deals.set(id, {
          id,
          amount: body.Amount,
          coinId: Number(body.ISOCoinId ?? 1),
          returnValue: String(body.ReturnValue ?? ""),
          successUrl: String(body.SuccessRedirectUrl),
          failedUrl: String(body.FailedRedirectUrl),
          webhookUrl: String(body.WebHookUrl),
          language: String(body.Language ?? "he"),
          status: "open",
        });
        return send(response, 200, { ResponseCode: 0, Description: "OK", LowProfileId: id, Url: `${base}/pay/${id}` });
      }
      case "/api/v11/LowProfile/GetLpResult": {
        const deal = deals.get(String(body.LowProfileId));
        if (!deal) return send(response, 200, { ResponseCode: 3, Description: "Low profile not found" });
        if (deal.status === "open")
          return send(response, 200, { ResponseCode: 1000, Description: "Deal not completed" });
        return send(response, 200, lpResult(deal));
      }
      case "/api/v11/Transactions/Transaction": {
        const uniqueId = String(body.ExternalUniqTranId ?? "");
        const first = uniqueId ? byUniqueId.get(uniqueId) : undefined;
        if (first)
          return send(
            response,
            200,
            body.ExternalUniqUniqTranIdResponse
              ? first
              : { ResponseCode: 608, Description: "Duplicate ExternalUniqTranId" },
          );
        const token = String(body.Token ?? "");
        const card = cards.get(token);
        const failure = failing.get(token);
        const expiry = `${String(card?.month).padStart(2, "0")}${String(card?.year).padStart(2, "0")}`;
        const responseCode = !card
          ? 3
          : failure === "expired" || body.CardExpirationMMYY !== expiry
            ? EXPIRED
            : failure === "declined" || card.number === DECLINED_CARD
              ? DECLINED
              : 0;
        const tranzactionId = responseCode === 0 ? nextTranzaction++ : null;
        const answer = {
          ResponseCode: responseCode,
          Description: (
            { 0: "Approved", 3: "Token not found", [DECLINED]: "Declined", [EXPIRED]: "Card expired" } as Record<
              number,
              string
            >
          )[responseCode],
          TranzactionId: tranzactionId,
          Amount: body.Amount,
          Last4CardDigitsString: card?.number.slice(-4) ?? null,
        };
        charges.push({
          token,
          amount: Number(body.Amount),
          coinId: Number(body.ISOCoinId ?? 1),
          uniqueId,
          responseCode,
          tranzactionId,
        });
        if (uniqueId) byUniqueId.set(uniqueId, answer);
        return send(response, 200, answer);
      }
      case "/api/v11/Transactions/RefundByTransactionId": {
        if (body.ApiPassword !== CARDCOM_STAND_IN_API_PASSWORD)
          return send(response, 200, { ResponseCode: 5, Description: "Invalid API password" });
        const tranzactionId = Number(body.TransactionId);
        const known =
          [...deals.values()].some((deal) => deal.tranzactionId === tranzactionId) ||
          charges.some((charge) => charge.tranzactionId === tranzactionId);
        if (!known) return send(response, 200, { ResponseCode: 3, Description: "Transaction not found" });
        if (refunds.some((refund) => refund.tranzactionId === tranzactionId))
          return send(response, 200, { ResponseCode: 31, Description: "Transaction already refunded" });
        if (refuseNextRefund) {
          refuseNextRefund = false;
          return send(response, 200, { ResponseCode: 30, Description: "Refund not allowed for this terminal" });
        }
        const newTranzactionId = nextTranzaction++;
        refunds.push({ tranzactionId, newTranzactionId });
        return send(response, 200, { ResponseCode: 0, Description: "OK", NewTranzactionId: newTranzactionId });
      }
      default:
        return send(response, 404, { ResponseCode: 404, Description: "Unknown call" });
    }
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    deals,
    charges,
    webhooks,
    failToken: (token, how) => void failing.set(token, how),
    refunds,
    refuseNextRefund: () => {
      refuseNextRefund = true;
    },
    payDeal: (lowProfileId, card = APPROVED_CARD) =>
      fetch(`${base}/pay/${lowProfileId}`, {
        method: "POST",
        body: new URLSearchParams({ cardNumber: card, month: "12", year: "2030", cvv: "123" }),
        redirect: "manual",
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
