import type { ChatReply } from "~/conversations/chat-contract.ts";
import { createSseParser } from "./sse.ts";

/** The multipart fields of a message with pictures (app/pictures/message-upload.server.ts): the JSON, then each picture. */
const PAYLOAD_FIELD = "payload";
const PICTURE_FIELD = "image";

export type OutgoingMessage = {
  license: string;
  sessionId?: string;
  /** The same for every retry of one message, so the server never stores or bills it twice. */
  clientMessageId: string;
  message: string;
  /** The pictures as the visitor chose them: sent as files, their bytes as they are (the server reads their type). */
  images?: File[];
  /** The visitor agreed that the business keeps their contact details. */
  consent?: true;
};

export type Reply = ChatReply;

/**
 * `error` is the server's message in the visitor's language; null when no usable answer came at all.
 * `timedOut`: the server stopped answering (nothing for REQUEST_TIMEOUT_MS). `retryAfterMs`: the server
 * is busy or its database away for a moment (503) and said when to try again (Retry-After, at most a minute).
 */
export type SendResult =
  | { ok: true; reply: Reply }
  | { ok: false; status: number | null; error: string | null; timedOut?: true; retryAfterMs?: number };

const LONGEST_RETRY_AFTER_MS = 60_000;

/** Retry-After in seconds, as our server sends it on a 503; anything else is no promise to wait for. */
function retryAfterOf(response: Response): number | undefined {
  if (response.status !== 503) return undefined;
  const seconds = Number(response.headers.get("Retry-After"));
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, LONGEST_RETRY_AFTER_MS) : undefined;
}

/**
 * How long the widget waits for a server that says nothing: for the answer to start, and then
 * between two pieces of a streamed reply. A hung server must not leave the visitor watching the
 * typing dots forever; a long reply that keeps streaming is never cut.
 */
export const REQUEST_TIMEOUT_MS = 20_000;

/**
 * The upload speed a message's images are allowed before the wait for an answer starts counting:
 * 64 KB/s (a poor mobile connection), so three 5 MB images on a slow phone are not cut off as silence.
 */
const SLOW_UPLOAD_BYTES_PER_SECOND = 64 * 1024;

/** How long to wait for the answer to start: the silence allowed, plus the time a slow connection takes to send the body. */
export const firstAnswerTimeout = (bodyLength: number, timeoutMs: number) =>
  timeoutMs + Math.ceil((bodyLength / SLOW_UPLOAD_BYTES_PER_SECOND) * 1000);

/**
 * An abort signal that fires after `ms` of silence (`firstMs` the first time): `alive()` restarts the
 * count (a piece arrived), `stop()` ends it (the answer is complete). `expired()` says whether it fired.
 */
export function silenceTimer(ms: number, firstMs = ms) {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let fired = false;
  const alive = (wait = ms) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      fired = true;
      controller.abort();
    }, wait);
  };
  alive(firstMs);
  return { signal: controller.signal, alive, stop: () => clearTimeout(timer), expired: () => fired };
}

