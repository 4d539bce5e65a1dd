import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readJson } from "./request-body.ts";

/**
 * A local stand-in for PayPal's REST API and its JavaScript SDK, answering as PayPal does (paths,
 * status codes, error bodies, as PayPal documents its Orders v2 REST API):
 * - POST /v1/oauth2/token (Basic auth) → 200 token; wrong credentials → 401 invalid_client
 * - any other call without that token → 401 AUTHENTICATION_FAILURE
 * - POST /v1/identity/generate-token → client token
 * - POST /v2/checkout/orders → 201 CREATED (200 and the same order when PayPal-Request-Id repeats)
 * - GET /v2/checkout/orders/{id}; POST …/capture → 201 COMPLETED, or 422 ORDER_NOT_APPROVED,
 *   ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED (see `declineNextCapture`); a repeated request id → its first answer again,
 *   success or refusal
 * - POST /v2/payments/captures/{id}/refund (no body amount: in full) → 201 COMPLETED; a refunded capture
 *   → 422 CAPTURE_FULLY_REFUNDED; an unknown one → 404; `refuseNextRefund` → 422 REFUND_TIME_LIMIT_EXCEEDED
 * - POST /v1/notifications/verify-webhook-signature → SUCCESS when the signature is `FAKE_VALID_SIGNATURE`
 * - GET /sdk/js → a small script with `paypal.Buttons`: its button calls createOrder, approves the
 *   order here as a buyer would (POST /test/approve/{id}), then calls onApprove.
 */
export const FAKE_PAYPAL_CREDENTIALS = { clientId: "fake-client-id", clientSecret: "fake-client-secret" };
export const FAKE_VALID_SIGNATURE = "fake-valid-signature";

type Order = {
  id: string;
  status: "CREATED" | "APPROVED" | "COMPLETED";
  intent: string;
  purchase_units: {
    reference_id?: string;
    description?: string;
    amount: { currency_code: string; value: string };
    payments?: { captures: unknown[] };
  }[];
};

export type FakePayPal = {
  url: string;
  orders: Map<string, Order>;
  /** Every call: method and path. */
  calls: string[];
  /** How many captures were actually made (a replay of a request id makes none). */
  captures: () => number;
  declineNextCapture: () => void;
  /** The refunds PayPal made: the capture, its refund's id and the amount (a replayed request id makes none). */
  refunds: { captureId: string; refundId: string; amount: { currency_code: string; value: string } }[];
  refuseNextRefund: () => void;
  close: () => Promise<void>;
};

const debugId = () => randomBytes(6).toString("hex");

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "Content-Type": "application/json", "PayPal-Debug-Id": debugId(), ...headers });
  response.end(JSON.stringify(body));
}

const paypalError = (name: string, message: string, issue?: string, description?: string) => ({
  name,
  message,
  debug_id: debugId(),
  ...(issue ? { details: [{ issue, description: description ?? issue }] } : {}),
  links: [],
});

const SDK_SCRIPT = (base: string) => `(() => {
  const base = ${JSON.stringify(base)};
  window.paypal = {
    Buttons(options) {
      return {
        render(container) {
          const button = document.createElement("button");
          button.type = "button";
          button.textContent = "PayPal";
          button.setAttribute("aria-label", "Pay with PayPal");
          button.style.cssText = "width:100%;padding:12px;border-radius:6px;background:#ffc439;color:#003087;font-weight:700;border:0;cursor:pointer";
          button.addEventListener("click", async () => {
            button.disabled = true;
            try {
              const orderID = await options.createOrder();
              await fetch(base + "/test/approve/" + encodeURIComponent(orderID), { method: "POST" });
              await options.onApprove({ orderID }, { restart() {} });
            } catch (error) {
              options.onError(error);
            } finally {
              button.disabled = false;
            }
          });
          container.append(button);
          return Promise.resolve();
        },
      };
    },
  };
})();`;

