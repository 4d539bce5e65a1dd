import { Activity, MessageSquare, MessagesSquare, RefreshCw, SearchX, Users } from "lucide-react";
import { RowIcon } from "~/components/ui/row-icon.tsx";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigation } from "react-router";
import type { Channel } from "#db/vocabulary.ts";
import { ChannelIcon } from "~/components/channel-icon.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { CopyButton } from "~/components/ui/copy-button.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { ResponsiveTable, type Column } from "~/components/ui/responsive-table.tsx";
import { StatCard } from "~/components/ui/stat-card.tsx";
import { formatCents, formatDateTime, formatNumber } from "~/lib/format.ts";
import { LiveIndicator, useLiveRevalidation } from "~/live/live-events.tsx";
import { ROW_ACTION_LABEL } from "../session-format.ts";
import { shortSessionId, type RatingFilter, type SessionPeriod } from "../session-query.ts";
import { RATING_FACES, type RatingScore } from "~/lib/rating-rules.ts";
import type { SessionList, SessionView } from "../session-types.ts";
import { ExportSessionButton } from "./export-session-button.tsx";
import { QuickViewDialog } from "./quick-view-dialog.tsx";
import { SessionFilters } from "./session-filters.tsx";

type MonitorClient = { id: number; businessName: string };

/**
 * The chat sessions monitor: its figures, filters and one page of sessions, newest activity first,
 * updated live. With `clients` it is the back-office's, over every client (the client picker, the
 * business column, quick view, export and a completed function's price); without, a business's own in
 * its portal, where the search's placeholder says what it matches and each row opens `detailPath`.
 */
export function SessionMonitor({
  title,
  subtitle,
  list,
  filters,
  searchProblem,
  timeZone,
  clients,
  searchPlaceholder,
  detailPath,
}: {
  title: string;
  subtitle: string;
  list: SessionList;
  filters: {
    clientId?: number | undefined;
    channel: Channel | undefined;
    period: SessionPeriod;
    rating: RatingFilter | undefined;
    search: string | undefined;
  };
  searchProblem: "tooLong" | "tooSlow" | undefined;
  timeZone: string;
  clients?: readonly MonitorClient[];
  searchPlaceholder?: string;
  detailPath: (sessionId: string) => string;
}) {
  const { t, i18n } = useTranslation("sessions");
  const language = i18n.language;
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const number = (value: number) => formatNumber(value, language);
  // A new conversation or message changes the list and its totals.
  useLiveRevalidation({ types: ["session", "message", "handoff"] });

  return (
    // On a phone the list comes first and the figures after it: four cards filled the first screen.
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={subtitle}
        actions={
          <>
            <LiveIndicator />
            <Button asChild variant="secondary">
              <Link to={`${location.pathname}${location.search}`} preventScrollReset>
                <RefreshCw className="h-4 w-4" aria-hidden="true" />
                {t("refresh")}
              </Link>
            </Button>
          </>
        }
      />

      <div className="grid grid-cols-2 gap-4 max-sm:order-last xl:grid-cols-4">
        <StatCard title={t("cards.totalSessions")} icon={MessagesSquare} value={number(list.totalSessions)} />
        <StatCard title={t("cards.activeSessions")} icon={Activity} value={number(list.activeSessions)} />
        <StatCard
          title={t("cards.averageMessages")}
          icon={MessageSquare}
          value={number(list.averageMessagesPerSession)}
        />
        <StatCard title={t("cards.totalMessages")} icon={Users} value={number(list.totalMessages)} />
      </div>

      <SessionFilters
        clients={clients}
        {...filters}
        searchProblem={searchProblem}
        searchPlaceholder={searchPlaceholder}
      />

      <section
        aria-labelledby="session-list-title"
        aria-busy={loading}
        className="rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4">
          <h2 id="session-list-title" className="text-lg font-semibold">
            {t("list.title")}
          </h2>
          <p className="text-sm text-slate-600" role="status">
            {loading
              ? t("list.loading")
              : list.totalSessions > 0
                ? t("list.showing", {
                    shown: number(list.sessions.length),
                    total: number(list.totalSessions),
                    page: number(list.currentPage),
                    pages: number(list.totalPages),
                  })
                : null}
          </p>
        </div>
        {list.sessions.length === 0 ? (
          <EmptyState
            icon={SearchX}
            title={
              filters.search && searchProblem === undefined
                ? t("list.emptySearch", { search: filters.search })
                : t("list.empty")
            }
          />
        ) : (
          <SessionTable
            sessions={list.sessions}
            timeZone={timeZone}
            everyClient={clients !== undefined}
            detailPath={detailPath}
          />
        )}
        <Pagination page={list.currentPage} pageCount={list.totalPages} className="border-t border-slate-200 p-4" />
      </section>
    </div>
  );
}

