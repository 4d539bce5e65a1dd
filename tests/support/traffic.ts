import { randomUUID } from "node:crypto";

/** Helpers for the fault tests (tests/integration/faults/): visitors and operators sending requests while something breaks. */
export const MESSAGES_PATH = "/api/wordpress/messages";

export type Outcome = {
  kind: string;
  startedAt: number;
  ms: number;
  /** The HTTP status, or 0 when the request got no answer at all (refused, reset). */
  status: number;
  body: string;
  clientMessageId?: string;
};

let addressCounter = 0;
/** A fresh visitor address each time (the server believes X-Forwarded-For from loopback), so no rate limit interferes. */
export const visitorIp = () => `198.19.${Math.floor(++addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;

/** The license of the public demo's client, read from the page that embeds it. */
export async function demoLicense(base: string): Promise<string> {
  const page = await (await fetch(`${base}/minimal-chat-demo`)).text();
  const license = /alex_[0-9a-f]{32}/.exec(page)?.[0];
  if (!license) throw new Error("The demo page carries no license.");
  return license;
}

export async function timed(kind: string, send: () => Promise<Response>, extra: Partial<Outcome> = {}) {
  const startedAt = Date.now();
  try {
    const response = await send();
    const body = await response.text();
    return { kind, startedAt, ms: Date.now() - startedAt, status: response.status, body, ...extra } as Outcome;
  } catch (error) {
    const body = error instanceof Error ? `${error.message} ${String((error.cause as Error)?.message ?? "")}` : "";
    return { kind, startedAt, ms: Date.now() - startedAt, status: 0, body, ...extra } as Outcome;
  }
}

export function postMessage(
  base: string,
  body: { license: string; message: string; sessionId?: string; clientMessageId?: string },
  { accept = "application/json", ip = visitorIp() }: { accept?: string; ip?: string } = {},
) {
  const clientMessageId = body.clientMessageId ?? randomUUID();
  return timed(
    accept.includes("event-stream") ? "stream" : "message",
    () =>
      fetch(`${base}${MESSAGES_PATH}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: accept, "X-Forwarded-For": ip, "User-Agent": "faults" },
        body: JSON.stringify({ ...body, clientMessageId }),
      }),
    { clientMessageId },
  );
}

/** Runs `send` over and over from `workers` concurrent callers until `stop()`; returns every outcome. */
export function keepSending(workers: number, send: () => Promise<Outcome>) {
  const outcomes: Outcome[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      outcomes.push(await send());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return {
    outcomes,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function login(base: string, credentials: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams(credentials),
    redirect: "manual",
    headers: { "X-Forwarded-For": visitorIp() },
  });
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith("alex_session="))
    ?.split(";")[0];
  if (response.status !== 302 || !cookie) throw new Error(`Login failed with ${response.status}`);
  return cookie;
}
