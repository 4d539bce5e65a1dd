import { createHmac, randomBytes } from "node:crypto";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { credentialsKey, decryptSecret, encryptSecret } from "~/checks/credentials.server.ts";
import { isPublicAddress } from "~/server/address-guard.server.ts";
import { BlockedAddressError, checkAddress, isAllowedHost, safeFetch } from "~/server/safe-fetch.server.ts";

/**
 * The signed webhook (docs/decisions/022-signed-lead-webhooks.md): the body is the event's JSON,
 * `X-Alex-Timestamp` the Unix time of the attempt in seconds, and `X-Alex-Signature`
 * `sha256=<hex of HMAC-SHA256(secret, timestamp + "." + body)>`, so a receiver can refuse a
 * forged event and an old one replayed.
 */
export const WEBHOOK_HEADERS = {
  timestamp: "X-Alex-Timestamp",
  signature: "X-Alex-Signature",
  event: "X-Alex-Event",
  delivery: "X-Alex-Delivery",
} as const;

/**
 * How long a receiver has to answer one attempt: short, since a receiver that hangs holds a lane of
 * the delivery worker that long; an attempt cut off is retried with backoff like any failure.
 */
export const WEBHOOK_TIMEOUT_MS = 5_000;

export function generateWebhookSecret() {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

export const encryptWebhookSecret = (secret: string) => encryptSecret(credentialsKey(), secret);
export const decryptWebhookSecret = (stored: string) => decryptSecret(credentialsKey(), stored);

export function signWebhook(secret: string, timestamp: number, body: string) {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** Why a webhook address is refused: keys of the `deliveries` namespace's `errors`. */
export type WebhookUrlProblem = "webhookInvalid" | "webhookPrivate" | "webhookHostUnknown";

/**
 * The address guard the scanner and the checks use, asked before the address is saved: an address
 * that names (or resolves to) this machine or a private network is refused unless its host is on
 * SCANNER_ALLOW_HOSTS. Each attempt checks again at connect time, so a DNS answer that changes later
 * cannot slip through either.
 */
export async function webhookUrlProblem(
  address: string,
  allowHosts: readonly string[],
): Promise<WebhookUrlProblem | undefined> {
  let url: URL;
  try {
    url = checkAddress(address, allowHosts);
  } catch (error) {
    if (error instanceof BlockedAddressError) return error.reason === "private" ? "webhookPrivate" : "webhookInvalid";
    return "webhookInvalid";
  }
  if (isAllowedHost(url, allowHosts)) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return isPublicAddress(host) ? undefined : "webhookPrivate";
  try {
    const addresses = await lookup(host, { all: true });
    return addresses.every((entry) => isPublicAddress(entry.address)) ? undefined : "webhookPrivate";
  } catch {
    return "webhookHostUnknown";
  }
}

export type WebhookAttempt = { ok: boolean; statusCode: number | null; error: string | null };

/** One signed POST of an event; never throws: a refusal, a timeout or a 500 is an attempt that failed. */
export async function postWebhook(
  target: { url: string; secret: string; allowHosts: readonly string[] },
  event: { deliveryId: number; type: string; body: string; now: Date },
): Promise<WebhookAttempt> {
  const timestamp = Math.floor(event.now.getTime() / 1000);
  try {
    const response = await safeFetch(target.url, {
      method: "POST",
      allowHosts: target.allowHosts,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      maxBytes: 64 * 1024,
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Alex-Webhooks/1.0",
        [WEBHOOK_HEADERS.event]: event.type,
        [WEBHOOK_HEADERS.delivery]: String(event.deliveryId),
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: signWebhook(target.secret, timestamp, event.body),
      },
      body: event.body,
    });
    return { ok: response.ok, statusCode: response.status, error: response.ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, statusCode: null, error: error instanceof Error ? error.message.slice(0, 300) : "failed" };
  }
}
