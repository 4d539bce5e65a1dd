import type { Route } from "./+types/healthz";
import { databaseContext } from "~/context.ts";
import { pingDatabase } from "~/models/health.server.ts";
import { checkHealth } from "~/server/health.server.ts";
import { jsonAnswer, readOnlyRoute } from "~/server/json-api.server.ts";

/** What a query string or the dev server brings here; a plain GET is answered earlier (app/server/health.server.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const health = await checkHealth(() => pingDatabase(db));
  return jsonAnswer(health.body, { status: health.status });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
