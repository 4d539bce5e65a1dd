import { z } from "zod";

/**
 * A small typed client for the PayPal REST calls we make (orders v2, client tokens, webhook checks),
 * over fetch, with every response checked by zod. The official SDK only knows PayPal's two hosts,
 * and the tests talk to a local stand-in (docs/decisions: PayPal).
 */
export const PAYPAL_SANDBOX_URL = "https://api-m.sandbox.paypal.com";

export type PayPalConfig = { clientId: string; clientSecret: string; baseUrl: string };

const tokenResponse = z.object({ access_token: z.string().min(1), expires_in: z.number().int().positive() });
const clientTokenResponse = z.object({ client_token: z.string().min(1) });
const money = z.object({ currency_code: z.string(), value: z.string() });
const captureSchema = z.object({ id: z.string().min(1), status: z.string(), amount: money.optional() });
export const orderSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        amount: money.optional(),
        payments: z.object({ captures: z.array(captureSchema).optional() }).optional(),
      }),
    )
    .optional(),
});
export type PayPalOrder = z.infer<typeof orderSchema>;
const refundResponse = z.object({ id: z.string().min(1), status: z.string() });
const verificationResponse = z.object({ verification_status: z.enum(["SUCCESS", "FAILURE"]) });
const errorBody = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string(), description: z.string().optional() })).optional(),
  // The OAuth endpoint answers in its own shape.
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** A refusal or failure from PayPal: its HTTP status, its error name, the first detail's issue, and the debug id to quote to PayPal. */
export class PayPalError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    readonly issue: string | undefined,
    readonly debugId: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = "PayPalError";
  }
}

/** The capture in an order or capture response, if one completed. */
export const completedCaptureOf = (order: PayPalOrder) =>
  order.purchase_units
    ?.flatMap((unit) => unit.payments?.captures ?? [])
    .find((capture) => capture.status === "COMPLETED");

const REQUEST_TIMEOUT_MS = 15_000;

export function createPayPalClient(config: PayPalConfig, fetchImpl: typeof fetch = fetch) {
  let cachedToken: { value: string; expiresAt: number } | undefined;

  async function send<T>(path: string, init: RequestInit, schema: z.ZodType<T>): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(new URL(path, config.baseUrl), {
        ...init,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PayPalError(
        0,
        "NETWORK_ERROR",
        undefined,
        undefined,
        `PayPal could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      const parsed = errorBody.safeParse(body);
      const error = parsed.success ? parsed.data : {};
      const issue = error.details?.[0]?.issue;
      throw new PayPalError(
        response.status,
        error.name ?? error.error ?? `HTTP_${response.status}`,
        issue,
        error.debug_id ?? response.headers.get("PayPal-Debug-Id") ?? undefined,
        error.details?.[0]?.description ??
          error.message ??
          error.error_description ??
          `PayPal answered ${response.status}`,
      );
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new PayPalError(
        response.status,
        "UNEXPECTED_RESPONSE",
        undefined,
        undefined,
        `PayPal's answer to ${path} had an unexpected shape`,
      );
    return parsed.data;
  }

  async function accessToken() {
    if (cachedToken && cachedToken.expiresAt > Date.now()) return cachedToken.value;
    const token = await send(
      "/v1/oauth2/token",
      {
        method: "POST",
        headers: {
          Authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64")}`,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "grant_type=client_credentials",
      },
      tokenResponse,
    );
    // A minute early, so a token never expires on its way to PayPal.
    cachedToken = { value: token.access_token, expiresAt: Date.now() + (token.expires_in - 60) * 1000 };
    return cachedToken.value;
  }

  async function call<T>(path: string, init: RequestInit & { requestId?: string }, schema: z.ZodType<T>): Promise<T> {
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${await accessToken()}`);
    headers.set("Content-Type", "application/json");
    if (init.requestId) headers.set("PayPal-Request-Id", init.requestId);
    try {
      return await send(path, { ...init, headers }, schema);
    } catch (error) {
      // A token PayPal revoked early: forget it, so the next call fetches a new one.
      if (error instanceof PayPalError && error.status === 401) cachedToken = undefined;
      throw error;
    }
  }

  return {
    clientId: config.clientId,

    async generateClientToken() {
      return (await call("/v1/identity/generate-token", { method: "POST" }, clientTokenResponse)).client_token;
    },

    async createOrder(order: {
      amountCents: number;
      currency: string;
      referenceId: string;
      description: string;
      requestId: string;
    }) {
      return call(
        "/v2/checkout/orders",
        {
          method: "POST",
          requestId: order.requestId,
          body: JSON.stringify({
            intent: "CAPTURE",
            purchase_units: [
              {
                reference_id: order.referenceId,
                description: order.description,
                amount: { currency_code: order.currency, value: (order.amountCents / 100).toFixed(2) },
              },
            ],
          }),
        },
        orderSchema,
      );
    },

    /** Capturing twice with the same request id gives PayPal's first answer again rather than a second capture. */
    async captureOrder(orderId: string, requestId: string) {
      return call(
        `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
        { method: "POST", requestId, body: "{}" },
        orderSchema,
      );
    },

    /**
     * Refunds a capture in full (no amount: PayPal refunds what is left of it). The same request id
     * answers PayPal's first refund again, so a retry after a lost answer never refunds twice.
     */
    async refundCapture(captureId: string, requestId: string) {
      return call(
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        { method: "POST", requestId, body: "{}" },
        refundResponse,
      );
    },

    async getOrder(orderId: string) {
      return call(`/v2/checkout/orders/${encodeURIComponent(orderId)}`, { method: "GET" }, orderSchema);
    },

    async verifyWebhookSignature(check: { webhookId: string; headers: Headers; event: unknown }) {
      const header = (name: string) => check.headers.get(name) ?? "";
      const result = await call(
        "/v1/notifications/verify-webhook-signature",
        {
          method: "POST",
          body: JSON.stringify({
            auth_algo: header("paypal-auth-algo"),
            cert_url: header("paypal-cert-url"),
            transmission_id: header("paypal-transmission-id"),
            transmission_sig: header("paypal-transmission-sig"),
            transmission_time: header("paypal-transmission-time"),
            webhook_id: check.webhookId,
            webhook_event: check.event,
          }),
        },
        verificationResponse,
      );
      return result.verification_status === "SUCCESS";
    },
  };
}

export type PayPalClient = ReturnType<typeof createPayPalClient>;

/**
 * Where the browser loads PayPal's JavaScript SDK: PayPal's own host for its sandbox and live APIs
 * (the client id tells them apart), else the API host itself, as the tests' stand-in serves it.
 */
export function paypalSdkUrl(baseUrl: string) {
  const host = new URL(baseUrl).hostname;
  if (host === "paypal.com" || host.endsWith(".paypal.com")) return "https://www.paypal.com/sdk/js";
  return new URL("/sdk/js", baseUrl).toString();
}
