import { randomUUID } from "node:crypto";
import { expect, inject } from "vitest";
import { TEST_ADMIN } from "./server.ts";

/** This worker's own server (tests/support/http-server.global.ts starts one per worker). */
export function baseUrl(): string {
  const urls = inject("baseUrls");
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return urls[(worker - 1) % urls.length]!;
}

let ipCounter = 0;
/** Each caller its own client address (the server trusts X-Forwarded-For from loopback), so rate limits do not leak between tests. */
export const uniqueIp = () => `198.18.${Math.floor(++ipCounter / 250) + (process.pid % 200)}.${(ipCounter % 250) + 1}`;

export function request(path: string, init: RequestInit & { ip?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("X-Forwarded-For", init.ip ?? uniqueIp());
  return fetch(new URL(path, baseUrl()), { redirect: "manual", ...init, headers });
}

export function postForm(path: string, fields: Record<string, string>, init: RequestInit & { ip?: string } = {}) {
  return request(path, { ...init, method: "POST", body: new URLSearchParams(fields) });
}

export function sessionCookieFrom(response: Response): string | null {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("alex_session="));
  return cookie ? cookie.split(";")[0]! : null;
}

export async function loginAsOperator(credentials = TEST_ADMIN): Promise<string> {
  const response = await postForm("/login", credentials);
  const cookie = sessionCookieFrom(response);
  if (response.status !== 302 || !cookie) throw new Error(`Login failed with ${response.status}`);
  return cookie;
}

/** The language cookie exactly as a server (this worker's unless named) sets it when a visitor picks a language. */
export async function languageCookie(language: "he" | "en", serverUrl = baseUrl()): Promise<string> {
  const response = await fetch(new URL(`/?lng=${language}`, serverUrl), {
    redirect: "manual",
    headers: { "X-Forwarded-For": uniqueIp() },
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("lng="));
  if (!cookie) throw new Error("The server set no language cookie.");
  return cookie.split(";")[0]!;
}

/** Both language cookies of a server, for tests that run their own. */
export async function languageCookies(serverUrl: string) {
  return { he: await languageCookie("he", serverUrl), en: await languageCookie("en", serverUrl) };
}

/** The toast a response's `alex_toast` cookie carries (remix-toast's signed flash), or undefined. */
export function decodeToast(cookie: string | undefined): unknown {
  const value = decodeURIComponent(cookie?.split(";")[0]?.split("=")[1] ?? "").split(".")[0] ?? "";
  const flash = JSON.parse(Buffer.from(value, "base64").toString("utf8")) as {
    __flash_toast__?: unknown;
    [key: string]: unknown;
  };
  const entry = Object.values(flash)[0] as { toast?: unknown } | undefined;
  return entry?.toast;
}

/** Sends `count` requests made by `send`, twenty at a time, and reads each answer through (none is left open). */
export async function sendMany(count: number, send: () => Promise<Response>) {
  for (let sent = 0; sent < count; sent += 20) {
    const batch = Array.from({ length: Math.min(20, count - sent) }, async () => (await send()).arrayBuffer());
    await Promise.all(batch);
  }
}

/** The seed's own client, the provider's: an ordinary client, billed and monitored (unlike the public demo's). */
export const SEED_CLIENT_NAME = "Alex AI";

/** A client of the seed by its exact name, as the clients API gives it to an operator: its id and license. */
export async function seedClient(cookie: string, name = SEED_CLIENT_NAME): Promise<{ id: number; licenseKey: string }> {
  const response = await request(`/api/clients?${new URLSearchParams({ q: name })}`, { headers: { Cookie: cookie } });
  const clients = (await response.json()) as { id: number; businessName: string; licenseKey: string }[];
  const client = clients.find((candidate) => candidate.businessName === name);
  if (!client) throw new Error(`The seed has no client named ${name}.`);
  return { id: client.id, licenseKey: client.licenseKey };
}

/**
 * A new visitor's first question through the chat API, each from an address of its own so that no rate
 * limit falls between them: Alex's answer, its session and its message.
 */
export async function askAsNewVisitor(licenseKey: string, message: string, serverUrl = baseUrl()) {
  const response = await fetch(new URL("/api/wordpress/messages", serverUrl), {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-Forwarded-For": uniqueIp() },
    body: JSON.stringify({ license: licenseKey, sessionId: null, clientMessageId: randomUUID(), message }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { reply: string; sessionId: string; messageId: number };
}
