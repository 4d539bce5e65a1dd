import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/** True in the browser once React runs, false on the server and without JavaScript. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
