/**
 * A read that many people ask for at the same moment, made once for all of them. A live event makes
 * every open inbox reload within the same few milliseconds; fifty people with it open asked the
 * database the same four questions fifty times. Requests for one key that arrive within `windowMs`
 * of the first share one read, and that read starts only when the window closes: after the last of
 * them arrived, so each sees everything committed before it asked, as a read of its own would. A
 * request that comes once the read has started opens the next window.
 */
export function createSharedRead<T>(windowMs: number) {
  const gathering = new Map<string, Promise<T>>();
  return (key: string, read: () => Promise<T>): Promise<T> => {
    const waiting = gathering.get(key);
    if (waiting) return waiting;
    const shared = new Promise<void>((resolve) => setTimeout(resolve, windowMs)).then(() => {
      gathering.delete(key);
      return read();
    });
    gathering.set(key, shared);
    return shared;
  };
}
