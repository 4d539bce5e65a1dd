import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, type ComponentProps, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TitledCard } from "~/components/ui/card.tsx";
import { formatNumber } from "~/lib/format.ts";
import { ConversationThread } from "~/sessions/components/conversation-thread.tsx";
import type { ExportedMessage } from "~/sessions/session-types.ts";
import { ConversationActions, type ConversationWork } from "./conversation-actions.tsx";
import { HandoffPanel } from "./handoff-panel.tsx";

/**
 * A session's conversation, then (beside it from lg up) who answers and the reply box: a person who
 * holds the session reads the last messages right above what they type. The back-office's session
 * page and a business's conversation page (`showCost` false there) are the same here.
 */
export function ConversationWorkspace({
  messages,
  totalMessages,
  timeZone,
  handoff,
  lastResult,
  showCost = true,
}: {
  messages: readonly ExportedMessage[];
  /** All the session's messages: more than shown says the page shows the first ones only. */
  totalMessages: number;
  timeZone: string;
  handoff: ComponentProps<typeof HandoffPanel>["handoff"] & Omit<ConversationWork, "holder">;
  lastResult: SubmissionResult<string[]> | undefined;
  showCost?: boolean;
}) {
  const { t, i18n } = useTranslation("sessions");
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(20rem,26rem)] lg:items-start">
      <TitledCard id="conversation-history-title" title={t("detail.history")}>
        {messages.length === 0 ? (
          <p className="text-slate-600">{t("quickView.noMessages")}</p>
        ) : (
          <ConversationScroll messages={messages} label={t("detail.thread")}>
            <ConversationThread messages={messages} timeZone={timeZone} showCost={showCost} />
          </ConversationScroll>
        )}
        {totalMessages > messages.length ? (
          <p className="mt-4 text-sm text-slate-600">
            {t("quickView.truncated", {
              shown: formatNumber(messages.length, i18n.language),
              total: formatNumber(totalMessages, i18n.language),
            })}
          </p>
        ) : null}
      </TitledCard>
      <div className="space-y-6 lg:sticky lg:top-4">
        <HandoffPanel handoff={handoff} lastResult={lastResult} timeZone={timeZone} />
        <ConversationActions work={handoff} timeZone={timeZone} />
      </div>
    </div>
  );
}

/**
 * The thread in a box of its own height, kept scrolled to its newest message (on arrival too), so the
 * reply box below or beside it stays on the first screen however long the conversation. New messages
 * arrive live: a screen reader hears each one added, without losing its place.
 */
function ConversationScroll({
  messages,
  label,
  children,
}: {
  messages: readonly { id: number }[];
  label: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [newest]);
  return (
    // The thread scrolls: keyboard users focus it to scroll it (axe: scrollable-region-focusable).
    <div
      ref={box}
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="max-h-[40vh] overflow-y-auto overscroll-contain rounded-md focus-visible:outline-2 focus-visible:outline-brand-600 lg:max-h-[65vh]"
    >
      <div aria-live="polite" aria-relevant="additions">
        {children}
      </div>
    </div>
  );
}
