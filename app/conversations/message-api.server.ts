import type { Database, LiveEventBus } from "#db/connection.ts";
import { modelSettingsFrom } from "~/assistant/assistant.server.ts";
import { publicOrigin, type Env } from "~/env.server.ts";
import type { Language } from "~/i18n/config.ts";
import { bodyRefused, jsonAnswer, jsonError, tooManyRequests } from "~/server/json-api.server.ts";
import { readMessageUpload } from "~/pictures/message-upload.server.ts";
import { forgetUnkeptPictures, overPictureLimit } from "~/pictures/pictures.server.ts";
import { picturesFolder, removePictures, type StoredPicture } from "~/pictures/picture-store.server.ts";
import { readJsonBody } from "~/server/json-body.server.ts";
import { admissionTurns } from "./admission-line.server.ts";
import { MAX_MESSAGE_JSON_BYTES, pictureName, visitorMessageSchema, type VisitorMessage } from "./message-schema.ts";
import { recordHeldMessage } from "./held-message.server.ts";
import { admitAddress, admitMessage, type Refusal } from "./message-admission.server.ts";
import { replyToMessage, type ReplyJob } from "./message-service.server.ts";
import { messageText } from "./message-text.server.ts";
import type { MessageReply } from "./stored-message.server.ts";
import { visitorBusinessName } from "./visitor-business-name.ts";

/**
 * POST /api/wordpress/messages, the widget's message API (docs/message-api.md). JSON in, or multipart
 * when the message has pictures; JSON out, or
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

type ErrorKey =
  Refusal["error"] | "invalid" | "message" | "images" | "imagesInJson" | "tooManyPictures" | "server" | "busy";

/** When a visitor past the day's pictures may send more. */
const PICTURE_LIMIT_RETRY_AFTER_SECONDS = 3600;

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
  const inAdmissionTurn = admissionTurns();
  const addressCheck = await inAdmissionTurn(() => admitAddress(db, ip), request.signal);
  if (!addressCheck.served) return busyResponse(language);
  if (addressCheck.value) return refusalResponse(language, addressCheck.value);

  const folder = picturesFolder(env);
  const body = await readMessageBody(request, folder);
  if (body.kind === "refused") return body.response(language);
  const { input, pictures } = body;
  // Whatever becomes of the message, no picture file stays on disk that it did not keep.
  const finished = <T extends { messageId: number }>(work: Promise<T>) =>
    work.then(
      async (reply) => {
        await forgetUnkeptPictures(db, folder, pictures, reply.messageId);
        return reply;
      },
      async (error: unknown) => {
        await forgetUnkeptPictures(db, folder, pictures, undefined);
        throw error;
      },
    );
  const refused = async (response: Response) => {
    await forgetUnkeptPictures(db, folder, pictures, undefined);
    return response;
  };

  const visitor = { ip, userAgent: request.headers.get("User-Agent")?.slice(0, USER_AGENT_MAX_LENGTH) ?? null };
  const origin = { header: request.headers.get("Origin"), self: selfOrigin(env, request) };
  const admissionCheck = await inAdmissionTurn(
    () => admitMessage(db, input, { timeZone: env.TZ_DISPLAY, visitor, origin }),
    request.signal,
  );
  if (!admissionCheck.served) return refused(await busyResponse(language));
  const admission = admissionCheck.value;
  if (admission.kind === "refused") return refused(await refusalResponse(language, admission.refusal));

  const streaming = /\btext\/event-stream\b/.test(request.headers.get("Accept") ?? "");
  if (admission.kind === "replay") {
    await forgetUnkeptPictures(db, folder, pictures, admission.reply.messageId);
    return streaming ? eventStream(language, async (send) => send.reply(admission.reply)) : jsonAnswer(admission.reply);
  }
  if (await overPictureLimit(db, { clientId: admission.client.id, sessionId: admission.session?.id }, pictures)) {
    return refused(
      await tooManyRequests(
        await messageText(language),
        { retryAfterSeconds: PICTURE_LIMIT_RETRY_AFTER_SECONDS },
        "errors.tooManyPictures",
      ),
    );
  }

  if (admission.session?.heldBy != null) {
    const reply = await finished(
      recordHeldMessage(db, {
        admission,
        input,
        images: pictures,
        mailEnabled: Boolean(env.SMTP_URL),
        liveEvents,
        receivedAt,
        backOfficeOrigin: origin.self,
      }),
    );
    return streaming ? eventStream(language, async (send) => send.reply(reply)) : jsonAnswer(reply);
  }

  const text = await messageText(language);
  const consentNeeded = text("consentNeeded", { business: visitorBusinessName(admission.client, text("brand")) });
  const job = (onDelta: (text: string) => void): ReplyJob => ({
    admission,
    input,
    images: pictures,
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
      await finished(
        replyToMessage(
          db,
          job(() => {}),
        ),
      ),
    );
  return eventStream(language, async (send) => {
    const reply = await finished(replyToMessage(db, job(send.delta)));
    send.done(reply);
  });
}

type MessageBody =
  | { kind: "read"; input: VisitorMessage; pictures: StoredPicture[] }
  | { kind: "refused"; response: (language: Language) => Promise<Response> };

/**
 * The message and its pictures: JSON without pictures, or a multipart upload whose pictures are
 * written to the pictures folder as they arrive (app/pictures/message-upload.server.ts). A refused
 * upload leaves no file behind.
 */
async function readMessageBody(request: Request, folder: string): Promise<MessageBody> {
  const refusedWith = (response: MessageBody & { kind: "refused" }) => response;
  const refuse = (status: number, key: ErrorKey, headers?: HeadersInit) =>
    refusedWith({ kind: "refused", response: (language) => errorResponse(language, status, key, headers) });
  if (!/^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? "")) {
    const body = await readJsonBody(request, MAX_MESSAGE_JSON_BYTES);
    if (body.kind !== "json")
      return refusedWith({
        kind: "refused",
        response: async (language) => bodyRefused(await messageText(language), body.kind),
      });
    return parsedMessage(body.value, [], refuse);
  }
  const upload = await readMessageUpload(request, folder);
  if (upload.kind === "busy") return refuse(503, "busy", { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) });
  if (upload.kind === "too-large") return refuse(413, "images");
  if (upload.kind === "timed-out") return refuse(408, "invalid");
  if (upload.kind !== "read") return refuse(400, upload.kind);
  const pictures = upload.pictures.map((picture, index) => ({
    ...picture,
    name: pictureName(picture.name, index + 1),
  }));
  let value: unknown;
  try {
    value = JSON.parse(upload.payload);
  } catch {
    value = undefined;
  }
  const parsed = parsedMessage(value, pictures, refuse);
  if (parsed.kind === "refused")
    await removePictures(
      folder,
      pictures.map((picture) => picture.file),
    );
  return parsed;
}

function parsedMessage(
  value: unknown,
  pictures: StoredPicture[],
  refuse: (status: number, key: ErrorKey) => MessageBody,
): MessageBody {
  const parsed = visitorMessageSchema.safeParse(value);
  if (parsed.success) return { kind: "read", input: parsed.data, pictures };
  const field = parsed.error.issues[0]?.path[0];
  return refuse(400, field === "message" ? "message" : field === "images" ? "imagesInJson" : "invalid");
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
