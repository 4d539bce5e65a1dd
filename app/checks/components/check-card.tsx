import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert.tsx";
import { Badge, type BadgeTone } from "~/components/ui/badge.tsx";
import { Card } from "~/components/ui/card.tsx";
import { formatDateTime } from "~/lib/format.ts";
import type { CheckKind } from "../connection-result.ts";

/** One stored result, as the page gets it from its loader. */
export type CheckHistoryEntry = { id: number; success: boolean; durationMs: number; message: string; details: unknown; checkedAt: string };

/** Spec §4: connected, disconnected, testing, and anything else as a warning (here: never checked). */
export type CardStatus = "connected" | "disconnected" | "testing" | "unknown";

const TONE: Record<CardStatus, BadgeTone> = { connected: "success", disconnected: "danger", testing: "info", unknown: "warning" };

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

export function DetailsList({ details }: { details: unknown }) {
  if (!details || typeof details !== "object" || Object.keys(details).length === 0) return null;
  return (
    <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {Object.entries(details as Record<string, unknown>).map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="font-medium text-slate-600">{name}</dt>
          <dd dir="ltr" className="text-start break-words text-slate-900">
            {detailText(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

type CheckCardProps = { kind: CheckKind; history: readonly CheckHistoryEntry[]; testing: boolean; timeZone: string; historyLimit: number };

/** A connection's card: status, when it was last checked, the server's error, the details, and the history. */
export function CheckCard({ kind, history, testing, timeZone, historyLimit }: CheckCardProps) {
  const { t } = useTranslation("checks");
  const formatTime = useCheckTime(timeZone);
  const latest = history[0];
  const status: CardStatus = testing ? "testing" : !latest ? "unknown" : latest.success ? "connected" : "disconnected";
  const titleId = `check-${kind}-title`;
  return (
    <Card aria-labelledby={titleId} aria-busy={testing || undefined} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          {t(`kinds.${kind}`)}
        </h3>
        <StatusBadge status={status} />
      </div>
      <p className="text-sm text-slate-600">
        {t("card.lastChecked")}: {latest ? <time dateTime={latest.checkedAt}>{formatTime(latest.checkedAt)}</time> : t("card.never")}
        {latest ? <> · {t("card.duration", { ms: latest.durationMs })}</> : null}
      </p>
      {latest && !latest.success && latest.message ? <Alert tone="error" announce={false}>{latest.message}</Alert> : null}
      {latest ? (
        <details className="group">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">{t("card.details")}</summary>
          <div className="mt-2">
            <DetailsList details={latest.details} />
          </div>
        </details>
      ) : null}
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand-700">{t("card.history", { count: historyLimit })}</summary>
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
                {entry.message ? <span className="min-w-0 basis-full break-words text-slate-700">{entry.message}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </details>
    </Card>
  );
}
