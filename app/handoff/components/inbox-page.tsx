import { useEffect, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { LiveIndicator, useLiveRevalidation } from "~/live/live-events.tsx";
import type { InboxData } from "../inbox.server.ts";
import { InboxAlerts } from "./inbox-alerts.tsx";
import { InboxFilters } from "./inbox-filters.tsx";
import { InboxRows } from "./inbox-rows.tsx";

/** What changes a row: a message, a new conversation, a change of who answers. */
const INBOX_EVENTS = ["message", "session", "handoff"] as const;

/**
 * The inbox of the back-office (every client, `clients` to filter by) or of a business's portal: the
 * open conversations, waiting ones first, updated live; the count of waiting visitors leads the tab's
 * title, so it shows from another tab too.
 */
export function InboxPage({
  data,
  detailPath,
  showClient,
  children,
}: {
  data: InboxData;
  detailPath: (sessionId: string) => string;
  showClient: boolean;
  /** Below the rows: the portal owner's hand-over settings. */
  children?: ReactNode;
}) {
  const { t } = useTranslation("inbox");
  useLiveRevalidation({ types: INBOX_EVENTS });
  const { waiting, title } = data;
  useEffect(() => {
    document.title = waiting > 0 ? t("tabTitle", { count: waiting, title }) : t("tabTitleNone", { title });
  }, [waiting, title, t]);
  const waitingRows = useMemo(
    () =>
      data.rows
        .filter((row) => row.state === "waiting")
        .map((row) => ({ sessionId: row.sessionId, who: row.visitorName ?? t("visitor", { id: row.shortId }) })),
    [data.rows, t],
  );
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        description={
          <span role="status">{waiting > 0 ? t("waitingCount", { count: waiting }) : t("nobodyWaiting")}</span>
        }
        actions={
          <>
            <LiveIndicator />
            <InboxAlerts waiting={waitingRows} openPath={detailPath} />
          </>
        }
      />
      <InboxFilters filters={data.filters} clients={showClient ? data.clients : undefined} people={data.people} />
      <InboxRows rows={data.rows} serverNow={data.now} detailPath={detailPath} showClient={showClient} />
      {children}
    </div>
  );
}
