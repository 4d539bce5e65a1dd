import { useEffect } from "react";
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
  const live = useLive();
  const fetcher = useFetcher<{ waiting: number }>();
  // React Router keeps `load` the same function for the fetcher's life.
  const { load } = fetcher;
  useEffect(() => {
    void load(path);
    if (!live) return;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = live.subscribe((event) => {
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
  }, [live, path, load]);
  return fetcher.data?.waiting;
}
