import type { Route } from "./+types/admin-sessions";
import { sessionListResponse } from "~/sessions/sessions-api.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

/** The monitor's sessions, filtered and paged (clientId, period, search, page, limit). */
export function loader({ url, context }: Route.LoaderArgs) {
  return sessionListResponse(url, context, { paged: true });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
