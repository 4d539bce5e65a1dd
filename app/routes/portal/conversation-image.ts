import type { Route } from "./+types/conversation-image";
import { portalClientContext } from "~/context.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";
import { sessionImageResponse } from "~/sessions/session-image.server.ts";

/** A visitor's uploaded image in one of the business's own conversations; another client's is a 404. */
export function loader({ params, context }: Route.LoaderArgs) {
  return sessionImageResponse(context, params, context.get(portalClientContext));
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