export async function startFakePayPal({ port = 0 }: { port?: number } = {}): Promise<FakePayPal> {
  const orders = new Map<string, Order>();
  const calls: string[] = [];
  const tokens = new Set<string>();
  const replies = new Map<string, { status: number; body: unknown }>();
  let captureCount = 0;
  let declineNext = false;
  let refuseNextRefund = false;
  const refunds: FakePayPal["refunds"] = [];

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const path = url.pathname;
    calls.push(`${request.method} ${path}`);
    response.setHeader("Access-Control-Allow-Origin", "*");
    if (request.method === "OPTIONS") {
      response.writeHead(204, {
        "Access-Control-Allow-Methods": "GET, POST",
        "Access-Control-Allow-Headers": request.headers["access-control-request-headers"] ?? "Content-Type",
        "Access-Control-Allow-Private-Network": "true",
      });
      response.end();
      return;
    }

    if (request.method === "GET" && path === "/sdk/js") {
      response.writeHead(200, { "Content-Type": "application/javascript" });
      response.end(SDK_SCRIPT(`http://${request.headers.host}`));
      return;
    }
    const approve = /^\/test\/approve\/([^/]+)$/.exec(path);
    if (request.method === "POST" && approve) {
      const order = orders.get(decodeURIComponent(approve[1]!));
      if (order?.status === "CREATED") order.status = "APPROVED";
      send(response, order ? 200 : 404, order ?? {});
      return;
    }

    if (request.method === "POST" && path === "/v1/oauth2/token") {
      const expected = `Basic ${Buffer.from(`${FAKE_PAYPAL_CREDENTIALS.clientId}:${FAKE_PAYPAL_CREDENTIALS.clientSecret}`).toString("base64")}`;
      if (request.headers.authorization !== expected) {
        send(response, 401, { error: "invalid_client", error_description: "Client Authentication failed" });
        return;
      }
      const token = `A21AA${randomBytes(24).toString("hex")}`;
      tokens.add(token);
      send(response, 200, {
        scope: "https://uri.paypal.com/services/payments/payment",
        access_token: token,
        token_type: "Bearer",
        app_id: "APP-FAKE",
        expires_in: 32400,
        nonce: randomUUID(),
      });
      return;
    }

    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!bearer || !tokens.has(bearer)) {
      send(
        response,
        401,
        paypalError(
          "AUTHENTICATION_FAILURE",
          "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
        ),
      );
      return;
    }
    const requestId = request.headers["paypal-request-id"];
    const replayKey = typeof requestId === "string" ? `${path}|${requestId}` : undefined;
    if (replayKey && replies.has(replayKey)) {
      const first = replies.get(replayKey)!;
      send(response, first.status === 201 ? 200 : first.status, first.body);
      return;
    }
    // As PayPal documents: a repeated request id gets the latest answer to that id, a refusal as much as a success.
    const reply = (status: number, body: unknown) => {
      if (replayKey) replies.set(replayKey, { status, body });
      send(response, status, body);
    };
    const body = await readJson(request);
    if (body === undefined) {
      send(
        response,
        400,
        paypalError(
          "INVALID_REQUEST",
          "Request is not well-formed, syntactically incorrect, or violates schema.",
          "MALFORMED_REQUEST_JSON",
        ),
      );
      return;
    }

    if (request.method === "POST" && path === "/v1/identity/generate-token") {
      send(response, 200, { client_token: `fake-client-token-${randomBytes(8).toString("hex")}`, expires_in: 3600 });
      return;
    }
    if (request.method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      send(response, 200, {
        verification_status: body.transmission_sig === FAKE_VALID_SIGNATURE && body.webhook_id ? "SUCCESS" : "FAILURE",
      });
      return;
    }
    if (request.method === "POST" && path === "/v2/checkout/orders") {
      const units = body.purchase_units as Order["purchase_units"] | undefined;
      const amount = units?.[0]?.amount;
      if (body.intent !== "CAPTURE" || !amount || !/^\d+\.\d{2}$/.test(amount.value)) {
        reply(
          422,
          paypalError(
            "UNPROCESSABLE_ENTITY",
            "The requested action could not be performed, semantically incorrect, or failed business validation.",
            "INVALID_PARAMETER_VALUE",
          ),
        );
        return;
      }
      const id = randomBytes(9).toString("hex").toUpperCase().slice(0, 17);
      const order: Order = { id, status: "CREATED", intent: "CAPTURE", purchase_units: units };
      orders.set(id, order);
      reply(201, {
        id,
        status: order.status,
        links: [{ href: `http://${request.headers.host}/checkoutnow?token=${id}`, rel: "approve", method: "GET" }],
      });
      return;
    }
    const refundPath = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (request.method === "POST" && refundPath) {
      const captureId = decodeURIComponent(refundPath[1]!);
      const capture = [...orders.values()]
        .flatMap((order) => (order.purchase_units[0]?.payments?.captures ?? []) as { id: string; amount: never }[])
        .find((candidate) => candidate.id === captureId);
      if (!capture)
        return reply(
          404,
          paypalError("RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID"),
        );
      const unprocessable = (issue: string, description: string) =>
        reply(
          422,
          paypalError(
            "UNPROCESSABLE_ENTITY",
            "The requested action could not be performed, semantically incorrect, or failed business validation.",
            issue,
            description,
          ),
        );
      if (refunds.some((refund) => refund.captureId === captureId))
        return unprocessable("CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded.");
      if (refuseNextRefund) {
        refuseNextRefund = false;
        return unprocessable(
          "REFUND_TIME_LIMIT_EXCEEDED",
          "You are over the time limit to perform a refund on this capture.",
        );
      }
      const refundId = `REF${randomBytes(7).toString("hex").toUpperCase()}`;
      refunds.push({ captureId, refundId, amount: capture.amount });
      return reply(201, { id: refundId, status: "COMPLETED", links: [] });
    }
    const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const order = orderPath ? orders.get(decodeURIComponent(orderPath[1]!)) : undefined;
    if (orderPath && !order) {
      reply(
        404,
        paypalError(
          "RESOURCE_NOT_FOUND",
          "The specified resource does not exist.",
          "INVALID_RESOURCE_ID",
          "Specified resource ID does not exist. Please check the resource ID and try again.",
        ),
      );
      return;
    }
    if (order && request.method === "GET" && !orderPath![2]) {
      send(response, 200, order);
      return;
    }
    if (order && request.method === "POST" && orderPath![2]) {
      const unprocessable = (issue: string, description: string) =>
        reply(
          422,
          paypalError(
            "UNPROCESSABLE_ENTITY",
            "The requested action could not be performed, semantically incorrect, or failed business validation.",
            issue,
            description,
          ),
        );
      if (order.status === "COMPLETED")
        return unprocessable(
          "ORDER_ALREADY_CAPTURED",
          "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
        );
      if (order.status !== "APPROVED")
        return unprocessable("ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment.");
      if (declineNext) {
        declineNext = false;
        return unprocessable(
          "INSTRUMENT_DECLINED",
          "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
        );
      }
      captureCount++;
      order.status = "COMPLETED";
      order.purchase_units[0]!.payments = {
        captures: [
          {
            id: `CAP${randomBytes(7).toString("hex").toUpperCase()}`,
            status: "COMPLETED",
            amount: order.purchase_units[0]!.amount,
            final_capture: true,
          },
        ],
      };
      reply(201, order);
      return;
    }
    send(response, 404, paypalError("RESOURCE_NOT_FOUND", "The specified resource does not exist."));
  });

  // Node's default of 5 s races a client reusing an idle connection just as it closes; PayPal keeps them longer.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    orders,
    calls,
    captures: () => captureCount,
    declineNextCapture: () => {
      declineNext = true;
    },
    refunds,
    refuseNextRefund: () => {
      refuseNextRefund = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
