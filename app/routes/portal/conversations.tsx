import { useTranslation } from "react-i18next";
import type { Route } from "./+types/conversations";
import { databaseContext, envContext, portalClientContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { portalConversationPath } from "~/sessions/portal-conversation-paths.ts";
import { recordListAccess } from "~/privacy/access-log.server.ts";
import { SessionMonitor } from "~/sessions/components/session-monitor.tsx";
import { clientsWithContactDetails, loadMonitorList } from "~/sessions/sessions.server.ts";

export const handle = { i18n: ["portal-conversations", "sessions"] };

/** The business's own conversations from every channel, newest activity first: the monitor, of this client only. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const clientId = context.get(portalClientContext);
  const timeZone = context.get(envContext).TZ_DISPLAY;
  const { query, shownSearch, list, searchProblem } = await loadMonitorList(
    context.get(databaseContext),
    url.searchParams,
    timeZone,
    clientId,
  );
  recordListAccess(context, "view_session_list", clientsWithContactDetails(list));
  return {
    title: getTranslator(context)("title", { ns: "portal-conversations" }),
    timeZone,
    filters: { channel: query.channel, period: query.period, rating: query.rating, search: shownSearch },
    searchProblem,
    // A completed function's price is the provider's: the portal shows no prices, so it never leaves the server.
    list: {
      ...list,
      sessions: list.sessions.map((session) => ({
        ...session,
        completedFunction: session.completedFunction && { ...session.completedFunction, profitAmount: 0 },
      })),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Conversations"} | Alex` },
];

export default function PortalConversations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("portal-conversations");
  return (
    <SessionMonitor
      title={t("title")}
      subtitle={t("subtitle")}
      list={loaderData.list}
      filters={loaderData.filters}
      searchProblem={loaderData.searchProblem}
      timeZone={loaderData.timeZone}
      searchPlaceholder={t("searchPlaceholder")}
      detailPath={portalConversationPath}
    />
  );
}
