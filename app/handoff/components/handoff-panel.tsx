import { useForm, type SubmissionResult } from "@conform-to/react";
import { Hand, Undo2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { FormErrors } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { MESSAGE_MAX_LENGTH } from "~/conversations/chat-contract.ts";
import { formatDateTime } from "~/lib/format.ts";
import type { HandoffAction } from "#db/vocabulary.ts";
import type { ReplyTools } from "~/saved-replies/saved-reply-match.ts";
import { ReplyBox, type LastReply } from "./reply-box.tsx";

type HandoffView = {
  holder: { name: string; isMe: boolean } | null;
  trail: { id: number; operatorName: string; byName: string | null; action: HandoffAction; createdAt: string }[];
  timeoutMinutes: number;
  channel: "web" | "whatsapp" | "telegram";
  lastReply: LastReply | null;
  replyTools: ReplyTools | null;
};

/**
 * Who answers the session and the buttons to change it: take over (while Alex answers), hand back
 * and the reply box (while I hold it); someone else's hold is named. Below, the hand-over trail.
 * The reply box is brought into view, focused, when the operator takes the conversation over: it is
 * what they type in next.
 */
export function HandoffPanel({
  handoff,
  lastResult,
  timeZone,
}: {
  handoff: HandoffView;
  lastResult: SubmissionResult<string[]> | undefined;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation("sessions");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form] = useForm({ id: "handoff-take-over", lastResult });
  const { holder } = handoff;
  const replyBox = useRef<HTMLTextAreaElement>(null);
  const sentIntent = useRef<string | null>(null);
  const intent = navigation.formData?.get("intent");
  useEffect(() => {
    if (navigation.state !== "idle") {
      if (typeof intent === "string") sentIntent.current = intent;
      return;
    }
    const finished = sentIntent.current;
    sentIntent.current = null;
    // A refused post answers with its errors (lastResult); a done one redirects, leaving none.
    if (lastResult || finished !== "take-over") return;
    requestAnimationFrame(() => replyBox.current?.focus());
  }, [navigation.state, intent, lastResult]);
  return (
    <TitledCard id="handoff-title" title={t("handoff.title")}>
      <FormMessages ns="sessions" values={{ max: MESSAGE_MAX_LENGTH }}>
        <div className="space-y-4">
          <p role="status">
            {holder === null
              ? t("handoff.alexAnswers")
              : holder.isMe
                ? t("handoff.heldByYou")
                : t("handoff.heldByOther", { name: holder.name })}
          </p>
          {holder?.isMe ? (
            <>
              <ReplyBox
                ref={replyBox}
                lastResult={lastResult}
                tools={handoff.replyTools}
                lastReply={handoff.lastReply}
                channel={handoff.channel}
                timeZone={timeZone}
              />
              <Form method="post" preventScrollReset>
                <Button type="submit" name="intent" value="hand-back" variant="secondary" disabled={busy}>
                  <Undo2 className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
                  {t("handoff.handBack")}
                </Button>
              </Form>
            </>
          ) : (
            <Form method="post" preventScrollReset>
              <FormErrors form={form} />
              <Button type="submit" name="intent" value="take-over" disabled={busy || holder !== null}>
                <Hand className="h-4 w-4" aria-hidden="true" />
                {t("handoff.takeOver")}
              </Button>
            </Form>
          )}
          {handoff.trail.length > 0 ? (
            <section aria-labelledby="handoff-audit-title">
              <h3 id="handoff-audit-title" className="mb-1 text-sm font-semibold">
                {t("handoff.audit")}
              </h3>
              <ol className="space-y-1 text-sm text-slate-700">
                {handoff.trail.map((row) => (
                  <li key={row.id}>
                    <time dateTime={row.createdAt} className="text-slate-500">
                      {formatDateTime(row.createdAt, i18n.language, timeZone)}
                    </time>{" "}
                    {t(`handoff.actions.${row.action}`, {
                      name: row.operatorName,
                      by: row.byName ?? "",
                      minutes: handoff.timeoutMinutes,
                    })}
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
        </div>
      </FormMessages>
    </TitledCard>
  );
}
