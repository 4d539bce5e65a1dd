import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockedAddressError, guardedLookup, literalAddressAllowed } from "~/server/address-guard.server.ts";

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

type SafeFetchOptions = {
  /** Hosts allowed to be private (SCANNER_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  /** Media types accepted, e.g. ["text/html", "application/xhtml+xml"]. */
  accept: readonly string[];
  headers?: Record<string, string>;
  limits?: Partial<FetchLimits>;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

class FetchRefused extends Error {
  constructor(
    readonly failure: FetchFailure,
    readonly status?: number,
  ) {
    super(failure);
  }
}

/**
 * GET an operator-supplied URL without letting it reach inside our network: every hop (the first
 * and each redirect) is checked after DNS resolution, the whole exchange has one deadline, and the
 * body is cut off at the size limit whatever Content-Length claims.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<FetchResult> {
  const limits = { ...FETCH_LIMITS, ...options.limits };
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: false, failure: "invalidUrl" };
  }
  try {
    for (let redirects = 0; ; redirects++) {
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchRefused("invalidUrl");
      if (url.username || url.password) throw new FetchRefused("invalidUrl");
      if (!literalAddressAllowed(url, options.allowHosts)) throw new FetchRefused("blockedAddress");
      const response = await get(url, options, signal);
      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode ?? 0) && location) {
        response.destroy();
        if (redirects >= limits.maxRedirects) throw new FetchRefused("tooManyRedirects");
        url = new URL(location, url);
        continue;
      }
      return await readBody(url, response, options.accept, limits.maxBytes, signal);
    }
  } catch (error) {
    return { ok: false, ...failureOf(error, signal) };
  }
}

function get(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(url, {
      method: "GET",
      signal,
      // No pooled keep-alive socket: the address check runs when a connection is made, so a socket left by
      // a fetch another rule allowed would skip it, and one the site closes as it is taken fails the fetch.
      agent: false,
      lookup: guardedLookup(options.allowHosts),
      headers: { Accept: options.accept.join(", "), "User-Agent": "AlexScanner/1.0", ...options.headers },
    });
    outgoing.once("response", resolve);
    outgoing.once("error", reject);
    outgoing.end();
  });
}

async function readBody(
  url: URL,
  response: IncomingMessage,
  accept: readonly string[],
  maxBytes: number,
  signal: AbortSignal,
): Promise<FetchResult> {
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    response.destroy();
    throw new FetchRefused("httpStatus", status);
  }
  const contentType = response.headers["content-type"] ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (!accept.includes(mediaType)) {
    response.destroy();
    throw new FetchRefused("wrongType");
  }
  if (Number(response.headers["content-length"] ?? 0) > maxBytes) {
    response.destroy();
    throw new FetchRefused("tooLarge");
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      response.destroy();
      throw new FetchRefused("tooLarge");
    }
    chunks.push(chunk);
  }
  if (signal.aborted) throw new FetchRefused("timeout");
  return { ok: true, url: url.href, contentType, body: Buffer.concat(chunks) };
}

function failureOf(error: unknown, signal: AbortSignal): { failure: FetchFailure; status?: number } {
  if (error instanceof FetchRefused) return { failure: error.failure, status: error.status };
  if (signal.aborted) return { failure: "timeout" };
  if (error instanceof BlockedAddressError) return { failure: "blockedAddress" };
  const code = (error as { code?: string }).code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return { failure: "dnsFailed" };
  if (error instanceof TypeError) return { failure: "invalidUrl" };
  return { failure: "network" };
}
