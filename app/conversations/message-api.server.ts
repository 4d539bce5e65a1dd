import type { Database, LiveEventBus } from "#db/connection.ts";
import { modelSettingsFrom } from "~/assistant/assistant.server.ts";
import { publicOrigin, type Env } from "~/env.server.ts";
import type { Language } from "~/i18n/config.ts";
import { bodyRefused, jsonAnswer, jsonError, tooManyRequests } from "~/server/json-api.server.ts";
import { readJsonBody } from "~/server/json-body.server.ts";
import { inAdmissionTurn } from "./admission-line.server.ts";
import { decodeImages, MAX_MESSAGE_BODY_BYTES, visitorMessageSchema } from "./message-schema.ts";
import {
  admitAddress,
  admitMessage,
  messageText,
  recordHeldMessage,
  replyToMessage,
  type MessageReply,
  type Refusal,
  type ReplyJob,
} from "./message-service.server.ts";

/**
 * POST /api/wordpress/messages, the widget's message API (docs/message-api.md). JSON in; JSON out, or
 * with `Accept: text/event-stream` a stream of `delta` events and a final `done` event carrying
 * the same fields as the JSON answer. Errors are `{ "error" }` in the request's language.
 */
export type MessageRequest = {
  request: Request;
  db: Database;
  env: Env;
  ip: string;
  language: Language;
  /** Where the back office hears of the stored message. */
  liveEvents: LiveEventBus;
};

const USER_AGENT_MAX_LENGTH = 500;

/** When a visitor told the server is busy may try again. */
const BUSY_RETRY_AFTER_SECONDS = 5;

type ErrorKey = Refusal["error"] | "invalid" | "message" | "images" | "server" | "busy";

async function errorResponse(language: Language, status: number, key: ErrorKey, headers?: HeadersInit) {
  return jsonError(status, (await messageText(language))(`errors.${key}`), { headers });
}

export async function handleMessageRequest({
  request,
  db,
  env,
  ip,
  language,
  liveEvents,
}: MessageRequest): Promise<Response> {
  const receivedAt = Date.now();
  const addressCheck = await inAdmissionTurn(() => admitAddress(db, ip), request.signal);
  if (!addressCheck.served) return busyResponse(language);
  if (addressCheck.value) return refusalResponse(language, addressCheck.value);

  const body = await readJsonBody(request, MAX_MESSAGE_BODY_BYTES);
  if (body.kind !== "json") return bodyRefused(await messageText(language), body.kind);
  const parsed = visitorMessageSchema.safeParse(body.value);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    return errorResponse(language, 400, field === "message" ? "message" : field === "images" ? "images" : "invalid");
  }
  const images = decodeImages(parsed.data.images);
  if (!images) return errorResponse(language, 400, "images");

  const visitor = { ip, userAgent: request.headers.get("User-Agent")?.slice(0, USER_AGENT_MAX_LENGTH) ?? null };
  const origin = { header: request.headers.get("Origin"), self: selfOrigin(env, request) };
  const admissionCheck = await inAdmissionTurn(
    () => admitMessage(db, parsed.data, { timeZone: env.TZ_DISPLAY, visitor, origin }),
    request.signal,
  );
  if (!admissionCheck.served) return busyResponse(language);
  const admission = admissionCheck.value;
  if (admission.kind === "refused") return refusalResponse(language, admission.refusal);

  const streaming = /\btext\/event-stream\b/.test(request.headers.get("Accept") ?? "");
  if (admission.kind === "replay") {
    return streaming ? eventStream(language, async (send) => send.reply(admission.reply)) : jsonAnswer(admission.reply);
  }

  if (admission.session?.heldBy != null) {
    const reply = await recordHeldMessage(db, {
      admission,
      input: parsed.data,
      images,
      mailEnabled: Boolean(env.SMTP_URL),
      liveEvents,
      receivedAt,
      backOfficeOrigin: origin.self,
    });
    return streaming ? eventStream(language, async (send) => send.reply(reply)) : jsonAnswer(reply);
  }

  const consentNeeded = (await messageText(language))("consentNeeded", { business: admission.client.businessName });
  const job = (onDelta: (text: string) => void): ReplyJob => ({
    admission,
    input: parsed.data,
    images,
    visitor,
    requestLanguage: language,
    modelSettings: modelSettingsFrom(env),
    timeZone: env.TZ_DISPLAY,
    consentNeeded,
    mailEnabled: Boolean(env.SMTP_URL),
    onDelta,
    visitorWaiting: () => !request.signal.aborted,
    liveEvents,
    receivedAt,
    backOfficeOrigin: origin.self,
  });
  if (!streaming)
    return jsonAnswer(
      await replyToMessage(
        db,
        job(() => {}),
      ),
    );
  return eventStream(language, async (send) => {
    const reply = await replyToMessage(db, job(send.delta));
    send.done(reply);
  });
}

/** Our own origin, as the chat UI's page posts from: PUBLIC_URL's, else the one the request reached. */
const selfOrigin = (env: Env, request: Request) => publicOrigin(env, request.url);

async function refusalResponse(language: Language, refusal: Refusal) {
  const { retryAfterSeconds } = refusal;
  if (retryAfterSeconds)
    return tooManyRequests(await messageText(language), { retryAfterSeconds }, `errors.${refusal.error}`);
  return errorResponse(language, refusal.status, refusal.error);
}

const busyResponse = (language: Language) =>
  errorResponse(language, 503, "busy", { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) });

type EventSender = {
  delta: (text: string) => void;
  done: (reply: MessageReply) => void;
  reply: (reply: MessageReply) => void;
};

/**
 * A Server-Sent Events response: `delta` events ({"text"}) as the reply is written, then one `done`
 * event with the stored message ({sessionId, messageId, reply, messageType, cost}), or an `error`
 * event ({"error"}) if storing failed. The work goes on if the visitor disconnects, so the message is
 * stored and a retry with the same clientMessageId gets it. `no-transform` keeps the compression
 * middleware from holding the events back.
 */
function eventStream(language: Language, work: (send: EventSender) => Promise<void>): Response {
  const encoder = new TextEncoder();
  let open = true;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const event = (name: string, data: unknown) => {
        if (!open) return;
        controller.enqueue(encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`));
      };
      const send: EventSender = {
        delta: (text) => event("delta", { text }),
        done: (reply) => event("done", reply),
        reply: (reply) => {
          event("delta", { text: reply.reply });
          event("done", reply);
        },
      };
      void work(send)
        .catch(async () => event("error", { error: (await messageText(language))("errors.server") }))
        .finally(() => {
          if (open) controller.close();
          open = false;
        });
    },
    cancel() {
      open = false;
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
