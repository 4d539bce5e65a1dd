import type { Database } from "#db/connection.ts";
import type { Client } from "~/models/client.server.ts";
import { findWordPressConnection } from "~/models/wordpress-connection.server.ts";
import {
  BlockedAddressError,
  ResponseTooLargeError,
  safeFetch,
  type SafeResponse,
} from "~/server/safe-fetch.server.ts";
import { CheckFailure, explainNetworkError, httpFailure, rawErrorOf } from "./check-errors.server.ts";
import { credentialsKey, decryptSecret } from "./credentials.server.ts";
import { explain, type Explanation } from "./explanation.ts";

/** How long https may take to answer a site typed without a scheme before http is tried, within the check's 5 s. */
const HTTPS_ATTEMPT_MS = 2_500;

/** Where a client's WordPress is and how to sign in to it, as the checks need it. */
export type WordPressTarget = {
  siteUrl: string;
  /** The connection's site URL, or the client's website domain when no connection was saved. */
  source: "connection" | "websiteDomain";
  /** Typed without http:// or https://: tried over https, then over http. */
  schemeGiven: boolean;
  username: string | null;
  /** Decrypted only here, on the server, for the Authorization header; never returned. */
  applicationPassword: string | null;
  passwordUnreadable: boolean;
};

export const hasScheme = (address: string) => /^https?:\/\//i.test(address.trim());

/** A bare domain gets https first: WordPress sites are served over it, and Application Passwords need it. */
export function siteUrlFrom(address: string): string {
  const trimmed = address.trim();
  const url = new URL(hasScheme(trimmed) ? trimmed : `https://${trimmed}`);
  url.hash = "";
  url.search = "";
  return url.href.replace(/\/+$/, "");
}

export async function resolveWordPressTarget(
  db: Database,
  client: Pick<Client, "id" | "websiteDomain">,
): Promise<WordPressTarget> {
  const connection = await findWordPressConnection(db, client.id);
  if (!connection) {
    return {
      siteUrl: siteUrlFrom(client.websiteDomain),
      source: "websiteDomain",
      schemeGiven: hasScheme(client.websiteDomain),
      username: null,
      applicationPassword: null,
      passwordUnreadable: false,
    };
  }
  const password = connection.applicationPasswordEncrypted
    ? decryptSecret(credentialsKey(), connection.applicationPasswordEncrypted)
    : undefined;
  return {
    siteUrl: siteUrlFrom(connection.siteUrl),
    source: "connection",
    schemeGiven: hasScheme(connection.siteUrl),
    username: connection.username || null,
    applicationPassword: password ?? null,
    passwordUnreadable: Boolean(connection.applicationPasswordEncrypted) && password === undefined,
  };
}

export type Discovery = { name: string; namespaces: string[]; routeStyle: "pretty" | "query" };

/** Which scheme answered an address typed without one, and why https did not. */
export type SchemeAttempt = { answered: "https" } | { answered: "http"; https: Explanation };

/** An https failure worth trying http for: no connection or no TLS, but the host exists and is allowed. */
function httpMayAnswer(error: unknown, https: Explanation | undefined) {
  if (error instanceof BlockedAddressError || error instanceof ResponseTooLargeError) return false;
  return https?.key !== "explain.dnsNotFound";
}

/**
 * A client's WordPress REST API: `/wp-json/…`, or `/?rest_route=…` on a site whose permalinks are
 * plain. Every request goes through the SSRF-safe fetch, within the check's deadline.
 */
export class WordPressRest {
  private routeStyle: Discovery["routeStyle"] = "pretty";
  /** The site's address as it answered: the target's, or its http form when only http did. */
  siteUrl: string;
  schemeAttempt: SchemeAttempt | undefined;

  constructor(
    readonly target: WordPressTarget,
    private readonly options: { signal: AbortSignal; allowHosts: readonly string[] },
  ) {
    this.siteUrl = target.siteUrl;
  }

  urlOf(route: string, query: Record<string, string> = {}) {
    const url = this.routeStyle === "pretty" ? new URL(`${this.siteUrl}/wp-json${route}`) : new URL(`${this.siteUrl}/`);
    if (this.routeStyle === "query") url.searchParams.set("rest_route", route);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  }