/** A fetch that gives up after REQUEST_TIMEOUT_MS without an answer (for the small requests: history, feedback). */
export async function fetchWithTimeout(input: string, init: RequestInit = {}, ms = REQUEST_TIMEOUT_MS) {
  const silence = silenceTimer(ms);
  try {
    const response = await fetch(input, { ...init, signal: silence.signal });
    // The body is small and read right away; the same signal still guards it.
    const body = await response.text();
    return { status: response.status, ok: response.ok, body };
  } finally {
    silence.stop();
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

function asReply(value: unknown): Reply | null {
  if (!isRecord(value)) return null;
  const { sessionId, messageId, reply, messageType, cost, heldBy } = value;
  if (typeof sessionId !== "string" || typeof reply !== "string" || typeof messageType !== "string") return null;
  if (typeof messageId !== "number") return null;
  return {
    sessionId,
    messageId,
    reply,
    messageType,
    cost: typeof cost === "number" ? cost : 0,
    // A person holds the session: the empty reply is not Alex's.
    ...(heldBy === true ? { heldBy } : {}),
  };
}

const errorOf = (value: unknown) => (isRecord(value) && typeof value.error === "string" ? value.error : null);

/** A piece of the reply: a `delta` event's `{text}`. */
const deltaOf = (value: unknown) => (isRecord(value) && typeof value.text === "string" ? value.text : null);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Sends one message and reads the reply as it is written (Server-Sent Events read with fetch and a
 * stream reader), calling `onText` with the reply so far. The message API streams `delta` events
 * (`{text}`), then a `done` event with the whole answer (`{sessionId, messageId, reply, messageType,
 * cost}`), or an `error` event (`{error}`); a server that answers with plain JSON works the same.
 */
export async function sendMessage(
  endpoint: string,
  message: OutgoingMessage,
  onText: (textSoFar: string) => void,
  { fetchImpl = fetch, timeoutMs = REQUEST_TIMEOUT_MS }: { fetchImpl?: typeof fetch; timeoutMs?: number } = {},
): Promise<SendResult> {
  const { images = [], ...fields } = message;
  const payload = JSON.stringify(fields);
  const body = images.length === 0 ? payload : pictureForm(payload, images);
  const bodyLength = payload.length + images.reduce((sum, image) => sum + image.size, 0);
  const silence = silenceTimer(timeoutMs, firstAnswerTimeout(bodyLength, timeoutMs));
  try {
    return await readReply(endpoint, body, onText, fetchImpl, silence);
  } finally {
    silence.stop();
  }
}

/** A message with pictures: multipart, the JSON first so the server reads it before the pictures. */
function pictureForm(payload: string, images: File[]) {
  const form = new FormData();
  form.append(PAYLOAD_FIELD, payload);
  for (const image of images) form.append(PICTURE_FIELD, image, image.name);
  return form;
}

async function readReply(
  endpoint: string,
  body: string | FormData,
  onText: (textSoFar: string) => void,
  fetchImpl: typeof fetch,
  silence: ReturnType<typeof silenceTimer>,
): Promise<SendResult> {
  const failed = (status: number | null, error: string | null = null): SendResult =>
    silence.expired() ? { ok: false, status, error: null, timedOut: true } : { ok: false, status, error };
  let response: Response;
  try {
    response = await fetchImpl(endpoint, {
      method: "POST",
      // A form sets its own multipart type, with its boundary.
      headers: {
        ...(typeof body === "string" ? { "Content-Type": "application/json" } : {}),
        Accept: "text/event-stream, application/json",
      },
      body,
      signal: silence.signal,
    });
  } catch {
    return failed(null);
  }
  silence.alive();

  if (!response.ok) {
    const error = errorOf(parseJson(await response.text().catch(() => "")));
    const retryAfterMs = retryAfterOf(response);
    return retryAfterMs === undefined
      ? failed(response.status, error)
      : { ok: false, status: response.status, error, retryAfterMs };
  }
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/event-stream") || !response.body) {
    const reply = asReply(parseJson(await response.text().catch(() => "")));
    return reply ? { ok: true, reply } : failed(response.status);
  }

  let text = "";
  // Assigned by the parser's callback, which TypeScript's narrowing cannot follow.
  let final = null as Reply | null;
  let failure = null as string | null;
  const parser = createSseParser(({ event, data }) => {
    const value = parseJson(data);
    const error = event === "error" ? (errorOf(value) ?? "") : errorOf(value);
    if (error !== null) {
      failure = error;
      return;
    }
    const reply = asReply(value);
    if (reply) {
      final = reply;
      return;
    }
    const delta = deltaOf(value);
    if (delta) {
      text += delta;
      onText(text);
    }
  });

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      silence.alive();
      parser.feed(value);
    }
  } catch {
    // The connection broke in the middle, or went silent: the reply is incomplete, the visitor may retry.
  }
  parser.end();
  if (final) return { ok: true, reply: final };
  return failed(response.status, failure || null);
}
