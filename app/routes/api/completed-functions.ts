import type { Route } from "./+types/completed-functions";
import { clientsWithDetails, completedFunctionList } from "~/conversations/completed-functions.server.ts";
import { databaseContext } from "~/context.ts";
import { recordListAccess } from "~/privacy/access-log.server.ts";
import { jsonAnswer, readOnlyRoute } from "~/server/json-api.server.ts";

/** Every completed function, newest first; operator-only (under the API guard), logged per client whose visitors' details it carries. */
export async function loader({ context }: Route.LoaderArgs) {
  const list = await completedFunctionList(context.get(databaseContext));
  recordListAccess(context, "view_completed_functions", clientsWithDetails(list));
  return jsonAnswer(list);
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
