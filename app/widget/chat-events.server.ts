import type { Database, LiveEventBus } from "#db/connection.ts";
import type { ChatEvent } from "~/conversations/chat-contract.ts";
import type { Language } from "~/i18n/config.ts";
import { subscribeLiveEvents } from "~/live/live-events.server.ts";
import { findClientChatSession } from "~/models/chat-session.server.ts";
import { findClientByLicenseKey } from "~/models/client.server.ts";
import { findSessionMessageForVisitor } from "~/models/handoff.server.ts";
import { jsonError, notFound, tooManyRequests } from "~/server/json-api.server.ts";
import { checkRateLimit, countAgainstRateLimit, type RateLimitRule } from "~/server/rate-limit.server.ts";
import { untilShutdown } from "~/server/shutdown.server.ts";
import { historyQuerySchema, widgetText } from "./visitor-api.server.ts";

/** Opened once per widget load (and after a dropped connection): like the history endpoint. */
export const CHAT_EVENTS_LIMIT_RULE: RateLimitRule = { limit: 30, windowMs: 60 * 1000 };
/** Open streams one address may hold (a few tabs), and one session (two tabs of one visitor). */
export const MAX_STREAMS_PER_ADDRESS = 6;
export const MAX_STREAMS_PER_SESSION = 3;
/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 25_000;

/** The streams open in this process, by address and by session: a cap on what one visitor holds open. */
const openByAddress = new Map<string, number>();
const openBySession = new Map<string, number>();
const change = (counts: Map<string, number>, key: string, by: number) => {
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
};

type ChatEventsRequest = { request: Request; db: Database; bus: LiveEventBus; language: Language; ip: string };

/**
 * `GET /api/wordpress/chat-events?license=&sessionId=`: the visitor's own session, as Server-Sent
 * Events named `chat` (ChatEvent): a person joined, their replies, Alex back (or after a timeout,
 * with Alex's words). Only that session's events, read from the bus and filtered here; a message's
 * text is read from the database by id, and only an operator's or Alex's, never another's.
 */
export async function chatEvents({ request, db, bus, language, ip }: ChatEventsRequest): Promise<Response> {
  const t = await widgetText(language);
  const verdict = await checkRateLimit(db, [`widget-chat-events:ip:${ip}`], CHAT_EVENTS_LIMIT_RULE);
  if (verdict.limited) return tooManyRequests(t, verdict);
  await countAgainstRateLimit(db, [`widget-chat-events:ip:${ip}`]);
  const params = new URL(request.url).searchParams;
  const parsed = historyQuerySchema.safeParse({
    license: params.get("license") ?? "",
    sessionId: params.get("sessionId") ?? "",
  });
  if (!parsed.success) return jsonError(400, t("api.invalid"));
  const client = await findClientByLicenseKey(db, parsed.data.license);
  if (!client) return notFound(t, "api.unknownLicense");
  if (client.status !== "active") return jsonError(403, t("api.inactive"));
  const session = await findClientChatSession(db, client.id, parsed.data.sessionId);
  if (!session) return notFound(t, "api.unknownSession");
  if (
    (openByAddress.get(ip) ?? 0) >= MAX_STREAMS_PER_ADDRESS ||
    (openBySession.get(session.publicId) ?? 0) >= MAX_STREAMS_PER_SESSION
  ) {
    return tooManyRequests(t, { retryAfterSeconds: 60 });
  }
  change(openByAddress, ip, 1);
  change(openBySession, session.publicId, 1);

  const encoder = new TextEncoder();
  let closed = false;
  let unsubscribe: (() => void) | undefined;
  let keepAlive: NodeJS.Timeout | undefined;
  const close = (controller?: ReadableStreamDefaultController<Uint8Array>) => {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    unsubscribe?.();
    change(openByAddress, ip, -1);
    change(openBySession, session.publicId, -1);
    try {
      controller?.close();
    } catch {
      // Already closed by the visitor leaving.
    }
  };
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: ChatEvent) => {
        if (!closed) controller.enqueue(encoder.encode(`event: chat\ndata: ${JSON.stringify(event)}\n\n`));
      };
      // Events are handled one after another, so a reply never overtakes the "joined" before it.
      let queue = Promise.resolve();
      unsubscribe = await subscribeLiveEvents(bus, (event) => {
        if (event.clientId !== client.id || event.sessionId !== session.publicId) return;
        queue = queue
          .then(async () => {
            if (event.type === "handoff")
              return send(event.heldBy ? { kind: "joined" } : { kind: "left", timedOut: false });
            if (event.type !== "message" || (event.role !== "operator" && event.role !== "exchange")) return;
            const message = await findSessionMessageForVisitor(db, session.id, event.messageId);
            if (message?.role === "operator") {
              send({ kind: "message", role: "operator", messageId: message.id, text: message.text });
            } else if (message?.role === "exchange" && message.userMessage === "") {
              // Alex's words without a visitor message (the timeout notice); ordinary answers reach the
              // visitor through the message API.
              send({ kind: "message", role: "assistant", messageId: message.id, text: message.text });
            }
          })
          .catch(() => close(controller));
      });
      if (closed) unsubscribe();
      controller.enqueue(encoder.encode("retry: 5000\n\n"));
      keepAlive = setInterval(() => {
        if (!closed) controller.enqueue(encoder.encode(": keep-alive\n\n"));
      }, KEEP_ALIVE_MS);
      keepAlive.unref();
      // The visitor left, or the server is stopping: the browser's EventSource reconnects (retry: above).
      const ended = untilShutdown(request.signal);
      if (ended.aborted) close(controller);
      else ended.addEventListener("abort", () => close(controller), { once: true });
    },
    cancel() {
      close();
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
