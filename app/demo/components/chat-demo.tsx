import { ArrowLeft, Bot, History, LoaderCircle, RotateCcw, SendHorizontal, Settings } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  BRAND_NAME_MAX_LENGTH,
  BRANDING_KEY,
  brandingSchema,
  DEFAULT_BRANDING,
  SUBTITLE_MAX_LENGTH,
  type Branding,
} from "~/demo/branding.ts";
import {
  chatMessageSchema,
  DEMO_MESSAGE_MAX_LENGTH,
  ChatUnavailableError,
  newClientMessageId,
  sendChatMessage,
  type ChatFailureReason,
} from "~/demo/chat-client.ts";
import { RECENT_SEARCHES_KEY, recentSearchesSchema, withRecentSearch } from "~/demo/recent-searches.ts";
import { useStoredValue } from "~/demo/stored-value.ts";
import { LanguageSelect } from "~/components/language-select.tsx";
import { ReplyText } from "~/components/reply-text.tsx";
import { Alert } from "~/components/ui/alert.tsx";
import { Button } from "~/components/ui/button.tsx";
import { CheckboxField, TextareaField, TextField } from "~/components/ui/form-fields.tsx";
import { formatNumber } from "~/lib/format.ts";

type Turn = { id: string; text: string } & (
  { status: "sending" } | { status: "failed" } | { status: "answered"; reply: string }
);

const NO_SEARCHES: string[] = [];

/**
 * The minimal chat landing demo: the visitor talks to Alex through the provider's own demo client.
 * `license` (and `greeting`) are null when there is no active demo client; the page then says Alex is not reachable.
 */
export function ChatDemo({
  license,
  greeting,
  consent,
}: {
  license: string | null;
  greeting: string | null;
  /** Set when the demo client asks consent before keeping a visitor's details. */
  consent: { business: string; policyUrl: string } | null;
}) {
  const { t } = useTranslation("demo");
  const [branding, storeBranding] = useStoredValue(BRANDING_KEY, brandingSchema, DEFAULT_BRANDING);
  const [recentSearches, storeRecentSearches] = useStoredValue(RECENT_SEARCHES_KEY, recentSearchesSchema, NO_SEARCHES);
  const [settingsOpen, setSettingsOpen] = useState(false);
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

  const brandName = branding.brandName.trim() || t("chat.defaultBrand");
  const subtitle = branding.subtitle.trim() || t("chat.defaultSubtitle");
  const ids = useId();

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

  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-50 to-slate-50">
      <header className="mx-auto flex max-w-2xl flex-wrap items-center gap-2 px-4 py-3">
        <Link
          to="/"
          className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
          {t("backHome")}
        </Link>
        <div className="ms-auto flex items-center gap-2">
          <LanguageSelect />
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={settingsOpen}
            aria-controls={`${ids}-settings`}
            onClick={() => setSettingsOpen((open) => !open)}
          >
            <Settings className="h-4 w-4" aria-hidden="true" />
            {t("chat.settings.toggle")}
          </Button>
        </div>
      </header>

      <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 pt-4 pb-12">
        <section className="text-center">
          <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-md">
            <Bot className="h-9 w-9" aria-hidden="true" />
          </span>
          <h1 dir="auto" className="mt-4 text-3xl font-bold break-words text-slate-900 sm:text-4xl">
            {brandName}
          </h1>
          <p dir="auto" className="mt-2 text-lg break-words text-slate-600">
            {subtitle}
          </p>
        </section>

        <div id={`${ids}-settings`} hidden={!settingsOpen}>
          {settingsOpen ? <BrandingSettings branding={branding} store={storeBranding} /> : null}
        </div>

        <noscript>
          <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
            {t("chat.needsJavaScript")}
          </p>
        </noscript>

        <section
          aria-labelledby={`${ids}-conversation`}
          className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h2 id={`${ids}-conversation`} className="sr-only">
            {t("chat.conversation")}
          </h2>
          <ConversationLog greeting={greeting} turns={turns} sending={sending} retry={(turn) => void deliver(turn)} />
          {/* The alert region stays in the page, so a problem that appears in it is announced. */}
          <div role="alert">
            {problem ? (
              <Alert tone="error" announce={false} className="mt-3">
                {t(`chat.problems.${problem}`)}
              </Alert>
            ) : null}
          </div>
          <Composer
            draft={draft}
            setDraft={setDraft}
            sending={sending}
            send={send}
            textarea={composer}
            scrollKey={turns.length}
          />
          {consent ? (
            <ConsentBox consent={consent} consented={consented} kept={consentKept} setConsented={setConsented} />
          ) : null}
        </section>

        <RecentSearches searches={recentSearches} reuse={reuse} clear={() => storeRecentSearches(null)} />
      </main>
    </div>
  );
}