function SessionTable({
  sessions,
  timeZone,
  everyClient,
  detailPath,
}: {
  sessions: SessionView[];
  timeZone: string;
  everyClient: boolean;
  detailPath: (sessionId: string) => string;
}) {
  const { t, i18n } = useTranslation("sessions");
  const language = i18n.language;
  const time = (iso: string) => (
    <time dateTime={iso} className="block min-w-20">
      {formatDateTime(iso, language, timeZone)}
    </time>
  );
  const columns: (Column<SessionView> | false)[] = [
    {
      key: "session",
      header: t("columns.session"),
      cell: (session) => (
        <div className="flex flex-wrap items-center gap-1">
          {/* In the table the channel rides with the session, keeping the row within 1280 px; the cards name it on a row of its own. */}
          <span className="hidden lg:inline-flex">
            <ChannelIcon channel={session.channel} />
          </span>
          <code dir="ltr" title={session.sessionId} className="font-mono text-xs">
            {shortSessionId(session.sessionId)}
          </code>
          <CopyButton text={session.sessionId} variant="ghost" size="sm" className="h-7 px-2" />
        </div>
      ),
    },
    {
      key: "channelNamed",
      header: t("channels.label", { ns: "common" }),
      cell: (session) => <ChannelIcon channel={session.channel} withLabel />,
      only: "cards",
    },
    {
      key: "status",
      header: t("columns.status"),
      cell: (session) => (
        <div className="flex flex-col items-start gap-1">
          <Badge tone={session.isActive ? "success" : "neutral"}>
            {t(session.isActive ? "status.active" : "status.inactive")}
          </Badge>
          {session.completedFunction ? (
            <CompletedFunction completed={session.completedFunction} withPrice={everyClient} />
          ) : null}
          {session.rating === null ? null : (
            <span className="text-sm whitespace-nowrap">
              <span aria-hidden="true">{RATING_FACES[session.rating as RatingScore]} </span>
              {t("rating.value", { value: formatNumber(session.rating, language) })}
            </span>
          )}
        </div>
      ),
    },
    everyClient && {
      key: "business",
      header: t("columns.business"),
      // A name with a long unbroken word breaks inside it rather than push the row past the screen.
      cell: (session) => <bdi className="inline-block min-w-20 wrap-anywhere">{session.client.businessName}</bdi>,
      className: "font-medium",
    },
    {
      key: "messages",
      header: t("columns.messages"),
      cell: (session) => formatNumber(session.messageCount, language),
    },
    { key: "started", header: t("columns.started"), cell: (session) => time(session.startedAt) },
    { key: "lastActivity", header: t("columns.lastActivity"), cell: (session) => time(session.lastMessageAt) },
    {
      key: "ip",
      header: t("columns.ip"),
      cell: (session) => (
        // An IPv4 address stays whole; an IPv6 one breaks after as many characters.
        <span dir="ltr" className="inline-block min-w-[15ch] font-mono text-xs wrap-anywhere">
          {session.userIp ?? "—"}
        </span>
      ),
    },
    {
      key: "actions",
      header: t("columns.actions"),
      cell: (session) => (
        <div className="flex flex-wrap items-center gap-2 lg:flex-nowrap">
          {everyClient ? <QuickViewDialog session={session} timeZone={timeZone} compact /> : null}
          <Button asChild variant="secondary" size="sm">
            <Link to={detailPath(session.sessionId)} title={t("actions.details")} className="whitespace-nowrap">
              <RowIcon name="file-text" />
              <span className={ROW_ACTION_LABEL}>{t("actions.details")}</span>
            </Link>
          </Button>
          {everyClient ? (
            <ExportSessionButton clientId={session.clientId} sessionId={session.sessionId} compact />
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <ResponsiveTable
      label={t("list.title")}
      rows={sessions}
      rowKey={(session) => session.sessionId}
      columns={columns.filter((column) => column !== false)}
    />
  );
}

/** A completed function's badge: with its price in the back-office; a business sees no prices. */
function CompletedFunction({
  completed,
  withPrice,
}: {
  completed: NonNullable<SessionView["completedFunction"]>;
  withPrice: boolean;
}) {
  const { t, i18n } = useTranslation("sessions");
  const profit = formatCents(Math.round(completed.profitAmount * 100), i18n.language);
  return (
    <>
      <Badge tone="info" className="whitespace-normal!">
        {withPrice ? t("completed", { profit }) : t("completedNoPrice")}
      </Badge>
      <span className="text-xs text-slate-600">
        {[completed.clientName, completed.phone].filter(Boolean).map((part) => (
          <bdi key={part} className="block">
            {part}
          </bdi>
        ))}
      </span>
    </>
  );
}
