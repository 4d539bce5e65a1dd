import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigation, useRevalidator } from "react-router";
import type { LiveEvent } from "./live-events.server.ts";

/**
 * Where a shell hears its live stream, and the pages whose opening is seeing what they list: the
 * back-office's (app/routes/admin/live.ts, every client) by default; a business's portal hears its own
 * (app/routes/portal/live.ts).
 */
export type LiveStreamPlace = { streamPath: string; seenPages: { sessions: string; leads: string } };
export const ADMIN_LIVE: LiveStreamPlace = {
  streamPath: "/admin/live",
  seenPages: { sessions: "/admin/chat-sessions", leads: "/admin/leads" },
};
/** After the server refused the stream (a session expired, say), a fresh try this much later. */
const REOPEN_MS = 5_000;
/** A page reloads its data at most this often, however many events arrive. */
const REVALIDATE_EVERY_MS = 1_000;
/**
 * A hand-over (a visitor begins to wait for a person, someone takes or leaves a conversation) is
 * what a person with the page open is waiting to see: its reload comes this soon after the last one.
 */
const URGENT_REVALIDATE_MS = 200;

type Listener = (event: LiveEvent) => void;
type Live = {
  /** Unknown until the browser opens the stream: nothing is shown before. */
  connected: boolean | null;
  subscribe: (listener: Listener) => () => void;
  /** New conversations and leads since the operator last opened their pages, in this tab. */
  unseen: { sessions: number; leads: number };
};

const LiveContext = createContext<Live | null>(null);

/**
 * One EventSource for the whole tab (the back-office's or a portal's), shared by the shell's badges
 * and the pages that update live. The browser reconnects a dropped stream itself (the server's
 * `retry:`); a refused one is closed for good by the browser, so it is opened again here. Without
 * JavaScript nothing opens and the pages work as plain pages.
 */
export function LiveEventsProvider({ children, place = ADMIN_LIVE }: { children: ReactNode; place?: LiveStreamPlace }) {
  const [connected, setConnected] = useState<boolean | null>(null);
  const [unseen, setUnseen] = useState({ sessions: 0, leads: 0 });
  const listeners = useRef(new Set<Listener>());
  // Opening a page is seeing what it lists; while it is open, what arrives shows in it.
  const { pathname } = useLocation();
  const onSessions = pathname.startsWith(place.seenPages.sessions);
  const onLeads = pathname.startsWith(place.seenPages.leads);
  const { streamPath } = place;
  if ((onSessions && unseen.sessions > 0) || (onLeads && unseen.leads > 0))
    setUnseen({ sessions: onSessions ? 0 : unseen.sessions, leads: onLeads ? 0 : unseen.leads });

  useEffect(() => {
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const hear = (message: MessageEvent<string>) => {
      const event = JSON.parse(message.data) as LiveEvent;
      for (const listener of listeners.current) listener(event);
      if (event.type === "session") setUnseen((counts) => ({ ...counts, sessions: counts.sessions + 1 }));
      if (event.type === "lead") setUnseen((counts) => ({ ...counts, leads: counts.leads + 1 }));
    };
    const open = () => {
      source = new EventSource(streamPath);
      source.onopen = () => setConnected(true);
      source.onerror = () => {
        setConnected(false);
        if (source?.readyState === EventSource.CLOSED) reopen = setTimeout(open, REOPEN_MS);
      };
      for (const type of ["message", "session", "lead", "handoff"] satisfies LiveEvent["type"][])
        source.addEventListener(type, hear);
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [streamPath]);

  const [live] = useState(() => ({
    subscribe: (listener: Listener) => {
      listeners.current.add(listener);
      return () => void listeners.current.delete(listener);
    },
  }));
  return <LiveContext.Provider value={{ ...live, connected, unseen }}>{children}</LiveContext.Provider>;
}

export const useLive = () => useContext(LiveContext);

/** Which events concern a page: of these types (all when absent), of this session (any when absent). */
export type LiveInterest = { types?: readonly LiveEvent["type"][]; sessionId?: string };

/**
 * Reloads the page's data (its loader) when an event it cares about arrives, at most once a second
 * (a hand-over's sooner): a burst of messages costs one reload, and the last event is never missed. Not while the operator
 * is going somewhere: the page being left needs no reload, the page reached loads fresh data anyway,
 * and React Router would restart that navigation for the reload, throwing away what it had already
 * streamed (the dashboard's figures then fail in the browser as aborted).
 */
export function useLiveRevalidation({ types, sessionId }: LiveInterest) {
  const live = useLive();
  const { revalidate } = useRevalidator();
  const navigating = useNavigation().state !== "idle";
  const typeList = types?.join(" ");
  useEffect(() => {
    const relevant = (event: LiveEvent) =>
      (typeList === undefined || typeList.split(" ").includes(event.type)) &&
      (sessionId === undefined || event.sessionId === sessionId);
    if (!live || navigating) return;
    let last = 0;
    let pending: { timer: ReturnType<typeof setTimeout>; at: number } | undefined;
    const run = () => {
      pending = undefined;
      last = Date.now();
      void revalidate();
    };
    const unsubscribe = live.subscribe((event) => {
      if (!relevant(event)) return;
      const at = last + (event.type === "handoff" ? URGENT_REVALIDATE_MS : REVALIDATE_EVERY_MS);
      if (pending && pending.at <= at) return;
      if (pending) clearTimeout(pending.timer);
      pending = { timer: setTimeout(run, Math.max(0, at - Date.now())), at };
    });
    return () => {
      if (pending) clearTimeout(pending.timer);
      unsubscribe();
    };
  }, [live, navigating, revalidate, typeList, sessionId]);
}

/** A quiet note that the page updates by itself (or is reconnecting); nothing without JavaScript. */
export function LiveIndicator() {
  const { t } = useTranslation("admin");
  const live = useLive();
  if (live?.connected == null) return null;
  return (
    <span className="inline-flex items-center gap-2 text-sm text-slate-600" role="status">
      <span
        aria-hidden="true"
        className={live.connected ? "h-2 w-2 rounded-full bg-emerald-500" : "h-2 w-2 rounded-full bg-slate-400"}
      />
      {t(live.connected ? "live.on" : "live.reconnecting")}
    </span>
  );
}
