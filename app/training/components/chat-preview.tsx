import { useEffect, useRef, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useActionData, useFetcher } from "react-router";
import { ReplyText } from "~/components/reply-text.tsx";
import { Button } from "~/components/ui/button.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { TextField } from "~/components/ui/form-fields.tsx";
import { PREVIEW_MESSAGE_MAX, type PreviewTurn } from "../preview-schema.ts";

type PreviewData = { intent: string; conversation?: PreviewTurn[]; error?: string | null };

/**
 * Talk to the client's Alex: the real assistant, on the saved training; nothing is stored. The whole
 * conversation travels with each question (a hidden field) and comes back with the answer, so it
 * stays on screen with or without JavaScript. Give it a `key` per client: a new client, a new talk.
 */
export function ChatPreview({
  clientId,
  intro,
}: {
  clientId: number | null;
  /** What the card says it is for; the back-office's words ("this client's Alex") unless told. */
  intro?: string;
}) {
  const { t } = useTranslation("client-config");
  const fetcher = useFetcher<PreviewData>();
  const actionData = useActionData<PreviewData>();
  const latest = fetcher.data ?? (actionData?.intent === "preview" ? actionData : undefined);
  const conversation = latest?.conversation ?? [];
  const asking = fetcher.state !== "idle";
  const pendingQuestion = asking ? String(fetcher.formData?.get("message") ?? "") : "";
  const logRef = useRef<HTMLOListElement>(null);

  /** Sends the question, then empties the box for the next one (the post already holds the text). */
  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    void fetcher.submit(new FormData(form, (event.nativeEvent as SubmitEvent).submitter), { method: "post" });
    form.reset();
  }

  useEffect(() => {
    logRef.current?.lastElementChild?.scrollIntoView({ block: "nearest" });
  }, [conversation.length, pendingQuestion]);

  return (
    <TitledCard
      id="chat-preview-title"
      title={t("training.previewTitle")}
      description={intro ?? t("training.previewIntro")}
      className="space-y-4"
    >
      <div className="max-h-[28rem] min-h-24 overflow-y-auto rounded-lg bg-slate-50 p-3 text-sm">
        {conversation.length === 0 && !pendingQuestion ? (
          <p className="text-slate-500">{clientId ? t("training.previewEmpty") : t("errors.chooseClient")}</p>
        ) : null}
        <ol ref={logRef} aria-label={t("training.conversation")} aria-live="polite" className="space-y-3">
          {conversation.map((turn, index) => (
            <Exchange key={index} question={turn.question} answer={turn.answer} />
          ))}
          {pendingQuestion ? <Exchange question={pendingQuestion} answer={null} /> : null}
        </ol>
      </div>
      <fetcher.Form method="post" onSubmit={ask} className="flex items-end gap-2">
        <input type="hidden" name="clientId" value={clientId ?? ""} />
        <input type="hidden" name="conversation" value={JSON.stringify(conversation)} />
        <TextField
          id="preview-message"
          name="message"
          label={t("training.previewMessage")}
          maxLength={PREVIEW_MESSAGE_MAX}
          required
          autoComplete="off"
          dir="auto"
          className="min-w-0 flex-1"
          disabled={!clientId}
          errors={latest?.error ? [latest.error] : undefined}
        />
        <Button type="submit" name="intent" value="preview" disabled={!clientId || asking}>
          {t("training.send")}
        </Button>
      </fetcher.Form>
    </TitledCard>
  );
}

function Exchange({ question, answer }: { question: string; answer: string | null }) {
  const { t } = useTranslation("client-config");
  return (
    <li className="flex flex-col gap-3">
      {/* The bubbles sit by the page's direction; their text runs in its own (a Hebrew page may preview English). */}
      <p
        dir="auto"
        className="max-w-[85%] self-end rounded-2xl bg-brand-600 px-3 py-2 break-words whitespace-pre-line text-white"
      >
        {question}
      </p>
      {answer === null ? (
        <p className="self-start text-slate-500">{t("training.thinking")}</p>
      ) : (
        <p
          dir="auto"
          className="max-w-[85%] self-start rounded-2xl bg-white px-3 py-2 break-words whitespace-pre-line text-slate-800 shadow-sm"
        >
          <ReplyText text={answer} />
        </p>
      )}
    </li>
  );
}
