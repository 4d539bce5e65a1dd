import type { Route } from "./+types/completed-functions";
import { completedFunctionList } from "~/conversations/completed-functions.server.ts";
import { databaseContext } from "~/context.ts";
import { readOnlyRoute } from "~/server/method-not-allowed.server.ts";

/** Every completed function, newest first; operator-only (under the API guard). */
export async function loader({ context }: Route.LoaderArgs) {
  return Response.json(await completedFunctionList(context.get(databaseContext)), { headers: { "Cache-Control": "private, no-store" } });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
