import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert.tsx";
import { Badge, type BadgeTone } from "~/components/ui/badge.tsx";
import { Card } from "~/components/ui/card.tsx";
import { formatDateTime } from "~/lib/format.ts";
import type { CheckKind } from "../connection-result.ts";
import { explanationText, type Explanation, type StoredExplanation } from "../explanation.ts";

/** One stored result, as the page gets it from its loader: `message` is in its runner's language, `explanation` (newer rows) in any. */
export type CheckHistoryEntry = {
  id: number;
  success: boolean;
  durationMs: number;
  message: string;
  explanation: StoredExplanation;
  details: unknown;
  checkedAt: string;
};

/** An explanation in the reader's language. */
export function useExplanationText() {
  const { t } = useTranslation(["checks", "clients"]);
  return (explanation: Explanation) => explanationText(t, explanation);
}

/** A check's name as words ("Client record"), whatever identifier it runs under (`client_record`). */
export function useCheckName() {
  const { t } = useTranslation("checks");
  return (test: string) => t(`testNames.${test}`, { defaultValue: test });
}

/**
 * Why a check failed: a short explanation in the reader's language, and the raw error as the other
 * side gave it behind a toggle. A raw error is one long unbroken line (an OpenSSL error, a URL), so
 * both may break anywhere rather than widen the card and the page.
 */
export function CheckMessage({
  explanation,
  message,
  rawLabel,
}: {
  explanation: Explanation | undefined;
  message: string;
  /** The toggle's words when the other side is not a site ("What Telegram said"). */
  rawLabel?: string;
}) {
  const { t } = useTranslation("checks");
  const text = useExplanationText();
  return (
    <div className="min-w-0 space-y-1 wrap-anywhere">
      <p>{explanation ? text(explanation) : message}</p>
      {explanation?.raw ? (
        <details>
          <summary className="cursor-pointer text-xs font-medium underline">{rawLabel ?? t("card.rawError")}</summary>
          <code dir="ltr" className="mt-1 block text-start font-mono text-xs whitespace-pre-wrap wrap-anywhere">
            {explanation.raw}
          </code>
        </details>
      ) : null}
    </div>
  );
}

/** A card's states: connected, disconnected, testing, and anything else as a warning (here: never checked). */
export type CardStatus = "connected" | "disconnected" | "testing" | "unknown";

const TONE: Record<CardStatus, BadgeTone> = {
  connected: "success",
  disconnected: "danger",
  testing: "info",
  unknown: "warning",
};

export function StatusBadge({ status }: { status: CardStatus }) {
  const { t } = useTranslation("checks");
  return (
    <Badge tone={TONE[status]} className={status === "testing" ? "animate-pulse" : undefined}>
      {t(`status.${status}`)}
    </Badge>
  );
}

export function useCheckTime(timeZone: string) {
  const { i18n } = useTranslation();
  return (iso: string) => formatDateTime(iso, i18n.language, timeZone, { seconds: true });
}

/** A value of a check's details as one short line: nested objects as compact JSON. */
function detailText(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value.join(", ");
  return JSON.stringify(value);
}

/** The raw facts a check recorded, behind its Details toggle: names and values as the check wrote them, marked as code. */
export function DetailsList({ details }: { details: unknown }) {
  if (!details || typeof details !== "object" || Object.keys(details).length === 0) return null;
  return (
    <dl translate="no" className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {Object.entries(details as Record<string, unknown>).map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="font-medium wrap-anywhere text-slate-600">
            <code>{name}</code>
          </dt>
          <dd dir="ltr" className="text-start wrap-anywhere text-slate-900">
            {detailText(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

type CheckCardProps = {
  kind: CheckKind;
  history: readonly CheckHistoryEntry[];
  testing: boolean;
  timeZone: string;
  historyLimit: number;
};

/** A connection's card: status, when it was last checked, the server's error, the details, and the history. */
export function CheckCard({ kind, history, testing, timeZone, historyLimit }: CheckCardProps) {
  const { t } = useTranslation("checks");
  const formatTime = useCheckTime(timeZone);
  const text = useExplanationText();
  const latest = history[0];
  const status: CardStatus = testing ? "testing" : !latest ? "unknown" : latest.success ? "connected" : "disconnected";
  const titleId = `check-${kind}-title`;
  return (
    <Card aria-labelledby={titleId} aria-busy={testing || undefined} className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          {t(`kinds.${kind}`)}
        </h3>
        <StatusBadge status={status} />
      </div>
      <p className="text-sm text-slate-600">
        {t("card.lastChecked")}:{" "}
        {latest ? <time dateTime={latest.checkedAt}>{formatTime(latest.checkedAt)}</time> : t("card.never")}
        {latest ? <> · {t("card.duration", { ms: latest.durationMs })}</> : null}
      </p>
      {latest?.explanation.notice ? (
        <p className="text-sm wrap-anywhere text-slate-600">{text(latest.explanation.notice)}</p>
      ) : null}
      {latest && !latest.success && (latest.explanation.error || latest.message) ? (
        <Alert tone="error" announce={false}>
          <CheckMessage explanation={latest.explanation.error} message={latest.message} />
        </Alert>
      ) : null}
      {latest ? (
        <details className="group">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">{t("card.details")}</summary>
          <div className="mt-2">
            <DetailsList details={latest.details} />
          </div>
        </details>
      ) : null}
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand-700">
          {t("card.history", { count: historyLimit })}
        </summary>
        {history.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t("card.noHistory")}</p>
        ) : (
          <ol className="mt-2 divide-y divide-slate-100 text-sm">
            {history.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-1.5">
                <StatusBadge status={entry.success ? "connected" : "disconnected"} />
                <time dateTime={entry.checkedAt} className="text-slate-700">
                  {formatTime(entry.checkedAt)}
                </time>
                <span className="text-slate-500">{t("card.duration", { ms: entry.durationMs })}</span>
                {entry.explanation.error || entry.message ? (
                  <span className="min-w-0 basis-full wrap-anywhere text-slate-700">
                    {entry.explanation.error ? text(entry.explanation.error) : entry.message}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </details>
    </Card>
  );
}
