import type { Route } from "./+types/completed-functions-stats";
import { completedFunctionStats } from "~/conversations/completed-functions.server.ts";
import { databaseContext } from "~/context.ts";
import { readOnlyRoute } from "~/server/method-not-allowed.server.ts";

/** The completed functions' stats, in dollars; operator-only (under the API guard). */
export async function loader({ context }: Route.LoaderArgs) {
  return Response.json(await completedFunctionStats(context.get(databaseContext)), { headers: { "Cache-Control": "private, no-store" } });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
