import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useLive } from "~/live/live-events.tsx";

/** The count is asked again at most this often, however many changes arrive. */
const REFRESH_EVERY_MS = 1_000;

/**
 * How many visitors wait for a person, for a shell's navigation: read from `path` (the inbox's
 * count) when the shell opens, and again whenever the live stream says who answers changed (a
 * request for a person, a take-over, a close). Undefined until known, and without JavaScript.
 */
export function useWaitingCount(path: string) {
  // The context's value is new on each render of its provider; its `subscribe` stays the same.
  const subscribe = useLive()?.subscribe;
  const fetcher = useFetcher<{ waiting: number }>();
  // `load` is a new function on each render: the subscription below keeps the latest without restarting.
  const latestLoad = useRef(fetcher.load);
  useEffect(() => {
    latestLoad.current = fetcher.load;
  });
  useEffect(() => {
    const load = (href: string) => latestLoad.current(href);
    void load(path);
    if (!subscribe) return;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribe((event) => {
      if (event.type !== "handoff" || pending) return;
      pending = setTimeout(() => {
        pending = undefined;
        void load(path);
      }, REFRESH_EVERY_MS);
    });
    return () => {
      clearTimeout(pending);
      unsubscribe();
    };
  }, [subscribe, path]);
  return fetcher.data?.waiting;
}
