import { Activity, CheckCircle2, MessageSquare, UserPlus, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge.tsx";
import { Avatar, Skeleton } from "~/components/ui/card.tsx";
import { formatEventTime, formatNumber, isolate } from "~/lib/format.ts";
import type { ActivityEvent } from "~/models/stats.server.ts";

const ACTIVITY_ICONS: Record<ActivityEvent["kind"], LucideIcon> = {
  session: MessageSquare,
  function: CheckCircle2,
  client: UserPlus,
  status: Activity,
};

/** The latest sessions, completed functions, new clients and status changes. */
export function ActivityList({ events, now, timeZone }: { events: ActivityEvent[]; now: Date; timeZone: string }) {
  const { t, i18n } = useTranslation("admin");
  if (events.length === 0) return <p className="text-slate-500">{t("dashboard.noActivity")}</p>;
  const describe = (event: ActivityEvent) => {
    const client = isolate(event.businessName);
    switch (event.kind) {
      case "session":
        return t("activity.session", { client });
      case "function":
        return t("activity.function", { client, function: t(`functionTypes.${event.functionType}`) });
      case "client":
        return t("activity.client", { client });
      case "status":
        return t("activity.status", {
          client,
          from: t(`clientStatus.${event.from}`),
          to: t(`clientStatus.${event.to}`),
        });
    }
  };
  return (
    <ul className="divide-y divide-slate-100">
      {events.map((event, index) => {
        const Icon = ACTIVITY_ICONS[event.kind];
        return (
          <li key={`${event.kind}-${event.at.toISOString()}-${index}`} className="flex items-start gap-3 py-3">
            <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
            <p className="flex-1 text-sm text-slate-800">{describe(event)}</p>
            <time dateTime={event.at.toISOString()} className="shrink-0 text-xs text-slate-500">
              {formatEventTime(event.at, now, i18n.language, timeZone)}
            </time>
          </li>
        );
      })}
    </ul>
  );
}

/** The clients with the most messages lately. */
export function HighUsageList({
  total,
  highUsage,
}: {
  total: number;
  highUsage: { id: number; businessName: string; messages: number }[];
}) {
  const { t, i18n } = useTranslation("admin");
  if (total === 0) return <p className="text-slate-500">{t("dashboard.noClients")}</p>;
  if (highUsage.length === 0) return <p className="text-slate-500">{t("dashboard.noUsage")}</p>;
  return (
    <ul className="space-y-3">
      {highUsage.map((client) => (
        <li key={client.id} className="flex items-center gap-3">
          <Avatar initial={client.businessName.charAt(0).toUpperCase()} />
          <div className="min-w-0 flex-1">
            {/* An English name on a Hebrew page is cut at its own end ("Simcha Party Pl…"), not at its start. */}
            <p dir="auto" className="truncate text-start font-medium">
              {client.businessName}
            </p>
            <p className="text-sm text-slate-500">
              {t("dashboard.messagesInWindow", {
                count: client.messages,
                formatted: formatNumber(client.messages, i18n.language),
              })}
            </p>
          </div>
          <Badge tone="warning">{t("dashboard.highUsageBadge")}</Badge>
        </li>
      ))}
    </ul>
  );
}

export function ListSkeleton({ rows }: { rows: number }) {
  return (
    <div className="space-y-3">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-6 w-full" />
      ))}
    </div>
  );
}
