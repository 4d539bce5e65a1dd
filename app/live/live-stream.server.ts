import { z } from "zod";
import type { LiveEventBus } from "#db/connection.ts";
import { sessionIdSchema } from "~/lib/ids.ts";
import { subscribeLiveEvents, type LiveEvent } from "./live-events.server.ts";

/** How long a browser waits before it reconnects a dropped stream (the `retry:` hint). */
export const RECONNECT_MS = 3_000;
/** A comment this often keeps proxies and load balancers from closing a quiet stream (most give up at 30-60 s). */
export const HEARTBEAT_MS = 25_000;

/** `?clientId=` and `?sessionId=`: a session page hears its session only, a client's page that client only. */
export const liveFilterSchema = z.object({
  clientId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  sessionId: sessionIdSchema.optional(),
});
export type LiveFilter = z.infer<typeof liveFilterSchema>;

const matches = (filter: LiveFilter, event: LiveEvent) =>
  (filter.clientId === undefined || event.clientId === filter.clientId) &&
  (filter.sessionId === undefined || event.sessionId === filter.sessionId);

/**
 * Whose stream it is: the operator's session (its stored id), and how to ask whether it is still
 * signed in. Without an owner (tests of the stream alone) a stream lives until its reader goes.
 */
export type StreamOwner = { sessionId: string; stillSignedIn: () => Promise<boolean> };

/** The open streams of each operator's session in this process, each by the function that ends it. */
const streamsBySession = new Map<string, Set<() => void>>();

/**
 * Ends the open streams of a session that ended (logout) in this process at once. Streams on other
 * app servers, and those of a session that expired, end at their next heartbeat's check.
 */
export function endLiveStreamsOf(sessionId: string) {
  for (const stop of [...(streamsBySession.get(sessionId) ?? [])]) stop();
}

/**
 * The operator's live stream (Server-Sent Events): one `event:`/`data:` frame per live event that
 * passes the filter, a heartbeat comment every HEARTBEAT_MS, and the subscription dropped as soon as
 * the browser goes (the request's signal) or the stream is cancelled. A stream outlives no session:
 * it ends when its owner logs out here, and on the first heartbeat that finds the session gone (a
 * logout on another server, an expiry). `no-transform` keeps server.mjs's compression middleware from
 * buffering the frames (it skips such responses).
 */
export async function liveEventStream(
  bus: LiveEventBus,
  filter: LiveFilter,
  signal: AbortSignal,
  { heartbeatMs = HEARTBEAT_MS, owner }: { heartbeatMs?: number; owner?: StreamOwner } = {},
): Promise<Response> {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let closed = false;
  const write = (text: string) => {
    if (closed || !controller) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      stop();
    }
  };
  const unsubscribe = await subscribeLiveEvents(bus, (event) => {
    if (matches(filter, event)) write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  });
  const heartbeat = setInterval(() => {
    write(": heartbeat\n\n");
    owner?.stillSignedIn().then(
      (signedIn) => {
        if (!signedIn) stop();
      },
      // The database did not answer: the stream goes on, and the next heartbeat asks again.
      () => {},
    );
  }, heartbeatMs);
  const ownStreams = owner && (streamsBySession.get(owner.sessionId) ?? new Set<() => void>());
  if (owner && ownStreams) streamsBySession.set(owner.sessionId, ownStreams.add(stop));
  function stop() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    if (owner && ownStreams) {
      ownStreams.delete(stop);
      if (ownStreams.size === 0) streamsBySession.delete(owner.sessionId);
    }
    signal.removeEventListener("abort", stop);
    try {
      controller?.close();
    } catch {
      // Already closed or cancelled by the reader.
    }
  }
  signal.addEventListener("abort", stop);
  const stream = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      // The first bytes go out at once: the browser's EventSource opens, and proxies see a live stream.
      write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
      if (signal.aborted) stop();
    },
    cancel: stop,
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
