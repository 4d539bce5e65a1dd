import { useCallback, useMemo, useSyncExternalStore } from "react";
import type { z } from "zod";

/**
 * A value kept in this browser's localStorage, shared by every component that reads the same key
 * and by other tabs. The server and the first render see the fallback, so hydration matches.
 */
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** Storage can be switched off (private modes, site settings): the page then keeps values until it is left. */
const inMemory = new Map<string, string>();

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return inMemory.get(key) ?? null;
  }
}

function writeRaw(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    if (value === null) inMemory.delete(key);
    else inMemory.set(key, value);
  }
  for (const listener of listeners) listener();
}

export function useStoredValue<T>(key: string, schema: z.ZodType<T>, fallback: T): [T, (next: T | null) => void] {
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(key),
    () => null,
  );
  const value = useMemo(() => {
    if (raw === null) return fallback;
    try {
      const parsed = schema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : fallback;
    } catch {
      return fallback;
    }
  }, [raw, schema, fallback]);
  const store = useCallback((next: T | null) => writeRaw(key, next === null ? null : JSON.stringify(next)), [key]);
  return [value, store];
}
