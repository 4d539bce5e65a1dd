import {
  BlockedAddressError,
  ResponseTooLargeError,
  safeFetch,
  UnexpectedContentTypeError,
} from "~/server/safe-fetch.server.ts";

export const FETCH_LIMITS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 5 } as const;

export type FetchLimits = { timeoutMs: number; maxBytes: number; maxRedirects: number };

/** Why a page could not be fetched: each is a translation key under `scanner:failure`. */
export type FetchFailure =
  | "invalidUrl"
  | "blockedAddress"
  | "dnsFailed"
  | "timeout"
  | "tooLarge"
  | "wrongType"
  | "tooManyRedirects"
  | "httpStatus"
  | "network";

export type FetchResult =
  { ok: true; url: string; contentType: string; body: Buffer } | { ok: false; failure: FetchFailure; status?: number };

type FetchPageOptions = {
  /** Hosts allowed to be private (SCANNER_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  /** Media types accepted, e.g. ["text/html", "application/xhtml+xml"]. */
  accept: readonly string[];
  headers?: Record<string, string>;
  limits?: Partial<FetchLimits>;
};

/**
 * GETs a page an operator pointed the scanner at, through the one guarded request of
 * app/server/safe-fetch.server.ts (every hop checked at connect time, the body capped), under one
 * deadline for the whole exchange; what went wrong comes back as a failure the scan screen can name.
 */
export async function fetchPage(url: string, options: FetchPageOptions): Promise<FetchResult> {
  const limits = { ...FETCH_LIMITS, ...options.limits };
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await safeFetch(url, {
      signal,
      allowHosts: options.allowHosts,
      accept: options.accept,
      maxBytes: limits.maxBytes,
      maxRedirects: limits.maxRedirects,
      headers: { "User-Agent": "AlexScanner/1.0", ...options.headers },
    });
    if (response.status >= 300 && response.status < 400 && response.headers.location) {
      return { ok: false, failure: "tooManyRedirects" };
    }
    if (!response.ok) return { ok: false, failure: "httpStatus", status: response.status };
    return { ok: true, url: response.url, contentType: response.headers["content-type"] ?? "", body: response.body };
  } catch (error) {
    return { ok: false, failure: failureOf(error, signal) };
  }
}

function failureOf(error: unknown, signal: AbortSignal): FetchFailure {
  if (signal.aborted) return "timeout";
  if (error instanceof BlockedAddressError) return error.reason === "private" ? "blockedAddress" : "invalidUrl";
  if (error instanceof ResponseTooLargeError) return "tooLarge";
  if (error instanceof UnexpectedContentTypeError) return "wrongType";
  const code = (error as { code?: string }).code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "dnsFailed";
  if (error instanceof TypeError) return "invalidUrl";
  return "network";
}
