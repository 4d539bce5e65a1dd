import { Bot, Headset, User } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/ui/badge.tsx";
import { ReplyDeliveryNote } from "~/sessions/components/reply-delivery.tsx";
import { ReplySources } from "~/sessions/components/reply-sources.tsx";
import { formatCents, formatDateTime, formatNumber } from "~/lib/format.ts";
import type { ExportedMessage, SessionSummary } from "../session-types.ts";
import { formatDuration } from "../session-format.ts";

const TYPE_TONES: Partial<Record<ExportedMessage["messageType"], BadgeTone>> = {
  conversation: "info",
  article: "success",
  solution: "success",
  contact_collected: "warning",
  payment_confirmed: "success",
};

export function MessageTypeBadge({ type }: { type: ExportedMessage["messageType"] }) {
  const { t } = useTranslation("sessions");
  return <Badge tone={TYPE_TONES[type] ?? "neutral"}>{t(`messageTypes.${type}`)}</Badge>;
}

/**
 * The messages of a session, oldest first: each with its type, time, cost when above zero, the
 * visitor's text and images, and Alex's reply, or (while a person held the session) the visitor's
 * message alone and the person's reply under their name. Both languages' texts keep their own direction.
 * A business's portal shows no costs (`showCost` false): what an answer costs the provider is not theirs.
 */
export function ConversationThread({
  messages,
  timeZone,
  showCost = true,
}: {
  messages: readonly ExportedMessage[];
  timeZone: string;
  showCost?: boolean;
}) {
  const { t, i18n } = useTranslation("sessions");
  return (
    <ol className="space-y-4">
      {messages.map((message) => (
        <li key={message.id} className="rounded-lg border border-slate-200 p-3">
          <div className="mb-2 flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <MessageTypeBadge type={message.messageType} />
            <time dateTime={message.timestamp}>{formatDateTime(message.timestamp, i18n.language, timeZone)}</time>
            {showCost && message.cost > 0 ? (
              <span className="font-medium text-slate-800">
                {t("thread.cost", { cost: formatCents(Math.round(message.cost * 100), i18n.language) })}
              </span>
            ) : null}
          </div>
          {message.role === "operator" ? null : (
            <div className="flex gap-2">
              <User className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="sr-only">{t("thread.visitor")}</p>
                <p dir="auto" className="break-words whitespace-pre-line text-slate-900">
                  {message.userMessage}
                </p>
                {message.images.length > 0 ? (
                  <ul aria-label={t("thread.images")} className="mt-2 flex flex-wrap gap-2">
                    {message.images.map((image) => (
                      <li key={image.id}>
                        <a href={image.url} target="_blank" rel="noreferrer" className="block">
                          <img
                            src={image.url}
                            alt={image.name}
                            loading="lazy"
                            className="h-24 w-24 rounded-md border border-slate-200 object-cover"
                          />
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </div>
          )}
          {message.role === "operator" ? (
            <div className="mt-2 flex gap-2 rounded-md bg-amber-50 p-2">
              <Headset className="mt-0.5 h-4 w-4 shrink-0 text-amber-800" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="text-xs font-medium text-amber-900">
                  {message.operatorName
                    ? t("roles.operator", { name: message.operatorName })
                    : t("roles.operatorUnknown")}
                </p>
                <p dir="auto" className="break-words whitespace-pre-line text-slate-900">
                  {message.aiResponse}
                </p>
                {message.delivery ? <ReplyDeliveryNote delivery={message.delivery} /> : null}
              </div>
            </div>
          ) : message.aiResponse ? (
            <div className="mt-2 flex gap-2 rounded-md bg-brand-50 p-2">
              <Bot className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="text-xs font-medium text-brand-800">{t("thread.ai")}</p>
                <p dir="auto" className="break-words whitespace-pre-line text-slate-900">
                  {message.aiResponse}
                </p>
                <ReplySources messageId={message.id} sources={message.sources} markedWrong={message.markedWrong} />
              </div>
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** A session's summary: duration, total messages, total cost (unless `showCost` is false), and the count of each type. */
export function SessionSummaryList({ summary, showCost = true }: { summary: SessionSummary; showCost?: boolean }) {
  const { t, i18n } = useTranslation("sessions");
  const language = i18n.language;
  return (
    <section aria-labelledby="session-summary-title" className="rounded-lg bg-slate-50 p-4">
      <h3 id="session-summary-title" className="mb-2 font-semibold">
        {t("summary.title")}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t("summary.duration")}</dt>
        <dd>{formatDuration(summary.duration, language)}</dd>
        <dt className="text-slate-600">{t("summary.totalMessages")}</dt>
        <dd>{formatNumber(summary.totalMessages, language)}</dd>
        {showCost ? (
          <>
            <dt className="text-slate-600">{t("summary.totalCost")}</dt>
            <dd>{formatCents(Math.round(summary.totalCost * 100), language)}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">{t("summary.byType")}</dt>
        <dd>
          <ul className="flex flex-wrap gap-1">
            {Object.entries(summary.messageTypes).map(([type, messages]) => (
              <li key={type}>
                <Badge>
                  {t(`messageTypes.${type}`)}: {formatNumber(messages, language)}
                </Badge>
              </li>
            ))}
          </ul>
        </dd>
      </dl>
    </section>
  );
}
