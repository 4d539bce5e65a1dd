import type { DeliveryChannel } from "#db/vocabulary.ts";
import { explainNetworkError } from "~/checks/check-errors.server.ts";
import { explain, type Explanation } from "~/checks/explanation.ts";

/**
 * Why an attempt failed for good without asking anyone: the words the log keeps for it (the
 * `error` column), read back by `explainDeliveryError`.
 */
export const FINAL_REASONS = {
  clientRemoved: "client removed",
  mailOff: "mail is off (no SMTP_URL)",
  noWebhook: "no webhook address",
  secretUnreadable: "the webhook secret cannot be read",
  answered: "the visitor no longer waits for a person",
} as const;

const NETWORK_CODE =
  /\b(E[A-Z]{3,}|EAI_[A-Z]+|ERR_[A-Z_]+|CERT_[A-Z_]+|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_[A-Z_]+)\b/;
const TIMED_OUT = /aborted due to timeout|timeout|timed out/i;

const deliveries = (key: string, values?: Record<string, string | number>, raw?: string): Explanation => ({
  ...explain(key, values, raw),
  ns: "deliveries",
});

/**
 * A failed attempt of the delivery log in the reader's words, as the system status page explains a
 * failed check (app/checks/explanation.ts), with what the log kept (`error`: the receiver's or the
 * mail server's words, Node's error) as the raw text behind it. Undefined for an attempt that went
 * through. Read from the stored text, so the log's older rows are explained too.
 */
export function explainDeliveryError(
  channel: DeliveryChannel,
  { statusCode, error }: { statusCode: number | null; error: string | null },
): Explanation | undefined {
  if (!error) return undefined;
  const final = Object.entries(FINAL_REASONS).find(([, text]) => text === error)?.[0];
  if (final) return deliveries(`explain.${final}`);
  if (channel === "email" && statusCode !== null) return deliveries("explain.mailRefused", { code: statusCode }, error);
  const status = channel === "webhook" ? (statusCode ?? Number(/^HTTP (\d{3})$/.exec(error)?.[1])) : NaN;
  if (Number.isInteger(status)) {
    const key =
      status === 401 || status === 403
        ? "explain.receiverRefused"
        : status === 404
          ? "explain.receiverNotFound"
          : status >= 500
            ? "explain.receiverFailed"
            : "explain.receiverStatus";
    return deliveries(key, { status }, error);
  }
  const code = NETWORK_CODE.exec(error)?.[1];
  if (code) {
    const hostname = code.startsWith("E") ? /\b(?:ENOTFOUND|EAI_AGAIN)\s+(\S+)/.exec(error)?.[1] : undefined;
    const network = explainNetworkError({ code, message: error, hostname });
    if (network) return { ...network, raw: error };
  }
  if (/ is a private address$/.test(error)) return deliveries("explain.private", undefined, error);
  if (TIMED_OUT.test(error))
    return deliveries(channel === "email" ? "explain.mailTimeout" : "explain.receiverTimeout", undefined, error);
  return deliveries("explain.unexpected", undefined, error);
}
