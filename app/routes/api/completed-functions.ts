import type { Route } from "./+types/completed-functions";
import { completedFunctionList } from "~/conversations/completed-functions.server.ts";
import { databaseContext } from "~/context.ts";
import { jsonAnswer, readOnlyRoute } from "~/server/json-api.server.ts";

/** Every completed function, newest first; operator-only (under the API guard). */
export async function loader({ context }: Route.LoaderArgs) {
  return jsonAnswer(await completedFunctionList(context.get(databaseContext)));
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
