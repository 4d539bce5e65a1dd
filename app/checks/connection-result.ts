import type { Explanation } from "./explanation.ts";

/** The checks of /admin/system-status, each with its own API (`GET /api/system/test-*`). */
export const CLIENT_CHECK_KINDS = ["wordpress", "hivepress", "ai", "upload"] as const;
export const CHECK_KINDS = ["database", ...CLIENT_CHECK_KINDS] as const;

export type CheckKind = (typeof CHECK_KINDS)[number];
export type ClientCheckKind = (typeof CLIENT_CHECK_KINDS)[number];

/** A connection is connected or disconnected; the page adds "testing" while one runs. */
export type ConnectionStatus = "connected" | "disconnected";

/** What every check of `CHECK_KINDS` answers, and what its history keeps. */
export type ConnectionResult = {
  kind: CheckKind;
  status: ConnectionStatus;
  checkedAt: string;
  durationMs: number;
  /** Why it failed, in the caller's language; the explanation's key and values are in `explanation`. */
  error?: string;
  /** The error as the other side gave it (an OpenSSL line, "status: the server's message"). */
  rawError?: string;
  explanation?: Explanation;
  /** How the check reached the site, e.g. over http after https failed for an address without a scheme. */
  notice?: string;
  details: Record<string, unknown>;
};

export const CHECK_TIMEOUT_MS = 5_000;
/** Results of each check the page shows as its history. */
export const HISTORY_PER_CHECK = 20;

export function isClientCheckKind(value: string): value is ClientCheckKind {
  return (CLIENT_CHECK_KINDS as readonly string[]).includes(value);
}

/** The REST routes the checks try, in the order they try them (the WordPress Test tab lists them). */
export const WORDPRESS_ENDPOINTS = [
  { kind: "wordpress", method: "GET", route: "/" },
  { kind: "wordpress", method: "GET", route: "/alex/v1/status" },
  { kind: "wordpress", method: "GET", route: "/wp/v2/users/me" },
  { kind: "hivepress", method: "GET", route: "/alex/v1/listings" },
  { kind: "upload", method: "POST", route: "/wp/v2/media" },
  { kind: "upload", method: "DELETE", route: "/wp/v2/media/{id}" },
] as const;
