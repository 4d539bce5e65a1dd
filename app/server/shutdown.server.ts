/**
 * The process's graceful stop as a signal: server.mjs calls `beginShutdown` on SIGTERM or SIGINT, and
 * every stream that would otherwise stay open until its reader leaves (the visitor's chat events, the
 * operator's live stream) ends with it. Their browsers reconnect by themselves (EventSource), to a
 * server that is still running; without this, one open chat held the stop for server.mjs's full 30 s.
 */
const stopping = new AbortController();

export function beginShutdown() {
  stopping.abort();
}

/** Aborted when `signal` is (the reader left) or the process begins to stop, whichever comes first. */
export function untilShutdown(signal: AbortSignal) {
  return AbortSignal.any([signal, stopping.signal]);
}
