import type { Database } from "#db/connection.ts";
import type { Client } from "~/models/client.server.ts";
import { findWordPressConnection } from "~/models/wordpress-connection.server.ts";
import { safeFetch, type SafeResponse } from "~/server/safe-fetch.server.ts";
import { CheckFailure, httpErrorText, type Translate } from "./check-errors.server.ts";
import { credentialsKey, decryptSecret } from "./credentials.server.ts";

/** Where a client's WordPress is and how to sign in to it, as the checks need it. */
export type WordPressTarget = {
  siteUrl: string;
  /** The connection's site URL, or the client's website domain when no connection was saved. */
  source: "connection" | "websiteDomain";
  username: string | null;
  /** Decrypted only here, on the server, for the Authorization header; never returned. */
  applicationPassword: string | null;
  passwordUnreadable: boolean;
};

/** A bare domain gets https: WordPress sites are served over it, and Application Passwords need it. */
export function siteUrlFrom(address: string): string {
  const trimmed = address.trim();
  const url = new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  url.hash = "";
  url.search = "";
  return url.href.replace(/\/+$/, "");
}

export async function resolveWordPressTarget(db: Database, client: Pick<Client, "id" | "websiteDomain">): Promise<WordPressTarget> {
  const connection = await findWordPressConnection(db, client.id);
  if (!connection) {
    return { siteUrl: siteUrlFrom(client.websiteDomain), source: "websiteDomain", username: null, applicationPassword: null, passwordUnreadable: false };
  }
  const password = connection.applicationPasswordEncrypted ? decryptSecret(credentialsKey(), connection.applicationPasswordEncrypted) : undefined;
  return {
    siteUrl: siteUrlFrom(connection.siteUrl),
    source: "connection",
    username: connection.username || null,
    applicationPassword: password ?? null,
    passwordUnreadable: Boolean(connection.applicationPasswordEncrypted) && password === undefined,
  };
}

export type Discovery = { name: string; namespaces: string[]; routeStyle: "pretty" | "query" };

/**
 * A client's WordPress REST API: `/wp-json/…`, or `/?rest_route=…` on a site whose permalinks are
 * plain. Every request goes through the SSRF-safe fetch, within the check's deadline.
 */
export class WordPressRest {
  private routeStyle: Discovery["routeStyle"] = "pretty";

  constructor(
    readonly target: WordPressTarget,
    private readonly options: { signal: AbortSignal; allowHosts: readonly string[]; t: Translate },
  ) {}

  urlOf(route: string, query: Record<string, string> = {}) {
    const url = this.routeStyle === "pretty" ? new URL(`${this.target.siteUrl}/wp-json${route}`) : new URL(`${this.target.siteUrl}/`);
    if (this.routeStyle === "query") url.searchParams.set("rest_route", route);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  }

  request(route: string, init: { method?: "GET" | "POST" | "DELETE"; headers?: Record<string, string>; body?: Buffer; query?: Record<string, string> } = {}): Promise<SafeResponse> {
    return safeFetch(this.urlOf(route, init.query), {
      method: init.method,
      headers: init.headers,
      body: init.body,
      signal: this.options.signal,
      allowHosts: this.options.allowHosts,
    });
  }

  authorization(): Record<string, string> {
    const { username, applicationPassword } = this.target;
    if (!username || !applicationPassword) return {};
    return { Authorization: `Basic ${Buffer.from(`${username}:${applicationPassword}`).toString("base64")}` };
  }

  /** `GET /wp-json/`: the site's name and REST namespaces; falls back to `?rest_route=/` once. */
  async discover(): Promise<Discovery> {
    const { t } = this.options;
    let response = await this.request("/");
    if (!isRestIndex(response)) {
      this.routeStyle = "query";
      const fallback = await this.request("/");
      if (isRestIndex(fallback)) response = fallback;
      else {
        this.routeStyle = "pretty";
        throw new CheckFailure(response.ok ? t("errors.notWordPress", { url: this.urlOf("/").href }) : httpErrorText(response), { siteUrl: this.target.siteUrl });
      }
    }
    const index = response.json() as { name?: unknown; namespaces?: unknown };
    return {
      name: typeof index.name === "string" ? index.name : "",
      namespaces: Array.isArray(index.namespaces) ? index.namespaces.filter((value): value is string => typeof value === "string") : [],
      routeStyle: this.routeStyle,
    };
  }
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
