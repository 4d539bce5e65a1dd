import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import clsx from "clsx";
import { Send } from "lucide-react";
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { FormErrors, TextareaField } from "~/components/ui/form-fields.tsx";
import { parseForm } from "~/components/ui/parse-form.ts";
import { formatDateTime } from "~/lib/format.ts";
import { useDeliveryOutcome } from "~/sessions/components/reply-delivery.tsx";
import type { ReplyDelivery } from "~/sessions/session-types.ts";
import {
  fillVisitorName,
  findSlashQuery,
  insertAtQuery,
  matchSavedReplies,
  type ReplyTools,
  type SavedReplyMatch,
  type SlashQuery,
} from "~/saved-replies/saved-reply-match.ts";
import { operatorReplySchema } from "../handoff-schema.ts";

/** The session's newest operator reply and what became of it on its way to the visitor. */
export type LastReply = Omit<ReplyDelivery, "channel"> & { id: number; createdAt: string };

type Channel = ReplyDelivery["channel"];

/**
 * The holder's reply box. A plain form post (the page's `reply` intent) without JavaScript; with it,
 * Enter sends and Shift+Enter starts a new line, and `/` with letters opens the saved replies of the
 * conversation's business and the shared ones, in the conversation's language first: arrows choose,
 * Enter or Tab inserts (with `{visitor_name}` filled in), Escape closes. The box is a multi-line
 * textbox, which may not take the combobox role: it owns the list through aria-controls,
 * aria-autocomplete and aria-activedescendant, the pattern ARIA gives an editable box with a
 * popup list. After a reply is sent the box is emptied (the page stays mounted across the post's
 * redirect, and a second click would send the same text again) and keeps the focus; under it, what
 * became of the last reply: delivered to the visitor's chat or channel, or the channel's refusal.
 */
