import { BlockedAddressError, ResponseTooLargeError, type SafeResponse } from "~/server/safe-fetch.server.ts";

/** Translates a key of the `checks` namespace in the operator's language. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

const NETWORK_CODES = /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|EPIPE|CERT_\w+|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|ERR_TLS_CERT_ALTNAME_INVALID)$/;

export class CheckTimeoutError extends Error {}

/** A failure the check found and already put into words. */
export class CheckFailure extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "CheckFailure";
  }
}

/** Spec §8: a non-OK answer reads "status: the server's message" (WordPress's JSON `message`, else the body text). */
export function httpErrorText(response: SafeResponse): string {
  let message = "";
  try {
    const body = response.json() as { message?: unknown };
    if (typeof body?.message === "string") message = body.message;
  } catch {
    message = response
      .text()
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  }
  return `${response.status}: ${(message || httpStatusText(response.status)).slice(0, 300)}`;
}

function httpStatusText(status: number) {
  return { 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable" }[status] ?? "Error";
}

/** Any error a probe threw, in the operator's words. */
export function describeCheckError(t: Translate) {
  return (error: unknown): string => {
    if (error instanceof CheckFailure) return error.message;
    if (error instanceof CheckTimeoutError) return t("errors.timeout");
    if (error instanceof BlockedAddressError) return t(`errors.blocked.${error.reason}`, { host: error.host });
    if (error instanceof ResponseTooLargeError) return t("errors.tooLarge");
    const code = (error as { code?: unknown })?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code;
    if (typeof code === "string" && NETWORK_CODES.test(code)) return t("errors.network", { code });
    if (error instanceof SyntaxError) return t("errors.notJson");
    return t("errors.unexpected", { message: error instanceof Error ? error.message : String(error) });
  };
}
