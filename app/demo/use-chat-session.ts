import { useRef, useState } from "react";
import {
  chatMessageSchema,
  ChatUnavailableError,
  newClientMessageId,
  sendChatMessage,
  type ChatFailureReason,
} from "~/demo/chat-client.ts";
import { RECENT_SEARCHES_KEY, recentSearchesSchema, withRecentSearch } from "~/demo/recent-searches.ts";
import { useStoredValue } from "~/demo/stored-value.ts";

export type Turn = { id: string; text: string } & (
  { status: "sending" } | { status: "failed" } | { status: "answered"; reply: string }
);

const NO_SEARCHES: string[] = [];

/**
 * The demo conversation's state: the draft, the turns and their delivery, the consent, and the
 * visitor's recent searches. `license` is null when there is no active demo client.
 */
export function useChatSession(license: string | null) {
  const [recentSearches, storeRecentSearches] = useStoredValue(RECENT_SEARCHES_KEY, recentSearchesSchema, NO_SEARCHES);
  const [draft, setDraft] = useState("");
  const [turns, setTurns] = useState<Turn[]>([]);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<ChatFailureReason | null>(null);
  const [consented, setConsented] = useState(false);
  // The session keeps a consent once a message carried it: unticking would take nothing back.
  const [consentKept, setConsentKept] = useState(false);
  const sendingNow = useRef(false);
  const sessionId = useRef<string | null>(null);
  const composer = useRef<HTMLTextAreaElement>(null);

  const updateTurn = (next: Turn) => setTurns((current) => current.map((each) => (each.id === next.id ? next : each)));

  async function deliver({ id, text }: Turn) {
    // The ref closes the gap before React re-renders the disabled buttons (two quick Enters or clicks).
    if (sendingNow.current) return;
    sendingNow.current = true;
    setSending(true);
    setProblem(null);
    updateTurn({ id, text, status: "sending" });
    try {
      if (!license) throw new ChatUnavailableError("unreachable", "no active demo client");
      const answer = await sendChatMessage({
        license,
        sessionId: sessionId.current,
        clientMessageId: id,
        message: text,
        ...(consented ? { consent: true as const } : {}),
      });
      sessionId.current = answer.sessionId;
      if (consented) setConsentKept(true);
      updateTurn({ id, text, status: "answered", reply: answer.reply });
    } catch (error) {
      updateTurn({ id, text, status: "failed" });
      setProblem(error instanceof ChatUnavailableError ? error.reason : "unreachable");
    } finally {
      sendingNow.current = false;
      setSending(false);
    }
  }

  function send() {
    if (sendingNow.current) return;
    const message = chatMessageSchema.safeParse(draft);
    if (!message.success) return;
    const turn: Turn = { id: newClientMessageId(), text: message.data, status: "sending" };
    setTurns((current) => [...current, turn]);
    setDraft("");
    storeRecentSearches(withRecentSearch(recentSearches, message.data));
    void deliver(turn);
  }

  function reuse(text: string) {
    setDraft(text);
    composer.current?.focus();
  }

  return {
    draft,
    setDraft,
    turns,
    sending,
    problem,
    consented,
    setConsented,
    consentKept,
    composer,
    recentSearches,
    clearRecentSearches: () => storeRecentSearches(null),
    send,
    retry: (turn: Turn) => void deliver(turn),
    reuse,
  };
}
