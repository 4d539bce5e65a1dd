import clsx from "clsx";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ChannelIcon } from "~/components/channel-icon.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { formatNumber } from "~/lib/format.ts";
import type { InboxData } from "../inbox.server.ts";
import { ConversationStateBadge } from "./conversation-state.tsx";

type Row = InboxData["rows"][number];

/** The clock the waits are counted on: the server's when it read them, then the browser's, each half minute. */
function useNow(serverNow: string) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(new Date(serverNow).getTime(), tick);
}

/** "3 min", "1 h 5 min", in the page's language. */
function useWait() {
  const { t, i18n } = useTranslation("inbox");
  return (since: string, now: number) => {
    const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
    const hours = Math.floor(minutes / 60);
    const rest = formatNumber(minutes % 60, i18n.language);
    return hours > 0
      ? t("wait.hours", { hours: formatNumber(hours, i18n.language), minutes: rest })
      : t("wait.minutes", { minutes: rest });
  };
}

/**
 * The conversations as a list of links, each to its page: who answers, the channel, the business
 * (the back-office's), the visitor, the last message, how long they wait and what is unread.
 */
export function InboxRows({
  rows,
  serverNow,
  detailPath,
  showClient,
}: {
  rows: InboxData["rows"];
  serverNow: string;
  detailPath: (sessionId: string) => string;
  showClient: boolean;
}) {
  const { t } = useTranslation("inbox");
  const now = useNow(serverNow);
  if (rows.length === 0)
    return <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">{t("empty")}</p>;
  return (
    <ul
      aria-label={t("listLabel")}
      className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      {rows.map((row) => (
        <li key={row.sessionId}>
          <InboxRow row={row} now={now} detailPath={detailPath} showClient={showClient} />
        </li>
      ))}
    </ul>
  );
}

function InboxRow({
  row,
  now,
  detailPath,
  showClient,
}: {
  row: Row;
  now: number;
  detailPath: (sessionId: string) => string;
  showClient: boolean;
}) {
  const { t, i18n } = useTranslation("inbox");
  const wait = useWait();
  const who = row.visitorName ?? t("visitor", { id: row.shortId });
  return (
    <Link
      to={detailPath(row.sessionId)}
      data-state={row.state}
      className={clsx(
        "block px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600",
        row.state === "waiting" && "border-s-4 border-amber-400",
      )}
    >
      <span className="flex flex-wrap items-center gap-2">
        <ConversationStateBadge state={row.state} holder={row.holder} />
        <ChannelIcon channel={row.channel} withLabel className="text-sm" />
        {showClient ? (
          <span className="text-sm font-medium text-slate-700">
            <bdi>{row.businessName}</bdi>
          </span>
        ) : null}
        {row.unread > 0 ? (
          <Badge tone="danger" className="ms-auto">
            {t("unread", { count: row.unread, formatted: formatNumber(row.unread, i18n.language) })}
          </Badge>
        ) : null}
      </span>
      <span className="mt-1 flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold text-slate-900">
          <bdi>{who}</bdi>
        </span>
        {row.state === "waiting" && row.waitingSince ? (
          <span className="text-sm font-medium text-amber-800">
            {t("waiting", { wait: wait(row.waitingSince, now) })}
          </span>
        ) : (
          <span className="text-sm text-slate-600">{t("lastActive", { wait: wait(row.lastMessageAt, now) })}</span>
        )}
      </span>
      {row.lastMessage ? (
        <span dir="auto" className="mt-1 block truncate text-sm text-slate-700">
          {row.lastMessage}
        </span>
      ) : null}
    </Link>
  );
}
