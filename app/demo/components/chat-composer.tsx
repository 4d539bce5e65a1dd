import { LoaderCircle, SendHorizontal } from "lucide-react";
import { useEffect, useId, useRef, type KeyboardEvent, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { DEMO_MESSAGE_MAX_LENGTH } from "~/demo/chat-client.ts";
import { Button } from "~/components/ui/button.tsx";
import { CheckboxField, TextareaField } from "~/components/ui/form-fields.tsx";
import { formatNumber } from "~/lib/format.ts";

type ComposerProps = {
  draft: string;
  setDraft: (text: string) => void;
  sending: boolean;
  send: () => void;
  textarea: RefObject<HTMLTextAreaElement | null>;
  /** Changes with every new message, so the composer stays in view as the conversation grows. */
  scrollKey: number;
};

export function Composer({ draft, setDraft, sending, send, textarea, scrollKey }: ComposerProps) {
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
export function ConsentBox({
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
