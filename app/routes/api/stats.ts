import type { Route } from "./+types/stats";
import { databaseContext, envContext } from "~/context.ts";
import { getDashboardStats, getPeriodBoundaries } from "~/models/stats.server.ts";
import { readOnlyRoute } from "~/server/method-not-allowed.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const stats = await getDashboardStats(db, await getPeriodBoundaries(db, context.get(envContext).TZ_DISPLAY));
  return Response.json(
    {
      activeClients: stats.activeClients.current,
      monthlyRevenue: stats.monthlyRevenueCents.current / 100,
      todayConversations: stats.todayConversations.current,
      articlesGenerated: stats.articlesGenerated.current,
      previous: {
        activeClients: stats.activeClients.previous,
        monthlyRevenue: stats.monthlyRevenueCents.previous / 100,
        todayConversations: stats.todayConversations.previous,
        articlesGenerated: stats.articlesGenerated.previous,
      },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
