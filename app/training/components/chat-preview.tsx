import { useTranslation } from "react-i18next";
import { useActionData, useFetcher } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { TextField } from "~/components/ui/form-fields.tsx";

type PreviewData = { intent: string; reply: { question: string; answer: string } | null };

/** Ask the client's Alex a question and see its answer: the real assistant, on the saved training; nothing is stored. */
export function ChatPreview({ clientId }: { clientId: number | null }) {
  const { t } = useTranslation("client-config");
  const fetcher = useFetcher<PreviewData>();
  const actionData = useActionData<PreviewData>();
  const reply = fetcher.data?.reply ?? (actionData?.intent === "preview" ? actionData.reply : null);
  const asking = fetcher.state !== "idle";
  return (
    <TitledCard id="chat-preview-title" title={t("training.previewTitle")} description={t("training.previewIntro")} className="space-y-4">
      <div aria-live="polite" className="min-h-24 space-y-3 rounded-lg bg-slate-50 p-3 text-sm">
        {asking ? <p className="text-slate-500">{t("training.thinking")}</p> : null}
        {reply && !asking ? (
          <>
            <p className="ms-auto w-fit max-w-[85%] rounded-2xl bg-brand-600 px-3 py-2 text-white">{reply.question}</p>
            <p className="w-fit max-w-[85%] rounded-2xl bg-white px-3 py-2 whitespace-pre-line text-slate-800 shadow-sm">{reply.answer}</p>
          </>
        ) : null}
        {!reply && !asking ? <p className="text-slate-500">{clientId ? t("training.previewEmpty") : t("errors.chooseClient")}</p> : null}
      </div>
      <fetcher.Form method="post" className="flex items-end gap-2">
        <input type="hidden" name="clientId" value={clientId ?? ""} />
        <TextField id="preview-message" name="message" label={t("training.previewMessage")} maxLength={500} required className="flex-1" disabled={!clientId} />
        <Button type="submit" name="intent" value="preview" disabled={!clientId || asking}>
          {t("training.send")}
        </Button>
      </fetcher.Form>
    </TitledCard>
  );
}
