import { describe, expect, it } from "vitest";
import { createVisitorStore, type KeyValueStorage } from "./visitor-store.ts";

function memoryStorage(): KeyValueStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

describe("what the widget remembers in the visitor's browser", () => {
  it("keeps the session per license, so one browser can chat on two sites", () => {
    const storage = memoryStorage();
    const shop = createVisitorStore(storage, "alex_shop");
    const salon = createVisitorStore(storage, "alex_salon");
    expect(shop.sessionId()).toBeNull();
    shop.rememberSession("sess_1");
    expect(createVisitorStore(storage, "alex_shop").sessionId()).toBe("sess_1");
    expect(salon.sessionId()).toBeNull();
    shop.forgetSession();
    expect(shop.sessionId()).toBeNull();
  });

  it("remembers that feedback was asked in a session, not in the next one", () => {
    const store = createVisitorStore(memoryStorage(), "alex_shop");
    store.rememberFeedbackAsked("sess_1");
    expect(store.feedbackAsked("sess_1")).toBe(true);
    expect(store.feedbackAsked("sess_2")).toBe(false);
  });

  it("works without storage, or with one that refuses", () => {
    const refusing: KeyValueStorage = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    };
    for (const storage of [null, refusing]) {
      const store = createVisitorStore(storage, "alex_shop");
      store.rememberSession("sess_1");
      expect(store.sessionId()).toBeNull();
      expect(store.feedbackAsked("sess_1")).toBe(false);
    }
  });
});
