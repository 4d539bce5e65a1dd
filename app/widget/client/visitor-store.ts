/**
 * What the widget remembers in the visitor's browser, per license (one browser may chat on several
 * sites): the session to continue after a reload, and whether we already asked for feedback in it.
 * Storage can be missing or refuse (private modes, blocked third-party storage): then nothing is
 * remembered and the chat still works.
 */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function createVisitorStore(storage: KeyValueStorage | null, license: string) {
  const sessionKey = `alex:${license}:session`;
  const feedbackKey = (sessionId: string) => `alex:${license}:feedback:${sessionId}`;
  const attempt = <T>(action: () => T, fallback: T): T => {
    try {
      return storage ? action() : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    sessionId: () => attempt(() => storage!.getItem(sessionKey), null),
    rememberSession: (sessionId: string) => attempt(() => storage!.setItem(sessionKey, sessionId), undefined),
    forgetSession: () => attempt(() => storage!.removeItem(sessionKey), undefined),
    feedbackAsked: (sessionId: string) => attempt(() => storage!.getItem(feedbackKey(sessionId)) !== null, false),
    rememberFeedbackAsked: (sessionId: string) =>
      attempt(() => storage!.setItem(feedbackKey(sessionId), "1"), undefined),
  };
}

/** localStorage, when the browser lets this frame have it. */
export function browserStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