function BrandingSettings({ branding, store }: { branding: Branding; store: (next: Branding | null) => void }) {
  const { t } = useTranslation("demo");
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold">
        {t("chat.settings.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("chat.settings.hint")}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("chat.settings.brandName")}
          value={branding.brandName}
          placeholder={t("chat.defaultBrand")}
          maxLength={BRAND_NAME_MAX_LENGTH}
          onChange={(event) => store({ ...branding, brandName: event.currentTarget.value })}
        />
        <TextField
          label={t("chat.settings.subtitle")}
          value={branding.subtitle}
          placeholder={t("chat.defaultSubtitle")}
          maxLength={SUBTITLE_MAX_LENGTH}
          onChange={(event) => store({ ...branding, subtitle: event.currentTarget.value })}
        />
      </div>
      <Button variant="secondary" size="sm" className="mt-4" onClick={() => store(null)}>
        {t("chat.settings.reset")}
      </Button>
    </section>
  );
}

const ASSISTANT_BUBBLE =
  "max-w-[85%] self-start rounded-2xl rounded-es-sm border border-slate-200 bg-slate-50 px-4 py-2 text-slate-900";

type ConversationLogProps = {
  greeting: string | null;
  turns: Turn[];
  sending: boolean;
  retry: (turn: Turn) => void;
};

function ConversationLog({ greeting, turns, sending, retry }: ConversationLogProps) {
  const { t } = useTranslation("demo");
  return (
    <div role="log" aria-label={t("chat.conversation")} className="flex min-h-24 flex-col gap-3">
      {greeting ? (
        <div className={ASSISTANT_BUBBLE}>
          <span className="sr-only">{t("chat.alexReplied")} </span>
          <p dir="auto" className="break-words whitespace-pre-wrap">
            <ReplyText text={greeting} />
          </p>
        </div>
      ) : null}
      {turns.length === 0 && !greeting ? <p className="my-auto text-center text-slate-500">{t("chat.empty")}</p> : null}
      {turns.map((turn) => (
        <div key={turn.id} className="flex flex-col gap-2">
          <div className="max-w-[85%] self-end rounded-2xl rounded-ee-sm bg-brand-600 px-4 py-2 text-white">
            <span className="sr-only">{t("chat.visitorSaid")} </span>
            <p dir="auto" className="break-words whitespace-pre-wrap">
              {turn.text}
            </p>
          </div>
          {turn.status === "sending" ? (
            <p className="flex items-center gap-2 self-start text-sm text-slate-600">
              <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
              {t("chat.replying")}
            </p>
          ) : null}
          {turn.status === "failed" ? (
            <p className="flex items-center gap-2 self-end text-sm text-red-700">
              {t("chat.notDelivered")}
              <Button variant="secondary" size="sm" disabled={sending} onClick={() => retry(turn)}>
                <RotateCcw className="h-4 w-4" aria-hidden="true" />
                {t("chat.retry")}
              </Button>
            </p>
          ) : null}
          {turn.status === "answered" ? (
            <div className={ASSISTANT_BUBBLE}>
              <span className="sr-only">{t("chat.alexReplied")} </span>
              <p dir="auto" className="break-words whitespace-pre-wrap">
                <ReplyText text={turn.reply} />
              </p>
            </div>
          ) : null}
        </div>
      ))}
    </div>
  );
}

type ComposerProps = {
  draft: string;
  setDraft: (text: string) => void;
  sending: boolean;
  send: () => void;
  textarea: RefObject<HTMLTextAreaElement | null>;
  /** Changes with every new message, so the composer stays in view as the conversation grows. */
  scrollKey: number;
};

function Composer({ draft, setDraft, sending, send, textarea, scrollKey }: ComposerProps) {
  const { t, i18n } = useTranslation("demo");
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const empty = draft.trim() === "";

  useEffect(() => {
    if (scrollKey > 0) form.current?.scrollIntoView({ block: "nearest" });
  }, [scrollKey]);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Shift+Enter is a new line; an Enter that confirms an input method's composition is not a send.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <form
      ref={form}
      className="mt-4 border-t border-slate-200 pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <TextareaField
        ref={textarea}
        label={t("chat.input.label")}
        hideLabel
        name="message"
        rows={3}
        value={draft}
        maxLength={DEMO_MESSAGE_MAX_LENGTH}
        placeholder={t("chat.input.placeholder")}
        aria-describedby={`${id}-hint ${id}-count`}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {t("chat.input.hint")}
        </p>
        <p id={`${id}-count`} className="text-xs text-slate-600 tabular-nums">
          {t("chat.input.counter", {
            used: formatNumber(draft.length, i18n.language),
            max: formatNumber(DEMO_MESSAGE_MAX_LENGTH, i18n.language),
          })}
        </p>
        <Button type="submit" className="ms-auto min-w-28" disabled={empty || sending}>
          {sending ? (
            <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : (
            <SendHorizontal className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
          )}
          {sending ? t("chat.sending") : t("chat.send")}
        </Button>
      </div>
    </form>
  );
}

/** The consent Alex asks before it keeps a visitor's details, as the widget asks it. */
function ConsentBox({
  consent,
  consented,
  kept,
  setConsented,
}: {
  consent: { business: string; policyUrl: string };
  consented: boolean;
  kept: boolean;
  setConsented: (value: boolean) => void;
}) {
  const { t } = useTranslation("demo");
  return (
    <CheckboxField
      className="mt-3"
      name="consent"
      checked={consented}
      disabled={kept}
      onChange={(event) => setConsented(event.currentTarget.checked)}
      label={t("chat.consent", { business: consent.business })}
      hint={
        <a href={consent.policyUrl} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
          {t("chat.privacyPolicy")}
        </a>
      }
    />
  );
}

function RecentSearches({
  searches,
  reuse,
  clear,
}: {
  searches: string[];
  reuse: (text: string) => void;
  clear: () => void;
}) {
  const { t } = useTranslation("demo");
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <div className="flex items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t("chat.recent.title")}
        </h2>
        {searches.length > 0 ? (
          <Button variant="ghost" size="sm" className="ms-auto" onClick={clear}>
            {t("chat.recent.clear")}
          </Button>
        ) : null}
      </div>
      {searches.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t("chat.recent.empty")}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {searches.map((text) => (
            <li key={text}>
              <button
                type="button"
                onClick={() => reuse(text)}
                className="flex w-full items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-start text-slate-800 hover:bg-slate-100"
              >
                <History className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                <span dir="auto" className="min-w-0 truncate">
                  {text}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
