import { BlockedAddressError, ResponseTooLargeError, type SafeResponse } from "~/server/safe-fetch.server.ts";
import { explain, type Explanation } from "./explanation.ts";

export class CheckTimeoutError extends Error {}

/** A failure the check found and already explained; `notice` says how it got there (which scheme it tried). */
export class CheckFailure extends Error {
  constructor(
    readonly explanation: Explanation,
    readonly details: Record<string, unknown> = {},
    readonly notice?: Explanation,
  ) {
    super(explanation.raw ?? explanation.key);
    this.name = "CheckFailure";
  }
}

/** The checks word a non-OK answer as "status: the server's message" (WordPress's JSON `message`, else the body text). */
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
  return (
    {
      400: "Bad Request",
      401: "Unauthorized",
      403: "Forbidden",
      404: "Not Found",
      500: "Internal Server Error",
      502: "Bad Gateway",
      503: "Service Unavailable",
    }[status] ?? "Error"
  );
}

/** A non-OK answer: what its status means to an operator, with the server's own words as the raw error. */
export function httpFailure(response: SafeResponse): Explanation {
  const { status } = response;
  const key =
    status === 401 || status === 403
      ? "explain.httpRefused"
      : status === 404
        ? "explain.httpNotFound"
        : status >= 500
          ? "explain.httpServerError"
          : "explain.httpStatus";
  return explain(key, { status }, httpErrorText(response));
}

const CERTIFICATE_UNTRUSTED =
  /^(DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?)$/;
/** OpenSSL's words when an https request meets a server that speaks plain http on that port. */
const PLAIN_HTTP_ANSWER = /wrong version number|packet length too long|http request/i;

type NodeError = { code?: unknown; hostname?: unknown; message?: unknown; cause?: NodeError };

function codeOf(error: unknown): string | undefined {
  const { code, cause } = (error ?? {}) as NodeError;
  if (typeof code === "string") return code;
  return typeof cause?.code === "string" ? cause.code : undefined;
}

export function rawErrorOf(error: unknown): string {
  if (error instanceof Error) {
    const code = codeOf(error);
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/** A connection that failed before any answer (DNS, TCP, TLS), in an operator's words; undefined if it is no such failure. */
export function explainNetworkError(error: unknown): Explanation | undefined {
  const code = codeOf(error);
  if (!code) return undefined;
  const raw = rawErrorOf(error);
  const message = typeof (error as NodeError).message === "string" ? ((error as NodeError).message as string) : "";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME" || code === "EAI_NODATA") {
    const hostname = (error as NodeError).hostname ?? (error as NodeError).cause?.hostname;
    return explain("explain.dnsNotFound", { host: typeof hostname === "string" ? hostname : "" }, raw);
  }
  if (code === "ECONNREFUSED") return explain("explain.refused", undefined, raw);
  if (code === "ECONNRESET" || code === "EPIPE") return explain("explain.reset", undefined, raw);
  if (code === "ETIMEDOUT") return explain("explain.connectTimeout", undefined, raw);
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH") return explain("explain.unreachable", undefined, raw);
  if (code === "CERT_HAS_EXPIRED") return explain("explain.certificateExpired", undefined, raw);
  if (code === "ERR_TLS_CERT_ALTNAME_INVALID" || code === "HOSTNAME_MISMATCH")
    return explain("explain.certificateName", undefined, raw);
  if (CERTIFICATE_UNTRUSTED.test(code)) return explain("explain.certificateUntrusted", undefined, raw);
  if (code.startsWith("CERT_") || code.startsWith("ERR_TLS_CERT"))
    return explain("explain.certificateInvalid", undefined, raw);
  if (
    code === "ERR_SSL_WRONG_VERSION_NUMBER" ||
    ((code === "EPROTO" || code.startsWith("ERR_SSL_")) && PLAIN_HTTP_ANSWER.test(message))
  ) {
    return explain("explain.httpOnly", undefined, raw);
  }
  if (code === "EPROTO" || code.startsWith("ERR_SSL_") || code.startsWith("ERR_TLS_"))
    return explain("explain.tlsFailed", undefined, raw);
  if (/^E[A-Z]+$/.test(code)) return explain("errors.network", { code }, raw);
  return undefined;
}

/** Any error a probe threw, as an explanation in the operator's words with the raw error behind it. */
export function explainCheckError(error: unknown): Explanation {
  if (error instanceof CheckFailure) return error.explanation;
  if (error instanceof CheckTimeoutError) return explain("errors.timeout");
  if (error instanceof BlockedAddressError) return explain(`errors.blocked.${error.reason}`, { host: error.host });
  if (error instanceof ResponseTooLargeError) return explain("errors.tooLarge");
  const network = explainNetworkError(error);
  if (network) return network;
  if (error instanceof SyntaxError) return explain("errors.notJson", undefined, error.message);
  return explain("explain.unexpected", undefined, rawErrorOf(error));
}
