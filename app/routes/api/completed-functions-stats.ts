import type { Route } from "./+types/completed-functions-stats";
import { completedFunctionStats } from "~/conversations/completed-functions.server.ts";
import { databaseContext } from "~/context.ts";
import { jsonAnswer, readOnlyRoute } from "~/server/json-api.server.ts";

/** The completed functions' stats, in dollars; operator-only (under the API guard). */
export async function loader({ context }: Route.LoaderArgs) {
  return jsonAnswer(await completedFunctionStats(context.get(databaseContext)));
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
