import { useTranslation } from "react-i18next";
import type { Route } from "./+types/chat-sessions";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { listClientsForPicker } from "~/models/client.server.ts";
import { recordListAccess } from "~/privacy/access-log.server.ts";
import { SessionMonitor } from "~/sessions/components/session-monitor.tsx";
import { sessionDetailPath } from "~/sessions/session-query.ts";
import { clientsWithContactDetails, loadMonitorList } from "~/sessions/sessions.server.ts";

export const handle = { i18n: ["sessions"] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const timeZone = context.get(envContext).TZ_DISPLAY;
  const [{ query, shownSearch, list, searchProblem }, clients] = await Promise.all([
    loadMonitorList(db, url.searchParams, timeZone),
    listClientsForPicker(db),
  ]);
  recordListAccess(context, "view_session_list", clientsWithContactDetails(list));
  return {
    title: getTranslator(context)("title", { ns: "sessions" }),
    timeZone,
    filters: {
      clientId: query.clientId,
      channel: query.channel,
      period: query.period,
      rating: query.rating,
      search: shownSearch,
    },
    searchProblem,
    clients: clients.map((client) => ({ id: client.id, businessName: client.businessName })),
    list,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Chat Sessions Monitor"} | Alex` },
];

export default function ChatSessions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("sessions");
  return (
    <SessionMonitor
      title={t("title")}
      subtitle={t("subtitle")}
      list={loaderData.list}
      filters={loaderData.filters}
      searchProblem={loaderData.searchProblem}
      timeZone={loaderData.timeZone}
      clients={loaderData.clients}
      detailPath={sessionDetailPath}
    />
  );
}
