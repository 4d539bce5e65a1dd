import type { Route } from "./+types/admin-chat-sessions";
import { sessionListResponse } from "~/sessions/sessions-api.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

/** Every session of the filter (clientId, period, search), in the sessions API's shape, one page. */
export function loader({ url, context }: Route.LoaderArgs) {
  return sessionListResponse(url, context, { paged: false });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