export function ReplyBox({
  lastResult,
  tools,
  lastReply,
  channel,
  timeZone,
  ref,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  tools: ReplyTools | null;
  lastReply: LastReply | null;
  channel: Channel;
  timeZone: string;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const { t, i18n } = useTranslation("sessions");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const sending = busy && navigation.formData?.get("intent") === "reply";
  const [form, fields] = useForm({
    id: "operator-reply",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseForm(formData, { schema: operatorReplySchema }),
  });
  const box = useRef<HTMLTextAreaElement | null>(null);
  const send = useRef<HTMLButtonElement>(null);
  const setBox = useCallback(
    (element: HTMLTextAreaElement | null) => {
      box.current = element;
      if (typeof ref === "function") ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );

  // Emptied once a reply went: a refused one answers with its errors (lastResult), a sent one redirects.
  const wasSending = useRef(false);
  useEffect(() => {
    if (sending) {
      wasSending.current = true;
      return;
    }
    if (navigation.state !== "idle" || !wasSending.current) return;
    wasSending.current = false;
    if (lastResult) return;
    form.reset();
    // After the reset the box is a new element: focus it once it is in the page.
    requestAnimationFrame(() => box.current?.focus());
  }, [sending, navigation.state, lastResult, form]);

  const [query, setQuery] = useState<SlashQuery | null>(null);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const matches = useMemo(
    () => (query && tools ? matchSavedReplies(tools.replies, query.query, tools.language) : []),
    [query, tools],
  );
  const open = query !== null && query.start !== dismissedAt && tools !== null && tools.replies.length > 0;
  const listId = useId();
  const optionId = (match: SavedReplyMatch) => `${listId}-option-${match.id}`;
  const activeMatch = open ? matches[Math.min(active, matches.length - 1)] : undefined;

  function readQuery() {
    const element = box.current;
    if (!element) return;
    const next = findSlashQuery(element.value, element.selectionStart ?? element.value.length);
    if (next?.query !== query?.query || next?.start !== query?.start) setActive(0);
    if (next === null || next.start !== dismissedAt) setDismissedAt(null);
    setQuery(next);
  }

  function choose(match: SavedReplyMatch) {
    const element = box.current;
    if (!element || !query || !tools) return;
    const text = fillVisitorName(match.text, tools.visitorName, tools.fallbackNames[match.language]);
    const { value, caret } = insertAtQuery(element.value, query, text);
    element.value = value;
    element.setSelectionRange(caret, caret);
    element.dispatchEvent(new Event("input", { bubbles: true }));
    setQuery(null);
    element.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.nativeEvent.isComposing) return;
    if (open && query) {
      if (event.key === "Escape") {
        event.preventDefault();
        setDismissedAt(query.start);
        return;
      }
      if (matches.length > 0) {
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          event.preventDefault();
          const step = event.key === "ArrowDown" ? 1 : -1;
          setActive((current) => (current + step + matches.length) % matches.length);
          return;
        }
        if ((event.key === "Enter" || event.key === "Tab") && !event.shiftKey && activeMatch) {
          event.preventDefault();
          choose(activeMatch);
          return;
        }
      }
    }
    if (event.key === "Enter" && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      if (!busy) event.currentTarget.form?.requestSubmit(send.current);
    }
  }

  const managePath = useLocation().pathname.startsWith("/portal") ? "/portal/saved-replies" : "/admin/saved-replies";
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset className="space-y-3">
      <FormErrors form={form} />
      <TextareaField
        ref={setBox}
        field={fields.reply}
        label={t("handoff.reply")}
        hint={`${t("handoff.replyHint")} ${t("handoff.replyBox.shortcuts")}`}
        rows={3}
        dir="auto"
        autoComplete="off"
        aria-autocomplete={tools && tools.replies.length > 0 ? "list" : undefined}
        aria-controls={open && matches.length > 0 ? listId : undefined}
        aria-activedescendant={activeMatch ? optionId(activeMatch) : undefined}
        onKeyDown={onKeyDown}
        onInput={readQuery}
        onClick={readQuery}
        onKeyUp={(event) => {
          if (["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) readQuery();
        }}
        onBlur={() => setQuery(null)}
      />
      {open ? (
        matches.length > 0 ? (
          <ul
            id={listId}
            role="listbox"
            aria-label={t("handoff.replyBox.savedReplies")}
            className="max-h-72 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-md"
          >
            {matches.map((match) => (
              // The box keeps the focus (aria-activedescendant) and takes the keys; a click only inserts.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={match.id}
                id={optionId(match)}
                role="option"
                aria-selected={match === activeMatch}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(match)}
                className={clsx(
                  "cursor-pointer space-y-0.5 rounded px-3 py-2",
                  match === activeMatch ? "bg-brand-50 ring-1 ring-brand-600" : "hover:bg-slate-50",
                )}
              >
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-sm font-semibold" dir="auto">
                    /{match.name}
                  </span>
                  {match.shared ? <Badge tone="info">{t("handoff.replyBox.shared")}</Badge> : null}
                  {tools && match.language !== tools.language ? (
                    <Badge>
                      {t(
                        match.language === "en" ? "handoff.replyBox.otherLanguage" : "handoff.replyBox.otherLanguageHe",
                      )}
                    </Badge>
                  ) : null}
                </span>
                <span
                  className="line-clamp-2 block text-sm text-slate-600"
                  lang={match.language}
                  dir={match.language === "he" ? "rtl" : "ltr"}
                >
                  {match.text}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t("handoff.replyBox.noMatches")}</p>
        )
      ) : null}
      <p className="sr-only" aria-live="polite">
        {open && matches.length > 0 ? t("handoff.replyBox.matches", { count: matches.length }) : ""}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button ref={send} type="submit" name="intent" value="reply" disabled={busy}>
          <Send className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
          {t("handoff.send")}
        </Button>
        <Link to={managePath} className="text-sm text-brand-700 underline underline-offset-2">
          {t("handoff.replyBox.manage")}
        </Link>
      </div>
      <DeliveryStatus
        sending={sending}
        lastReply={lastReply}
        channel={channel}
        timeZone={timeZone}
        language={i18n.language}
      />
    </Form>
  );
}

/** What became of the last reply, read out when it changes: on its way, delivered, or why not. */
function DeliveryStatus({
  sending,
  lastReply,
  channel,
  timeZone,
  language,
}: {
  sending: boolean;
  lastReply: LastReply | null;
  channel: Channel;
  timeZone: string;
  language: string;
}) {
  const { t } = useTranslation("sessions");
  const outcomeOf = useDeliveryOutcome();
  let icon: ReactNode = null;
  let text: string | null = null;
  let tone = "text-slate-600";
  if (sending) text = t("handoff.replyBox.sending");
  else if (lastReply) {
    const when = t("handoff.replyBox.lastReply", { time: formatDateTime(lastReply.createdAt, language, timeZone) });
    const outcome = outcomeOf({ channel, ...lastReply });
    ({ icon, tone } = outcome);
    text = `${when} ${outcome.text}`;
  }
  return (
    <p role="status" className={clsx("flex items-start gap-2 text-sm", tone)}>
      {text ? icon : null}
      <span>{text}</span>
    </p>
  );
}
