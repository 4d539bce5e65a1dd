import { MessageSquare } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Channel } from "#db/vocabulary.ts";
import { ChannelIcon } from "~/components/channel-icon.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { formatEventTime } from "~/lib/format.ts";
import type { ClientPageData } from "../client-page.server.ts";

/** A long session id is shown cut at 20 characters. */
const SESSION_ID_SHOWN = 20;

/** The client page's Chat Sessions tab: the latest sessions, each linked to its detail. */
export function ClientSessions({
  data: { timeZone, now },
  sessions,
}: {
  data: ClientPageData;
  sessions: {
    publicId: string;
    channel: Channel;
    messageCount: number;
    startedAt: Date;
    lastMessageAt: Date;
    isActive: boolean;
  }[];
}) {
  const { t, i18n } = useTranslation("clients");
  const time = (date: Date) => formatEventTime(new Date(date), new Date(now), i18n.language, timeZone);
  return (
    <TitledCard id="client-sessions-title" title={t("detail.sessions.title")}>
      {sessions.length === 0 ? (
        <EmptyState icon={MessageSquare} title={t("detail.sessions.empty")} />
      ) : (
        <ul className="divide-y divide-slate-100">
          {sessions.map((session) => (
            <li key={session.publicId} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <ChannelIcon channel={session.channel} />
                <Link
                  to={`/admin/session/${session.publicId}`}
                  className="font-mono text-sm text-brand-700 hover:underline"
                  dir="ltr"
                  translate="no"
                  title={session.publicId}
                >
                  {session.publicId.length > SESSION_ID_SHOWN
                    ? `${session.publicId.slice(0, SESSION_ID_SHOWN)}…`
                    : session.publicId}
                </Link>
                <ClientSessionBadge active={session.isActive} />
              </span>
              <span className="flex flex-wrap gap-x-4 text-sm text-slate-600">
                <span>{t("detail.sessions.messages", { count: session.messageCount })}</span>
                <span>{t("detail.sessions.started", { time: time(session.startedAt) })}</span>
                <span>{t("detail.sessions.lastActivity", { time: time(session.lastMessageAt) })}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}

function ClientSessionBadge({ active }: { active: boolean }) {
  const { t } = useTranslation("clients");
  return (
    <span
      className={
        active
          ? "rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800"
          : "rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
      }
    >
      {active ? t("detail.sessions.active") : t("detail.sessions.completed")}
    </span>
  );
}
