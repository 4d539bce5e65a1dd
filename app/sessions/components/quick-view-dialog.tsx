import { RowIcon } from "~/components/ui/row-icon.tsx";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Alert } from "~/components/ui/alert.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog.tsx";
import { useCodeLabels } from "~/i18n/code-labels.ts";
import { formatDateTime } from "~/lib/format.ts";
import { sessionExportPath } from "../session-query.ts";
import { ROW_ACTION_LABEL } from "../session-format.ts";
import type { SessionExport, SessionView } from "../session-types.ts";
import { ConversationThread, SessionSummaryList } from "./conversation-thread.tsx";

/**
 * Quick View: 'Conversation Details' of one session in a dialog, read from the session export
 * when it opens: client, license key, times, IP, business type, the thread, the summary.
 */
export function QuickViewDialog({
  session,
  timeZone,
  compact = false,
}: {
  session: SessionView;
  timeZone: string;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation("sessions");
  const fetcher = useFetcher<SessionExport | { success: false; error: string }>();
  const loaded = fetcher.data?.success ? fetcher.data : undefined;
  const time = (iso: string) => formatDateTime(iso, i18n.language, timeZone);
  const labels = useCodeLabels();

  return (
    <Dialog
      onOpenChange={(open) => {
        if (open && fetcher.state === "idle" && !loaded)
          fetcher.load(sessionExportPath(session.clientId, session.sessionId));
      }}
    >
      <DialogTrigger asChild>
        <Button
          variant="secondary"
          size="sm"
          title={compact ? t("actions.quickView") : undefined}
          className="whitespace-nowrap"
        >
          <RowIcon name="eye" />
          <span className={compact ? ROW_ACTION_LABEL : undefined}>{t("actions.quickView")}</span>
        </Button>
      </DialogTrigger>
      <DialogContent title={t("quickView.title")} className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">{t("quickView.client")}</dt>
          <dd>
            <bdi>{session.client.businessName}</bdi>
          </dd>
          <dt className="text-slate-600">{t("quickView.licenseKey")}</dt>
          <dd className="break-all font-mono text-xs" dir="ltr" translate="no">
            {session.client.licenseKey}
          </dd>
          <dt className="text-slate-600">{t("quickView.started")}</dt>
          <dd>{time(session.startedAt)}</dd>
          <dt className="text-slate-600">{t("quickView.lastActivity")}</dt>
          <dd>{time(session.lastMessageAt)}</dd>
          <dt className="text-slate-600">{t("quickView.ipAddress")}</dt>
          <dd dir="ltr" className="rtl:text-end">
            {session.userIp ?? "—"}
          </dd>
          <dt className="text-slate-600">{t("quickView.businessType")}</dt>
          <dd>
            <bdi>{labels.businessType(session.client.businessType)}</bdi>
          </dd>
        </dl>
        {loaded ? (
          <div className="space-y-4">
            <SessionSummaryList summary={loaded.summary} />
            <h3 className="font-semibold">{t("quickView.thread")}</h3>
            {loaded.session.messages.length === 0 ? (
              <p className="text-sm text-slate-600">{t("quickView.noMessages")}</p>
            ) : (
              <ConversationThread messages={loaded.session.messages} timeZone={timeZone} />
            )}
          </div>
        ) : fetcher.data ? (
          <Alert tone="error">{t("quickView.failed")}</Alert>
        ) : (
          <p role="status" className="text-sm text-slate-600">
            {t("quickView.loading")}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
