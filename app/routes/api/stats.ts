import type { Route } from "./+types/stats";
import { monthlyRevenue } from "~/billing/billing.server.ts";
import { databaseContext, envContext } from "~/context.ts";
import { getDashboardStats, periodBoundaries } from "~/models/stats.server.ts";
import { jsonAnswer, readOnlyRoute } from "~/server/json-api.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const timeZone = context.get(envContext).TZ_DISPLAY;
  const periods = periodBoundaries(timeZone);
  const [stats, revenue] = await Promise.all([
    getDashboardStats(db, periods),
    monthlyRevenue(db, { timeZone, now: periods.now }),
  ]);
  return jsonAnswer({
    activeClients: stats.activeClients.current,
    monthlyRevenue: revenue.current / 100,
    todayConversations: stats.todayConversations.current,
    articlesGenerated: stats.articlesGenerated.current,
    previous: {
      activeClients: stats.activeClients.previous,
      monthlyRevenue: revenue.previous / 100,
      todayConversations: stats.todayConversations.previous,
      articlesGenerated: stats.articlesGenerated.previous,
    },
  });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
