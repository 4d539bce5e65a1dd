import { LoaderCircle, RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Turn } from "~/demo/use-chat-session.ts";
import { ReplyText } from "~/components/reply-text.tsx";
import { Button } from "~/components/ui/button.tsx";

const ASSISTANT_BUBBLE =
  "max-w-[85%] self-start rounded-2xl rounded-es-sm border border-slate-200 bg-slate-50 px-4 py-2 text-slate-900";

type ConversationLogProps = {
  greeting: string | null;
  turns: Turn[];
  sending: boolean;
  retry: (turn: Turn) => void;
};

export function ConversationLog({ greeting, turns, sending, retry }: ConversationLogProps) {
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
