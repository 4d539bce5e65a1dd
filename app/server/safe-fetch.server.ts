import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { guardedLookup, isPublicAddress } from "./address-guard.server.ts";

/**
 * Fetches an address a client or an operator typed (their WordPress site, a page to scan) without
 * letting it reach this machine or its private network (SSRF): only http and https, no credentials
 * in the address, and every address a host name resolves to must be public, checked at connect time
 * so a second DNS answer cannot swap in a private one. Hosts on the allow list (SCANNER_ALLOW_HOSTS:
 * `host` or `host:port`) may be private, e.g. a site on the same network or a test's WordPress.
 */

/** Anything but a public IP address (a host name too): the one list lives in address-guard.server.ts. */
export const isPrivateAddress = (address: string) => !isPublicAddress(address);

export type BlockReason = "scheme" | "credentials" | "private";

export class BlockedAddressError extends Error {
  constructor(
    readonly reason: BlockReason,
    readonly host: string,
  ) {
    super(
      reason === "private"
        ? `${host} is a private address`
        : reason === "scheme"
          ? "only http and https addresses"
          : "no user or password in the address",
    );
    this.name = "BlockedAddressError";
  }
}

export class ResponseTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the answer is larger than ${maxBytes} bytes`);
    this.name = "ResponseTooLargeError";
  }
}

export class UnexpectedContentTypeError extends Error {
  constructor(readonly contentType: string) {
    super(`the answer is ${contentType || "of no stated type"}`);
    this.name = "UnexpectedContentTypeError";
  }
}

export type SafeFetchOptions = {
  method?: "GET" | "POST" | "DELETE";
  headers?: Record<string, string>;
  body?: Buffer | string;
  signal: AbortSignal;
  /** SCANNER_ALLOW_HOSTS, lower case. */
  allowHosts: readonly string[];
  /** Bodies longer than this are refused (default 2 MB). */
  maxBytes?: number;
  /** GET redirects followed, each checked again (default 3); past them the redirect itself is answered. */
  maxRedirects?: number;
  /**
   * Media types taken, sent as Accept: a successful answer of another type is refused with
   * UnexpectedContentTypeError before its body is read.
   */
  accept?: readonly string[];
};

export type SafeResponse = {
  url: string;
  status: number;
  ok: boolean;
  headers: Record<string, string>;
  body: Buffer;
  text: () => string;
  json: () => unknown;
};

const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;

function defaultPort(url: URL) {
  return url.port || (url.protocol === "https:" ? "443" : "80");
}

/** The host as the allow list names it: bare, or with its port. */
export function isAllowedHost(url: URL, allowHosts: readonly string[]) {
  const hostname = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return (
    allowHosts.includes(hostname) ||
    allowHosts.includes(`${hostname}:${defaultPort(url)}`) ||
    allowHosts.includes(url.host.toLowerCase())
  );
}

/** Refuses before any connection what can be told from the address alone. */
export function checkAddress(address: string | URL, allowHosts: readonly string[]): URL {
  const url = new URL(address);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new BlockedAddressError("scheme", url.host);
  if (url.username || url.password) throw new BlockedAddressError("credentials", url.host);
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal) && isPrivateAddress(literal) && !isAllowedHost(url, allowHosts))
    throw new BlockedAddressError("private", url.host);
  return url;
}

function mediaTypeOf(response: IncomingMessage): string {
  return (response.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers["content-length"] ?? 0);
  if (declared > maxBytes) {
    response.destroy();
    throw new ResponseTooLargeError(maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw new ResponseTooLargeError(maxBytes);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function once(url: URL, options: SafeFetchOptions): Promise<{ response: IncomingMessage }> {
  const allowed = isAllowedHost(url, options.allowHosts);
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {
      method: options.method ?? "GET",
      headers: {
        "User-Agent": "Alex-Checks/1.0",
        Accept: options.accept?.join(", ") ?? "application/json",
        ...options.headers,
      },
      signal: options.signal,
      // No pooled keep-alive socket: the address check runs when a connection is made, so a socket left by
      // a request to an allowed host would let a refused one through, and one the site closes as it is taken fails.
      agent: false,
      ...(allowed ? {} : { lookup: guardedLookup(() => new BlockedAddressError("private", url.host)) }),
    });
    outgoing.on("response", (response) => resolve({ response }));
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

export async function safeFetch(address: string | URL, options: SafeFetchOptions): Promise<SafeResponse> {
  let url = checkAddress(address, options.allowHosts);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  for (let redirects = 0; ; redirects += 1) {
    const { response } = await once(url, options);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (
      status >= 300 &&
      status < 400 &&
      location &&
      (options.method ?? "GET") === "GET" &&
      redirects < (options.maxRedirects ?? 3)
    ) {
      response.resume();
      url = checkAddress(new URL(location, url), options.allowHosts);
      continue;
    }
    if (options.accept && status >= 200 && status < 300 && !options.accept.includes(mediaTypeOf(response))) {
      response.destroy();
      throw new UnexpectedContentTypeError(response.headers["content-type"] ?? "");
    }
    const body = await readBody(response, maxBytes);
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(", ") : (value ?? ""),
      ]),
    );
    return {
      url: url.href,
      status,
      ok: status >= 200 && status < 300,
      headers,
      body,
      text: () => body.toString("utf8"),
      json: () => JSON.parse(body.toString("utf8")) as unknown,
    };
  }
}