  request(
    route: string,
    init: {
      method?: "GET" | "POST" | "DELETE";
      headers?: Record<string, string>;
      body?: Buffer;
      query?: Record<string, string>;
    } = {},
    signal = this.options.signal,
  ): Promise<SafeResponse> {
    return safeFetch(this.urlOf(route, init.query), {
      method: init.method,
      headers: init.headers,
      body: init.body,
      signal,
      allowHosts: this.options.allowHosts,
    });
  }

  authorization(): Record<string, string> {
    const { username, applicationPassword } = this.target;
    if (!username || !applicationPassword) return {};
    return { Authorization: `Basic ${Buffer.from(`${username}:${applicationPassword}`).toString("base64")}` };
  }

  /** How the check reached a site typed without a scheme, for its result: which scheme answered, and why https did not. */
  schemeNotice(): Explanation | undefined {
    if (!this.schemeAttempt) return undefined;
    if (this.schemeAttempt.answered === "https") return explain("explain.answeredHttps");
    return explain("explain.answeredHttp", { reason: { key: this.schemeAttempt.https.key } });
  }

  /**
   * The first request. An address typed without a scheme is tried over https, then over http when
   * https could not connect (nothing on its port, no valid TLS, no answer in time); if neither
   * answers, the https failure is the one explained, with both raw errors behind it.
   */
  private async firstContact(): Promise<SafeResponse> {
    if (this.target.schemeGiven || !this.siteUrl.startsWith("https:")) return this.request("/");
    try {
      const response = await this.request(
        "/",
        {},
        AbortSignal.any([this.options.signal, AbortSignal.timeout(HTTPS_ATTEMPT_MS)]),
      );
      this.schemeAttempt = { answered: "https" };
      return response;
    } catch (httpsError) {
      if (this.options.signal.aborted) throw httpsError;
      const https =
        explainNetworkError(httpsError) ??
        (isAbort(httpsError) ? explain("explain.httpsNoAnswer", undefined, rawErrorOf(httpsError)) : undefined);
      if (!https || !httpMayAnswer(httpsError, https)) throw httpsError;
      this.siteUrl = this.siteUrl.replace(/^https:/, "http:");
      try {
        const response = await this.request("/");
        this.schemeAttempt = { answered: "http", https };
        return response;
      } catch (httpError) {
        if (this.options.signal.aborted) throw httpError;
        this.siteUrl = this.target.siteUrl;
        const raw = `https: ${https.raw ?? rawErrorOf(httpsError)}\nhttp: ${rawErrorOf(httpError)}`;
        throw new CheckFailure({ ...https, raw }, { siteUrl: this.target.siteUrl }, explain("explain.neitherAnswered"));
      }
    }
  }

  /** `GET /wp-json/`: the site's name and REST namespaces; falls back to `?rest_route=/` once. */
  async discover(): Promise<Discovery> {
    let response = await this.firstContact();
    if (!isRestIndex(response)) {
      this.routeStyle = "query";
      const fallback = await this.request("/");
      if (isRestIndex(fallback)) response = fallback;
      else {
        this.routeStyle = "pretty";
        throw new CheckFailure(
          response.ok ? explain("errors.notWordPress", { url: this.urlOf("/").href }) : httpFailure(response),
          { siteUrl: this.siteUrl },
          this.schemeNotice(),
        );
      }
    }
    const index = response.json() as { name?: unknown; namespaces?: unknown };
    return {
      name: typeof index.name === "string" ? index.name : "",
      namespaces: Array.isArray(index.namespaces)
        ? index.namespaces.filter((value): value is string => typeof value === "string")
        : [],
      routeStyle: this.routeStyle,
    };
  }
}

function isAbort(error: unknown) {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

function isRestIndex(response: SafeResponse) {
  if (!response.ok) return false;
  try {
    const body = response.json() as { namespaces?: unknown };
    return Array.isArray(body?.namespaces);
  } catch {
    return false;
  }
}
