import { Flag } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import type { ReplySourceView } from "~/sessions/session-types.ts";

/**
 * Under one of Alex's replies: what it was built from, each linking to the FAQ, the business
 * information or the page it came from; and, where the page offers it, "Mark as wrong", which makes
 * the visitor's question a knowledge gap with this reply attached.
 */
export function ReplySources({
  messageId,
  sources,
  markedWrong,
}: {
  messageId: number;
  sources: readonly ReplySourceView[] | undefined;
  markedWrong: boolean | undefined;
}) {
  const { t } = useTranslation("gaps");
  const navigation = useNavigation();
  const marking =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "mark-wrong" &&
    navigation.formData.get("messageId") === String(messageId);
  if (!sources?.length && markedWrong === undefined) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs">
      {sources?.length ? (
        <div className="flex min-w-0 flex-wrap items-center gap-1">
          <span className="text-slate-600">{t("sources.title")}</span>
          <ul className="flex min-w-0 flex-wrap gap-1">
            {sources.map((source, index) => {
              const label = t(`sources.${source.kind}`, { topic: source.label, name: source.label });
              return (
                <li key={`${source.kind}-${index}`} className="min-w-0">
                  {source.href ? (
                    <a
                      href={source.href}
                      {...(source.href.startsWith("/") ? {} : { target: "_blank", rel: "noreferrer" })}
                      className="break-words text-brand-700 underline"
                      dir="auto"
                    >
                      {label}
                    </a>
                  ) : (
                    <span dir="auto" className="break-words text-slate-700">
                      {label}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {markedWrong ? (
        <Badge tone="danger">{t("markedWrong")}</Badge>
      ) : markedWrong === false ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="mark-wrong" />
          <input type="hidden" name="messageId" value={messageId} />
          <Button type="submit" variant="ghost" size="sm" disabled={marking}>
            <Flag className="h-4 w-4" aria-hidden="true" />
            {t("markWrong")}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
